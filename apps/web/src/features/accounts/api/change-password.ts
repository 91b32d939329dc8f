import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const endpoint = { method: 'PUT', path: '/user-password/:id', response: z.null() } as const;

/** PUT /api/user-password/{id}: 400 CURRENT_PASSWORD_INCORRECT; ends the account's other sessions, not this one. */
export async function changePassword(
  id: string,
  body: { currentPassword: string; newPassword: string; rePassword: string },
): Promise<void> {
  await apiRequest(endpoint, { params: { id }, body });
}
