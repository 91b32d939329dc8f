import { LoginResultSchema, type LoginResult } from '@rhc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

const endpoint = { method: 'POST', path: '/login', response: LoginResultSchema } as const;

/**
 * POST /api/login. The server sets the HttpOnly session cookies; the access token in the answer is for
 * other clients and is not kept. A 401 here is the answer ("10401"), not an expired session.
 */
export function postLogin(credentials: { phone: string; password: string }): Promise<LoginResult> {
  return apiRequest(endpoint, { body: credentials, session: false });
}
