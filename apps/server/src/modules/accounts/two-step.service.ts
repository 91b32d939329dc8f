import { randomInt, timingSafeEqual } from 'node:crypto';
import type { OtpSent, RecoveryCodes, SecondStepBody, TwoStepChallenge, TwoStepState } from '@rhc/contracts';
import {
  formatRecoveryCode,
  normalizeRecoveryCode,
  OTP_MAX_ATTEMPTS,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  TRUSTED_DEVICE_MS,
  TRUSTED_DEVICES_MAX,
  TWO_STEP_TICKET_MS,
  type StepUpChannel,
} from '@rhc/domain';
import type { Db } from '../../db/client.ts';
import { createAuditLog, type AuditLog } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { randomToken, sha256 } from '../../platform/security/secrets.ts';
import type { OtpService, VerificationRow } from './otp.service.ts';
import { maskedChannelsOf, sendAccountCode } from './step-up.service.ts';
import { createTwoStepRepository, type TwoStepTicketRow } from './two-step.repository.ts';
import { createUsersRepository, type UserRow } from './users.repository.ts';

/** A recovery code's stored hash: bound to its account, so one table's hashes say nothing about another account's. */
function recoveryHash(userId: string, code: string): string {
  return sha256(`recovery:${userId}:${code}`);
}

/** RECOVERY_CODE_COUNT new codes from the CSPRNG, as stored (no dash). */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join(''),
  );
}

/** The stored code a hash matches, compared with every one in constant time (no early exit, no length leak). */
function matching(hash: string, stored: readonly { id: string; codeHash: string }[]): string | undefined {
  const typed = Buffer.from(hash, 'hex');
  let found: string | undefined;
  for (const row of stored) {
    const candidate = Buffer.from(row.codeHash, 'hex');
    if (candidate.length === typed.length && timingSafeEqual(candidate, typed) && found === undefined) found = row.id;
  }
  return found;
}

/** A device the second step trusted: the token for its cookie, and until when. */
export interface TrustedDevice {
  token: string;
  expiresAt: Date;
}

/**
 * Optional two-step login with recovery codes (issue 53, decision 054). The login (accounts.service) asks `challenge`
 * once the password was right: nothing for an account without it or a trusted device, else a ticket; `finish` checks
 * the second step and answers whose login it was, for the login to open the session as it always does.
 */
export function createTwoStepService(deps: { db: Db; otp: OtpService; audit: AuditLog }) {
  const repository = createTwoStepRepository(deps.db);
  const users = createUsersRepository(deps.db);

  async function livingAccount(userId: string): Promise<UserRow> {
    const user = await users.findById(userId);
    if (!user || user.deletedAt) throw AppError.notFound();
    return user;
  }

  /** The ticket named by a second-step call, still open; anything else is TWO_STEP_TICKET_EXPIRED. */
  async function openTicket(ticket: string, now: Date): Promise<{ row: TwoStepTicketRow; user: UserRow }> {
    const row = await repository.openTicketByHash(sha256(ticket), now);
    const user = row && (await users.findById(row.userId));
    if (!row || !user || user.deletedAt || !(await repository.isEnabled(user.id))) throw new AppError(400, 'TWO_STEP_TICKET_EXPIRED');
    return { row, user };
  }

  /** Replaces the account's recovery codes in `tx`; answers them as shown (xxxxx-xxxxx). */
  async function replaceCodes(tx: Db, userId: string, now: Date): Promise<RecoveryCodes> {
    const codes = newRecoveryCodes();
    await createTwoStepRepository(tx).replaceRecoveryCodes(
      userId,
      codes.map((code) => recoveryHash(userId, code)),
      now,
    );
    return { recoveryCodes: codes.map(formatRecoveryCode) };
  }

  function record(step: string, outcome: 'success' | 'failure', userId: string, meta: RequestMeta, details: Record<string, unknown> = {}) {
    return deps.audit.record({ action: 'two-step', outcome, actorUserId: userId, ip: meta.ip, details: { step, ...details } }, meta.now);
  }

  /** A right recovery code of the account, used up; false when it matches none unused. */
  async function useRecoveryCode(userId: string, typed: string, now: Date): Promise<boolean> {
    const code = normalizeRecoveryCode(typed);
    const stored = await repository.unusedRecoveryCodes(userId);
    const id = matching(recoveryHash(userId, code ?? ''), stored);
    return code !== undefined && id !== undefined && (await repository.useRecoveryCode(id, now));
  }

  /** A right code sent for this ticket, used up; a wrong one answers the tries left (the code's own lock-outs apply). */
  async function useLoginCode(ticket: TwoStepTicketRow, code: string, now: Date): Promise<{ right: boolean; attemptsLeft: number }> {
    if (!ticket.verificationId) throw new AppError(400, 'TWO_STEP_CODE_NOT_SENT');
    const forThisLogin = (row: VerificationRow) => row.purpose === 'login' && row.userId === ticket.userId;
    const check = await deps.otp.verify(ticket.verificationId, code, now, forThisLogin);
    if (!check.isValid) return { right: false, attemptsLeft: check.attemptsLeft };
    await deps.otp.consume(deps.db, ticket.verificationId, 'login', forThisLogin, now);
    return { right: true, attemptsLeft: check.attemptsLeft };
  }

  return {
    /** GET /two-step/{userId}. */
    async state(actor: Actor, now: Date): Promise<TwoStepState> {
      await livingAccount(actor.userId);
      const enabled = await repository.isEnabled(actor.userId);
      if (!enabled) return { enabled, recoveryCodesLeft: 0, trustedDevices: 0 };
      return { enabled, ...(await repository.counts(actor.userId, now)) };
    },

    /** POST /two-step/{userId}: on, with RECOVERY_CODE_COUNT recovery codes shown this once (already on: 409). */
    async enable(actor: Actor, meta: RequestMeta): Promise<RecoveryCodes> {
      await livingAccount(actor.userId);
      const codes = await deps.db.transaction(async (tx) => {
        if (!(await createTwoStepRepository(tx).enable(actor.userId, meta.now))) throw AppError.conflict('TWO_STEP_ALREADY_ON');
        const made = await replaceCodes(tx, actor.userId, meta.now);
        await createAuditLog(tx).record(
          { action: 'two-step', outcome: 'success', actorUserId: actor.userId, ip: meta.ip, details: { step: 'enabled' } },
          meta.now,
        );
        return made;
      });
      return codes;
    },

    /** DELETE /two-step/{userId}: off; its recovery codes, trusted devices and open tickets are forgotten. */
    async disable(actor: Actor, meta: RequestMeta): Promise<void> {
      await livingAccount(actor.userId);
      if (!(await repository.isEnabled(actor.userId))) throw AppError.conflict('TWO_STEP_OFF');
      await deps.db.transaction(async (tx) => {
        await createTwoStepRepository(tx).forgetAll(actor.userId);
        await createAuditLog(tx).record(
          { action: 'two-step', outcome: 'success', actorUserId: actor.userId, ip: meta.ip, details: { step: 'disabled' } },
          meta.now,
        );
      });
    },

    /** POST /two-step/{userId}/recovery-codes: new codes, every old one void. */
    async newRecoveryCodes(actor: Actor, meta: RequestMeta): Promise<RecoveryCodes> {
      await livingAccount(actor.userId);
      if (!(await repository.isEnabled(actor.userId))) throw AppError.conflict('TWO_STEP_OFF');
      return deps.db.transaction(async (tx) => {
        const made = await replaceCodes(tx, actor.userId, meta.now);
        await createAuditLog(tx).record(
          { action: 'two-step', outcome: 'success', actorUserId: actor.userId, ip: meta.ip, details: { step: 'recovery-codes' } },
          meta.now,
        );
        return made;
      });
    },

    /**
     * Called by the login once the password was right: nothing when the account has two-step off or this device is
     * trusted (its cookie's token), else a new ticket for the second step, with where a code can go (masked).
     */
    async challenge(user: UserRow, deviceToken: string | undefined, meta: RequestMeta): Promise<TwoStepChallenge | undefined> {
      if (!(await repository.isEnabled(user.id))) return undefined;
      if (deviceToken && (await repository.isTrusted(user.id, sha256(deviceToken), meta.now))) return undefined;
      const ticket = randomToken();
      const expiresAt = new Date(meta.now.getTime() + TWO_STEP_TICKET_MS);
      await repository.openTicket({ userId: user.id, ticketHash: sha256(ticket), createdAt: meta.now, expiresAt });
      await record('asked', 'success', user.id, meta);
      return { twoStep: { ticket, channels: maskedChannelsOf(user), expiresAt: expiresAt.toISOString() } };
    },

    /** POST /login/second-step/code: a code for this ticket's login, under the limits and lock-outs of every code. */
    async sendLoginCode(ticket: string, channel: StepUpChannel, meta: RequestMeta): Promise<OtpSent> {
      const { row, user } = await openTicket(ticket, meta.now);
      const sent = await sendAccountCode(deps.otp, user, channel, { purpose: 'login' }, meta);
      await repository.setTicketCode(row.id, sent.verificationId);
      await record('send', 'success', user.id, meta, { channel });
      return sent;
    },

    /**
     * POST /login/second-step: the code sent for the ticket or an unused recovery code; the ticket is used up and, when
     * asked, this device trusted. Answers whose login it is (the login opens the session). A wrong code or recovery code
     * is 400 TWO_STEP_CODE_WRONG with the tries left; past OTP_MAX_ATTEMPTS, 429 OTP_LOCKED.
     */
    async finish(body: SecondStepBody, meta: RequestMeta): Promise<{ user: UserRow; device?: TrustedDevice }> {
      const { row, user } = await openTicket(body.ticket, meta.now);
      const method = body.recoveryCode !== undefined ? 'recovery-code' : 'code';
      let attemptsLeft = 0;
      let right = false;
      if (body.recoveryCode !== undefined) {
        if (row.attempts >= OTP_MAX_ATTEMPTS) throw new AppError(429, 'OTP_LOCKED');
        right = await useRecoveryCode(user.id, body.recoveryCode, meta.now);
        if (!right) {
          const used = await repository.countTicketFailure(row.id, OTP_MAX_ATTEMPTS);
          if (used === undefined) throw new AppError(429, 'OTP_LOCKED');
          attemptsLeft = OTP_MAX_ATTEMPTS - used;
        }
      } else if (body.code !== undefined) {
        ({ right, attemptsLeft } = await useLoginCode(row, body.code, meta.now));
      }
      if (!right) {
        await record('second-step', 'failure', user.id, meta, { method });
        throw new AppError(400, 'TWO_STEP_CODE_WRONG', { attemptsLeft });
      }
      if (!(await repository.useTicket(row, meta.now))) throw new AppError(400, 'TWO_STEP_TICKET_EXPIRED');
      let device: TrustedDevice | undefined;
      if (body.trustDevice) {
        device = { token: randomToken(), expiresAt: new Date(meta.now.getTime() + TRUSTED_DEVICE_MS) };
        await repository.trust(user.id, sha256(device.token), meta.now, device.expiresAt, TRUSTED_DEVICES_MAX);
      }
      await record('second-step', 'success', user.id, meta, { method, trustDevice: !!device });
      return { user, ...(device ? { device } : {}) };
    },

    /** The account's erasure (decision 052): its two-step row, recovery codes, trusted devices and tickets, in `tx`. */
    async forgetAll(tx: Db, userId: string): Promise<void> {
      await createTwoStepRepository(tx).forgetAll(userId);
    },
  };
}
export type TwoStepService = ReturnType<typeof createTwoStepService>;
