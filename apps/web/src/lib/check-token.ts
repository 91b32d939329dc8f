import { CheckTokenResultSchema } from '@rhc/contracts';
import { apiRequest } from './api-client.ts';

/** POST /api/checktoken/{userId}: the refresh token travels in its HttpOnly cookie, so no body is sent. */
const checkTokenEndpoint = { method: 'POST', path: '/checktoken/:userId', response: CheckTokenResultSchema } as const;

/** Exchanges the refresh cookie for new session cookies; false when the session cannot be renewed. */
export async function postCheckToken(userId: string): Promise<boolean> {
  try {
    const answer = await apiRequest(checkTokenEndpoint, { params: { userId }, session: false, showServerErrorScreen: false });
    return answer.status === 200;
  } catch {
    return false;
  }
}
