import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const endpoint = { method: 'PUT', path: '/user-reset-password', response: z.null() } as const;

/** PUT /api/user-reset-password with a verified reset code; ends every session of the account. */
export async function resetPassword(body: { verificationId: string; newPassword: string; rePassword: string }): Promise<void> {
  await apiRequest(endpoint, { body });
}
