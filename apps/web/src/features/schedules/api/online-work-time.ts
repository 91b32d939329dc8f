import type { WorkTimeBody } from '@rhc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

// The page refetches everything after a change, so the answer's body is not read.
const endpoint = { method: 'POST', path: '/user-time-doctor-online', response: z.unknown() } as const;

/** POST /api/user-time-doctor-online: registers an online work time. */
export async function createOnlineWorkTime(body: WorkTimeBody): Promise<void> {
  await apiRequest(endpoint, { body });
}
