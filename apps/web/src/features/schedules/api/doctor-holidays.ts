import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

// The page refetches everything after a change, so the answers' bodies are not read.
const create = { method: 'POST', path: '/doctor-holidays', response: z.unknown() } as const;
const remove = { method: 'DELETE', path: '/doctor-holidays/:id', response: z.unknown() } as const;

/** POST /api/doctor-holidays: adds days off from startDate to endDate (YYYY-MM-DD, both included). */
export async function createHoliday(body: { startDate: string; endDate: string }): Promise<void> {
  await apiRequest(create, { body });
}

/** DELETE /api/doctor-holidays/{id}: removes days off. */
export async function deleteHoliday(id: string): Promise<void> {
  await apiRequest(remove, { params: { id } });
}
