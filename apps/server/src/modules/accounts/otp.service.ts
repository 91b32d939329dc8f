import { randomUUID } from 'node:crypto';
import {
  OTP_FAILED_CHECKS_PER_HOUR,
  OTP_MAX_ATTEMPTS,
  OTP_SENDS_PER_DAY,
  OTP_SENDS_PER_HOUR,
  OTP_SENDS_PER_IP_PER_HOUR,
  OTP_SENDS_TOTAL_PER_HOUR,
  OTP_TTL_MS,
} from '@rhc/domain';
import type { OtpSent, OtpUse } from '@rhc/contracts';
import type { Language } from '@rhc/i18n';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { translatorFor } from '../../platform/i18n/request-language.ts';
import type { MailSender, SmsSender } from '../../platform/messaging/messaging.ts';
import { foldedSms } from '../../platform/messaging/person-messages.ts';
import { createRateLimiter, ipKey, type Limit } from '../../platform/security/rate-limit.ts';
import { generateOtpCode, hashOtp } from '../../platform/security/secrets.ts';
import { createOtpRepository, type VerificationRow } from './otp.repository.ts';

/** A verified code must be used (sign-up, reset) within this time, or the person verifies again. */
const VERIFIED_USE_WINDOW_MS = 30 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The answer for each send limit, narrowest first (R6). */
const SEND_REFUSALS = {
  day: 'OTP_TOO_MANY_TODAY',
  hour: 'OTP_TOO_MANY_HOUR',
  ip: 'OTP_TOO_MANY_FROM_NETWORK',
  total: 'OTP_SERVICE_BUSY',
} as const;

export interface OtpRequest {
  purpose: OtpUse;
  channel: 'sms' | 'email';
  destination: string;
  phone: string | null;
  userId: string | null;
  /** False when no account matches a reset request: the answer looks the same, but nothing is sent (R6). */
  deliver: boolean;
  language: Language;
  /** The requester's address, for the per-IP cap. */
  ip: string;
  /** The session a step-up code proves (decision 051); none for every other use. */
  sessionId?: string;
}

export type { VerificationRow };

/** The limits of one send: per destination (already normalised: one handset is one bucket), per IP, in total. */
function sendLimits(request: OtpRequest): (Limit & { refusal: (typeof SEND_REFUSALS)[keyof typeof SEND_REFUSALS] })[] {
  const destination = `otp:send:${request.channel}:${request.destination}`;
  return [
    { bucket: `${destination}:day`, limit: OTP_SENDS_PER_DAY, windowMs: DAY_MS, refusal: SEND_REFUSALS.day },
    { bucket: `${destination}:hour`, limit: OTP_SENDS_PER_HOUR, windowMs: HOUR_MS, refusal: SEND_REFUSALS.hour },
    { bucket: `otp:send:ip:${ipKey(request.ip)}`, limit: OTP_SENDS_PER_IP_PER_HOUR, windowMs: HOUR_MS, refusal: SEND_REFUSALS.ip },
    { bucket: 'otp:send:total', limit: OTP_SENDS_TOTAL_PER_HOUR, windowMs: HOUR_MS, refusal: SEND_REFUSALS.total },
  ];
}

/** Failed checks are counted per account when the code names one, else per phone, else per destination (R6). */
function failedCheckLimit(row: VerificationRow): Limit {
  const owner = row.userId ? `user:${row.userId}` : row.phone ? `phone:${row.phone}` : `to:${row.destination}`;
  return { bucket: `otp:failed:${owner}`, limit: OTP_FAILED_CHECKS_PER_HOUR, windowMs: HOUR_MS };
}

export function createOtpService(deps: { db: Db; sms: SmsSender; mail: MailSender }) {
  const verifications = createOtpRepository(deps.db);
  const limiter = createRateLimiter(deps.db);
  return {
    async send(request: OtpRequest, now: Date): Promise<OtpSent> {
      // Counting and checking is one atomic step per limit, so concurrent sends cannot all pass a cap together.
      const limits = sendLimits(request);
      const admission = await limiter.take(limits, now);
      if (!admission.admitted) {
        const refused = limits.find((limit) => limit.bucket === admission.refusedBy.bucket);
        throw new AppError(429, refused?.refusal ?? SEND_REFUSALS.total);
      }

      const id = randomUUID();
      const code = generateOtpCode();
      const expiresAt = new Date(now.getTime() + OTP_TTL_MS);
      await verifications.insert({
        id,
        purpose: request.purpose,
        channel: request.channel,
        destination: request.destination,
        phone: request.phone,
        userId: request.userId,
        sessionId: request.sessionId ?? null,
        codeHash: hashOtp(id, code),
        expiresAt,
        createdAt: now,
      });
      if (request.deliver) {
        const t = translatorFor(request.language);
        const params = { code, minutes: OTP_TTL_MS / 60_000 };
        try {
          // Every SMS follows one rule (sms-text.ts): Vietnamese without its diacritics, one GSM part.
          if (request.channel === 'sms')
            await deps.sms.send({ to: request.destination, text: foldedSms(request.language, t('messages:otp.sms', params)) });
          else
            await deps.mail.send({
              to: request.destination,
              subject: t('messages:otp.emailSubject'),
              text: t('messages:otp.emailBody', params),
            });
        } catch (error) {
          // The code was never delivered: it must not count against the person's limits nor stay usable.
          await verifications.delete(id);
          await limiter.release(limits, now);
          throw new AppError(502, 'DELIVERY_FAILED', {}, undefined, error);
        }
      }
      return { verificationId: id, expiresAt: expiresAt.toISOString() };
    },

    /**
     * Checks a code (only one `accepts` allows, when given). A wrong one uses up a try (conditional update, so parallel guesses cannot exceed the limit);
     * after OTP_MAX_ATTEMPTS the verification is dead even for the right code. A right one marks it verified, once.
     */
    async verify(
      verificationId: string,
      code: string,
      now: Date,
      accepts: (row: VerificationRow) => boolean = () => true,
    ): Promise<{ isValid: boolean; attemptsLeft: number }> {
      const row = await verifications.findById(verificationId);
      // A code checked for one use (`accepts`: the caller's own phone) that was sent for another looks like none.
      if (!row || row.verifiedAt || row.consumedAt || row.expiresAt <= now || !accepts(row)) throw new AppError(400, 'OTP_EXPIRED');
      if (row.attempts >= OTP_MAX_ATTEMPTS) throw new AppError(429, 'OTP_LOCKED');
      // R6: at most OTP_FAILED_CHECKS_PER_HOUR failed checks per account across all its codes. The check is taken
      // before the code is compared (atomically), and given back when the code was right.
      const accountLimit = [failedCheckLimit(row)];
      if (!(await limiter.take(accountLimit, now)).admitted) throw new AppError(429, 'OTP_TOO_MANY_FAILURES');
      const right = hashOtp(row.id, code) === row.codeHash;
      if (right) {
        await limiter.release(accountLimit, now);
        const attempts = await verifications.markVerified(row.id, OTP_MAX_ATTEMPTS, now);
        if (attempts === undefined) throw new AppError(400, 'OTP_EXPIRED');
        return { isValid: true, attemptsLeft: OTP_MAX_ATTEMPTS - attempts };
      }
      const attempts = await verifications.countFailedAttempt(row.id, OTP_MAX_ATTEMPTS);
      if (attempts === undefined) {
        await limiter.release(accountLimit, now);
        throw new AppError(429, 'OTP_LOCKED');
      }
      return { isValid: false, attemptsLeft: OTP_MAX_ATTEMPTS - attempts };
    },

    /** The newest code sent for a step-up of this session that can still be checked (decision 051), if any. */
    async pendingStepUp(sessionId: string, now: Date): Promise<VerificationRow | undefined> {
      return verifications.findNewestPending(sessionId, 'step-up', now);
    },

    /**
     * Whether a verification could be consumed now for this purpose and request, without consuming it: lets a
     * caller refuse before costly work (hashing a password) and consume later in its own transaction.
     */
    async usable(verificationId: string, purpose: OtpUse, accepts: (row: VerificationRow) => boolean, now: Date): Promise<boolean> {
      const row = await verifications.findVerifiedUnconsumed(verificationId, purpose, new Date(now.getTime() - VERIFIED_USE_WINDOW_MS));
      return !!row && accepts(row);
    },

    /**
     * Uses up a verified verification inside the caller's transaction; `accepts` says whether it vouches for
     * this request (the right phone or account). Anything else is OTP_NOT_VERIFIED.
     */
    async consume(
      tx: Db,
      verificationId: string,
      purpose: OtpUse,
      accepts: (row: VerificationRow) => boolean,
      now: Date,
    ): Promise<VerificationRow> {
      const inTransaction = createOtpRepository(tx);
      const row = await inTransaction.findVerifiedUnconsumed(verificationId, purpose, new Date(now.getTime() - VERIFIED_USE_WINDOW_MS));
      if (!row || !accepts(row)) throw new AppError(400, 'OTP_NOT_VERIFIED');
      if (!(await inTransaction.markConsumed(verificationId, now))) throw new AppError(400, 'OTP_NOT_VERIFIED');
      return row;
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;
