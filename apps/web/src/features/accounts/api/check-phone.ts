import { ExistsSchema, MatchSchema } from '@rhc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

const phoneExists = { method: 'GET', path: '/user-phone/:phone', response: ExistsSchema } as const;
const emailExists = { method: 'GET', path: '/check-email-exists/:email', response: ExistsSchema } as const;
const emailPhoneMatch = { method: 'GET', path: '/check-email-phone-match', response: MatchSchema } as const;

/** GET /api/user-phone/{phone}: whether an account has this phone. */
export async function isPhoneRegistered(phone: string): Promise<boolean> {
  return (await apiRequest(phoneExists, { params: { phone } })).exists;
}

/** GET /api/check-email-exists/{email}: whether an account has this e-mail. */
export async function isEmailRegistered(email: string): Promise<boolean> {
  return (await apiRequest(emailExists, { params: { email } })).exists;
}

/** GET /api/check-email-phone-match: whether one account has both; false on any error (spec §8). */
export async function doEmailAndPhoneMatch(email: string, phone: string): Promise<boolean> {
  try {
    return (await apiRequest(emailPhoneMatch, { query: { email, phone }, showServerErrorScreen: false })).match;
  } catch {
    return false;
  }
}
