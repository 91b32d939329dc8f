import type { WorkTimeBody } from '@rhc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

// The page refetches everything after a change, so the answers' bodies are not read.
const put = { method: 'PUT', path: '/user-time-doctor/:id', response: z.unknown() } as const;
const remove = { method: 'DELETE', path: '/user-time-doctor/:id', response: z.unknown() } as const;

/** PUT /api/user-time-doctor/{id}: changes a work time (the server refuses one that has already begun). */
export async function updateWorkTime(id: string, body: WorkTimeBody): Promise<void> {
  await apiRequest(put, { params: { id }, body });
}

/** DELETE /api/user-time-doctor/{id}: removes a work time and its repetitions; bookings already made stay. */
export async function deleteWorkTime(id: string): Promise<void> {
  await apiRequest(remove, { params: { id } });
}
