import { accountsEndpoints } from '@rhc/contracts';
import { apiRequest } from './api-client.ts';

/**
 * POST /api/checktoken/{userId}: exchanges the refresh cookie for new session cookies (the token travels in its HttpOnly
 * cookie, so no body is sent); false when the session cannot be renewed.
 */
export async function postCheckToken(userId: string): Promise<boolean> {
  try {
    const answer = await apiRequest(accountsEndpoints.refresh, { params: { userId }, session: false, showServerErrorScreen: false });
    return answer.status === 200;
  } catch {
    return false;
  }
}
