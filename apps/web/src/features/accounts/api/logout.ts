import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const endpoint = { method: 'POST', path: '/logout-page', response: z.null() } as const;

/** POST /api/logout-page: ends this session on the server and clears its cookies. */
export async function postLogout(): Promise<void> {
  // A failure is the caller's to ignore (spec §8: logout failure behaves like success), never the 500 screen.
  await apiRequest(endpoint, { showServerErrorScreen: false });
}
