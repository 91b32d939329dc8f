import { UserInfoSchema, type SignupBody, type UserInfo } from '@rhc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

const endpoint = { method: 'POST', path: '/signup', response: UserInfoSchema } as const;

/** POST /api/signup with a verified code: 409 PHONE_TAKEN / EMAIL_TAKEN, 400 OTP_NOT_VERIFIED. */
export function postSignup(body: SignupBody): Promise<UserInfo> {
  return apiRequest(endpoint, { body });
}
