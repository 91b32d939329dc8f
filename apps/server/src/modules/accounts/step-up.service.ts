import type { OtpSent, StepUpDestination } from '@rhc/contracts';
import { isStepUpFresh, maskedEmail, maskedPhone, type StepUpChannel } from '@rhc/domain';
import type { Db } from '../../db/client.ts';
import type { AuditLog } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import type { OtpService, VerificationRow } from './otp.service.ts';
import type { SessionService } from './sessions.service.ts';
import { createUsersRepository, type UserRow } from './users.repository.ts';

/**
 * Where a step-up code may go for this account: its phone once an SMS code proved it (decision 048: no SMS to an
 * unverified phone), and its e-mail when it has one (an address without "@" is a placeholder). The e-mail is trusted as
 * far as a password reset already trusts it: a reset code by e-mail takes the whole account (decision 051).
 */
function destinationsOf(user: UserRow): { channel: StepUpChannel; to: string }[] {
  return [
    ...(user.phoneVerifiedAt ? [{ channel: 'sms' as const, to: user.phone }] : []),
    ...(user.email.includes('@') ? [{ channel: 'email' as const, to: user.email }] : []),
  ];
}

function masked(destination: { channel: StepUpChannel; to: string }): StepUpDestination {
  return { channel: destination.channel, to: destination.channel === 'sms' ? maskedPhone(destination.to) : maskedEmail(destination.to) };
}

/** The account's destinations as a refusal (403 STEP_UP_REQUIRED) and a login's second step (decision 054) name them. */
export function maskedChannelsOf(user: UserRow): StepUpDestination[] {
  return destinationsOf(user).map(masked);
}

/**
 * Sends a code to the account's own destination on `channel` (409 STEP_UP_CHANNEL_UNAVAILABLE when it has none), under the
 * limits and lock-outs of every code: a step-up's, tied to its session, and a login's second step (decision 054).
 */
export function sendAccountCode(
  otp: OtpService,
  user: UserRow,
  channel: StepUpChannel,
  use: { purpose: 'step-up'; sessionId: string } | { purpose: 'login' },
  meta: RequestMeta,
): Promise<OtpSent> {
  const destination = destinationsOf(user).find((candidate) => candidate.channel === channel);
  if (!destination) throw AppError.conflict('STEP_UP_CHANNEL_UNAVAILABLE');
  return otp.send(
    {
      ...use,
      channel,
      destination: destination.to,
      phone: channel === 'sms' ? user.phone : null,
      userId: user.id,
      deliver: true,
      language: meta.language,
      ip: meta.ip,
    },
    meta.now,
  );
}

/**
 * Step-up verification (issue 53, decision 051): a session proves itself again with a code before the actions that hand
 * someone the account or a person's data. Whether it has is on the Actor (read with the session, no query of its own);
 * only a refusal reads the account, to name where a code can go.
 */
export function createStepUpService(deps: { db: Db; otp: OtpService; sessions: SessionService; audit: AuditLog }) {
  const users = createUsersRepository(deps.db);

  async function account(actor: Actor): Promise<UserRow> {
    const user = await users.findById(actor.userId);
    if (!user || user.deletedAt) throw AppError.notFound();
    return user;
  }

  return {
    /**
     * The one check of every step-up action: the entries marked `stepUp` (route()) and the calls whose need depends on
     * what they change (their service calls it). Passes when this session verified a code within STEP_UP_WINDOW_MS, else
     * 403 STEP_UP_REQUIRED with the masked channels a code can go by.
     */
    async require(actor: Actor, now: Date): Promise<void> {
      if (isStepUpFresh(actor.provedAt, now)) return;
      const user = await account(actor);
      throw new AppError(403, 'STEP_UP_REQUIRED', {}, undefined, undefined, { channels: maskedChannelsOf(user) });
    },

    /** POST /step-up/code: a code to the account's own phone or e-mail, under the limits of every code send. */
    async sendCode(actor: Actor, channel: StepUpChannel, meta: RequestMeta): Promise<OtpSent> {
      const user = await account(actor);
      const sent = await sendAccountCode(deps.otp, user, channel, { purpose: 'step-up', sessionId: actor.sessionId }, meta);
      await deps.audit.record(
        { action: 'step-up', outcome: 'success', actorUserId: user.id, ip: meta.ip, details: { step: 'send', channel } },
        meta.now,
      );
      return sent;
    },

    /**
     * POST /step-up/verify: checks the code against the newest one sent for this session (tries, lock-out and the
     * account's failed-check cap as every code); a right one is used up and proves the session from now.
     */
    async verify(actor: Actor, code: string, meta: RequestMeta): Promise<{ isValid: boolean; attemptsLeft: number }> {
      const pending = await deps.otp.pendingStepUp(actor.sessionId, meta.now);
      if (!pending) throw new AppError(400, 'OTP_EXPIRED');
      const forThisSession = (row: VerificationRow) =>
        row.purpose === 'step-up' && row.sessionId === actor.sessionId && row.userId === actor.userId;
      const check = await deps.otp.verify(pending.id, code, meta.now, forThisSession);
      if (!check.isValid) {
        await deps.audit.record(
          { action: 'step-up', outcome: 'failure', actorUserId: actor.userId, ip: meta.ip, details: { step: 'verify' } },
          meta.now,
        );
        return check;
      }
      await deps.otp.consume(deps.db, pending.id, 'step-up', forThisSession, meta.now);
      await deps.sessions.prove(actor.sessionId, meta.now);
      await deps.audit.record(
        { action: 'step-up', outcome: 'success', actorUserId: actor.userId, ip: meta.ip, details: { step: 'verified' } },
        meta.now,
      );
      return check;
    },
  };
}
export type StepUpService = ReturnType<typeof createStepUpService>;
