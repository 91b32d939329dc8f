import { PASSWORD_CHANGE_FAILURES_PER_HOUR } from '@rhc/domain';
import type { AuditLog } from '../../platform/audit/audit-log.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import type { Limit, RateLimiter } from '../../platform/security/rate-limit.ts';
import { verifyPassword } from '../../platform/security/secrets.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Checks the current password a signed-in person types to confirm a change (a new password, deleting the account). A
 * stolen session must not become a password oracle: tries are counted atomically per account, shared by every such
 * check (R6); 429 PASSWORD_TRIES_EXCEEDED past the limit, 400 CURRENT_PASSWORD_INCORRECT for a wrong one, each audited
 * under `action`. A right one gives its try back.
 */
export async function checkCurrentPassword(
  deps: { limiter: RateLimiter; audit: AuditLog },
  account: { userId: string; passwordHash: string },
  password: string,
  action: 'password.change' | 'account.delete',
  meta: RequestMeta,
): Promise<void> {
  const tries: Limit[] = [{ bucket: `password-change:${account.userId}`, limit: PASSWORD_CHANGE_FAILURES_PER_HOUR, windowMs: HOUR_MS }];
  const failure = (details?: Record<string, string>) =>
    deps.audit.record({ action, outcome: 'failure', actorUserId: account.userId, ip: meta.ip, ...(details ? { details } : {}) }, meta.now);
  if (!(await deps.limiter.take(tries, meta.now)).admitted) {
    await failure({ reason: 'PASSWORD_TRIES_EXCEEDED' });
    throw new AppError(429, 'PASSWORD_TRIES_EXCEEDED');
  }
  if (!(await verifyPassword(password, account.passwordHash))) {
    await failure();
    throw new AppError(400, 'CURRENT_PASSWORD_INCORRECT');
  }
  await deps.limiter.release(tries, meta.now);
}
