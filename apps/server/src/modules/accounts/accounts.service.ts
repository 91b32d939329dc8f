import {
  avatarUrl,
  type LoggedIn,
  type LoginResult,
  type NotificationPreferences,
  type NotificationPreferencesBody,
  type OtpSent,
  type SecondStepBody,
  type SignupBody,
  type UpdateUserBody,
  type UserInfo,
  type UserProfile,
} from '@rhc/contracts';
import {
  ACCOUNT_LOOKUPS_PER_IP_PER_HOUR,
  AVATAR_UPLOADS_PER_HOUR,
  DOCTOR_JOB_ID,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ACCOUNT_AND_IP,
  LOGIN_FAILURES_PER_IP,
  LOGIN_WINDOW_MS,
  normalizeVietnamesePhone,
  type JobId,
} from '@rhc/domain';
import type { Language } from '@rhc/i18n';
import type { Db } from '../../db/client.ts';
import { isViolation, UNIQUE_VIOLATION } from '../../db/errors.ts';
import type { AuditLog } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ipKey, type Limit, type RateLimiter } from '../../platform/security/rate-limit.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../platform/security/secrets.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { checkCurrentPassword } from './current-password.ts';
import type { OtpService, VerificationRow } from './otp.service.ts';
import type { IssuedTokens, SessionService } from './sessions.service.ts';
import type { TrustedDevice, TwoStepService } from './two-step.service.ts';
import { createUsersRepository, type DoctorFields, type DoctorRow, type UserRow } from './users.repository.ts';

export interface AccountsDeps {
  db: Db;
  otp: OtpService;
  sessions: SessionService;
  audit: AuditLog;
  limiter: RateLimiter;
  storage: FileStorage;
  /** scrypt's N for new password hashes (default PASSWORD_HASH_COST; only tests lower it). */
  passwordHashCost?: number;
  /** Cancels the account's pending deletion on a successful login (decision 052); answers whether one was pending. */
  cancelDeletion?: (userId: string, meta: RequestMeta) => Promise<boolean>;
  /** Optional two-step login (decision 054): asked after a right password, and checking its second step. */
  twoStep: Pick<TwoStepService, 'challenge' | 'finish'>;
}

const HOUR_MS = 60 * 60 * 1000;

/** The account's notification choices as the wire shows them (an address without "@" cannot receive e-mail). */
function preferencesOf(user: UserRow): NotificationPreferences {
  return {
    sms: user.notifySms,
    email: user.notifyEmail,
    language: user.language as Language,
    emailAvailable: user.email.includes('@'),
  };
}

export function createAccountsService(deps: AccountsDeps) {
  const users = createUsersRepository(deps.db);

  /**
   * The caller's own account; a deleted one is "not found". That a path's id is the caller's is declared on the endpoint
   * and checked before the service is called (issue 48).
   */
  async function ownAccount(actor: Actor): Promise<UserRow> {
    const user = await users.findById(actor.userId);
    if (!user || user.deletedAt) throw AppError.notFound();
    return user;
  }

  /** Counts a look-up against its IP address's hourly cap (R6). */
  async function admitLookup(meta: RequestMeta): Promise<void> {
    const limit: Limit[] = [{ bucket: `lookup:ip:${ipKey(meta.ip)}`, limit: ACCOUNT_LOOKUPS_PER_IP_PER_HOUR, windowMs: HOUR_MS }];
    if (!(await deps.limiter.take(limit, meta.now)).admitted) throw new AppError(429, 'LOOKUP_TOO_MANY');
  }

  /**
   * Opens the session of a login whose proof is complete (the password, and the second step when asked): its tokens,
   * its audit row and the cancellation of a pending deletion (decision 052).
   */
  async function openSession(user: UserRow, meta: RequestMeta): Promise<{ result: LoggedIn; tokens: IssuedTokens }> {
    const tokens = await deps.sessions.create(user.id, meta.now);
    await deps.audit.record({ action: 'login', outcome: 'success', actorUserId: user.id, ip: meta.ip }, meta.now);
    // Logging in during the grace period keeps the account (decision 052): the answer says so, for the web's notice.
    const deletionCancelled = (await deps.cancelDeletion?.(user.id, meta)) === true;
    return {
      result: {
        accessToken: tokens.accessToken,
        expiresAt: tokens.accessExpiresAt.toISOString(),
        user: userInfo(user),
        ...(deletionCancelled ? { deletionCancelled: true as const } : {}),
      },
      tokens,
    };
  }

  return {
    async signup(body: SignupBody, meta: RequestMeta): Promise<UserInfo> {
      // Spec §1: the person verifies by a code sent by SMS or by e-mail (decision 048). An SMS code to this very phone
      // vouches for the phone; an e-mail code to this very e-mail proves only the e-mail, so the account starts with its
      // phone unverified (and gets no SMS until it is proven): an e-mail code never vouches for a phone (decision 014).
      const vouches = (row: VerificationRow) =>
        phoneProvenBy(row, body.phone) || (row.channel === 'email' && row.destination === body.email);
      // The code is checked before the (deliberately costly) password hash, so an unverified request costs nothing.
      if (!(await deps.otp.usable(body.verificationId, 'signup', vouches, meta.now))) throw new AppError(400, 'OTP_NOT_VERIFIED');
      const passwordHash = await hashPassword(body.password, deps.passwordHashCost);
      const doctor = body.jobId === DOCTOR_JOB_ID && body.doctor ? doctorFields(body.doctor) : undefined;
      try {
        const user = await deps.db.transaction(async (tx) => {
          const code = await deps.otp.consume(tx, body.verificationId, 'signup', vouches, meta.now);
          return createUsersRepository(tx).insert(
            {
              phone: body.phone,
              email: body.email,
              passwordHash,
              phoneVerifiedAt: phoneProvenBy(code, body.phone) ? meta.now : null,
              fullName: body.fullName,
              address: body.address,
              gender: body.gender,
              dateOfBirth: body.dateOfBirth,
              jobId: body.jobId,
              jobNote: body.jobNote ?? null,
              ...(meta.language ? { language: meta.language } : {}),
              createdAt: meta.now,
              updatedAt: meta.now,
            },
            doctor,
          );
        });
        await deps.audit.record({ action: 'signup', outcome: 'success', actorUserId: user.id, ip: meta.ip }, meta.now);
        return userInfo(user);
      } catch (error) {
        const code = uniqueViolation(error);
        if (code) {
          await deps.audit.record({ action: 'signup', outcome: 'failure', ip: meta.ip, details: { reason: code } }, meta.now);
          throw AppError.conflict(code);
        }
        throw error;
      }
    },

    /**
     * POST /login: the password checked under its throttling; then, for an account with two-step login on and a device
     * it does not trust (`deviceToken`, the trusted-device cookie), the second step's ticket instead of a session
     * (decision 054), else the session.
     */
    async login(
      phoneInput: string,
      password: string,
      meta: RequestMeta,
      deviceToken?: string,
    ): Promise<{ result: LoginResult; tokens?: IssuedTokens }> {
      const phone = normalizeVietnamesePhone(phoneInput);
      // NIST 800-63B throttling: the attempt is counted and checked in one atomic step before the password is
      // looked at, so concurrent guesses cannot all pass; the narrow limit is per (account, IP), so a guesser
      // elsewhere slows only themselves, with wider ceilings per account and per IP. A right password gives it back.
      const ip = ipKey(meta.ip);
      const limits: Limit[] = [
        { bucket: `login:pair:${phone}:${ip}`, limit: LOGIN_FAILURES_PER_ACCOUNT_AND_IP, windowMs: LOGIN_WINDOW_MS },
        { bucket: `login:ip:${ip}`, limit: LOGIN_FAILURES_PER_IP, windowMs: LOGIN_WINDOW_MS },
        { bucket: `login:phone:${phone}`, limit: LOGIN_FAILURES_PER_ACCOUNT, windowMs: LOGIN_WINDOW_MS },
      ];
      if (!(await deps.limiter.take(limits, meta.now)).admitted) {
        await deps.audit.record({ action: 'login', outcome: 'failure', ip: meta.ip, details: { reason: 'LOGIN_LOCKED' } }, meta.now);
        throw new AppError(429, 'LOGIN_LOCKED');
      }
      const user = await users.findByPhone(phone);
      const passwordOk = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
      const failure = !user ? '19404' : user.deletedAt ? '16404' : !passwordOk ? '10401' : undefined;
      if (failure || !user) {
        await deps.audit.record(
          { action: 'login', outcome: 'failure', subjectUserId: user?.id ?? null, ip: meta.ip, details: { reason: failure ?? '19404' } },
          meta.now,
        );
        throw new AppError(failure === '10401' ? 401 : 404, failure ?? '19404');
      }
      await deps.limiter.release(limits, meta.now);
      // The language the person logs in with is the one they use the app in: their messages follow it (issue 12).
      if (meta.language && meta.language !== user.language) await users.setLanguage(user.id, meta.language, meta.now);
      const challenge = await deps.twoStep.challenge(user, deviceToken, meta);
      if (challenge) return { result: challenge };
      return openSession(user, meta);
    },

    /**
     * POST /login/second-step (decision 054): the second step checked (the two-step service's), then the session opened
     * exactly as a login without it opens one; answers the device to trust when the person asked.
     */
    async secondStep(body: SecondStepBody, meta: RequestMeta): Promise<{ result: LoggedIn; tokens: IssuedTokens; device?: TrustedDevice }> {
      const { user, device } = await deps.twoStep.finish(body, meta);
      return { ...(await openSession(user, meta)), ...(device ? { device } : {}) };
    },

    async logout(actor: Actor, meta: RequestMeta): Promise<void> {
      await deps.sessions.revoke(actor.sessionId, meta.now);
      await deps.audit.record({ action: 'logout', outcome: 'success', actorUserId: actor.userId, ip: meta.ip }, meta.now);
    },

    async refresh(userId: string, refreshToken: string, meta: RequestMeta): Promise<IssuedTokens> {
      const tokens = await deps.sessions.refresh(userId, refreshToken, meta.now);
      await deps.audit.record(
        { action: 'session.refresh', outcome: tokens ? 'success' : 'failure', subjectUserId: userId, ip: meta.ip },
        meta.now,
      );
      if (!tokens) throw new AppError(401, 'SESSION_EXPIRED');
      return tokens;
    },

    /** GET /user-notifications/{userId}: only the person themself; anyone else's is 404. */
    async notificationPreferences(actor: Actor): Promise<NotificationPreferences> {
      return preferencesOf(await ownAccount(actor));
    },

    /** PUT /user-notifications/{userId}: at least one channel (400 NOTIFICATION_CHANNEL_REQUIRED). */
    async updateNotificationPreferences(
      actor: Actor,
      body: NotificationPreferencesBody,
      meta: RequestMeta,
    ): Promise<NotificationPreferences> {
      const user = await ownAccount(actor);
      if (!body.sms && !body.email) throw new AppError(400, 'NOTIFICATION_CHANNEL_REQUIRED');
      const saved = await users.setNotifications(
        user.id,
        { notifySms: body.sms, notifyEmail: body.email, language: body.language },
        meta.now,
      );
      await deps.audit.record(
        {
          action: 'notifications.update',
          outcome: 'success',
          actorUserId: actor.userId,
          ip: meta.ip,
          details: { sms: body.sms, email: body.email },
        },
        meta.now,
      );
      return preferencesOf(saved ?? user);
    },

    /** PUT /user-language/{userId}: the language the signed-in person switched the app to. */
    async setLanguage(actor: Actor, language: Language, meta: RequestMeta): Promise<void> {
      const user = await ownAccount(actor);
      if (user.language !== language) await users.setLanguage(user.id, language, meta.now);
    },

    async profile(actor: Actor): Promise<UserProfile> {
      const user = await ownAccount(actor);
      return userProfile(user, await users.findDoctor(user.id));
    },

    async updateProfile(actor: Actor, body: UpdateUserBody, meta: RequestMeta): Promise<UserProfile> {
      const user = await ownAccount(actor);
      const doctor = user.jobId === DOCTOR_JOB_ID && body.doctor ? doctorFields(body.doctor) : undefined;
      await users.update(
        actor.userId,
        {
          fullName: body.fullName,
          address: body.address,
          gender: body.gender,
          dateOfBirth: body.dateOfBirth,
          jobNote: body.jobNote ?? null,
        },
        doctor,
        meta.now,
      );
      await deps.audit.record({ action: 'profile.update', outcome: 'success', actorUserId: actor.userId, ip: meta.ip }, meta.now);
      return this.profile(actor);
    },

    async changePassword(actor: Actor, currentPassword: string, newPassword: string, meta: RequestMeta): Promise<void> {
      const user = await ownAccount(actor);
      await checkCurrentPassword(deps, { userId: actor.userId, passwordHash: user.passwordHash }, currentPassword, 'password.change', meta);
      await users.setPassword(actor.userId, await hashPassword(newPassword, deps.passwordHashCost), meta.now);
      // Anyone else holding a session of this account is signed out (R7).
      await deps.sessions.revokeOthers(actor.userId, actor.sessionId, meta.now);
      await deps.audit.record({ action: 'password.change', outcome: 'success', actorUserId: actor.userId, ip: meta.ip }, meta.now);
    },

    async resetPassword(verificationId: string, newPassword: string, meta: RequestMeta): Promise<void> {
      const namesAccount = (row: VerificationRow) => row.userId !== null;
      // The code first, then the costly hash (as for sign-up).
      if (!(await deps.otp.usable(verificationId, 'reset', namesAccount, meta.now))) throw new AppError(400, 'OTP_NOT_VERIFIED');
      const passwordHash = await hashPassword(newPassword, deps.passwordHashCost);
      const userId = await deps.db.transaction(async (tx) => {
        const row = await deps.otp.consume(tx, verificationId, 'reset', namesAccount, meta.now);
        const id = row.userId ?? '';
        const inTransaction = createUsersRepository(tx);
        await inTransaction.setPassword(id, passwordHash, meta.now);
        // A code by SMS proves the phone as well: its real owner recovers an account that an e-mail code opened with
        // their number (decision 048). A code by e-mail proves nothing about the phone.
        if (row.channel === 'sms') await inTransaction.markPhoneVerified(id, row.destination, meta.now);
        return id;
      });
      await deps.sessions.revokeOthers(userId, null, meta.now);
      await deps.audit.record({ action: 'password.reset', outcome: 'success', subjectUserId: userId, ip: meta.ip }, meta.now);
    },

    /**
     * POST /user-phone-code/{userId}: an SMS code to my own phone while it is unverified (decision 048), under the same
     * limits as every code send; a verified phone needs none (409 PHONE_ALREADY_VERIFIED).
     */
    async sendPhoneCode(actor: Actor, meta: RequestMeta): Promise<OtpSent> {
      const user = await ownAccount(actor);
      if (user.phoneVerifiedAt) throw AppError.conflict('PHONE_ALREADY_VERIFIED');
      const sent = await deps.otp.send(
        {
          purpose: 'phone',
          channel: 'sms',
          destination: user.phone,
          phone: user.phone,
          userId: user.id,
          deliver: true,
          language: meta.language,
          ip: meta.ip,
        },
        meta.now,
      );
      await deps.audit.record(
        { action: 'phone.verify', outcome: 'success', actorUserId: user.id, ip: meta.ip, details: { step: 'send' } },
        meta.now,
      );
      return sent;
    },

    /**
     * PUT /user-phone-verified/{userId}: checks the code of `sendPhoneCode`; a right one marks the phone verified. Only a
     * code sent for this account's phone is checked at all (any other is OTP_EXPIRED, and uses up none of its tries).
     */
    async verifyPhone(
      actor: Actor,
      verificationId: string,
      code: string,
      meta: RequestMeta,
    ): Promise<{ isValid: boolean; attemptsLeft: number }> {
      const user = await ownAccount(actor);
      const forMyPhone = (row: VerificationRow) => row.purpose === 'phone' && row.userId === user.id && phoneProvenBy(row, user.phone);
      const check = await deps.otp.verify(verificationId, code, meta.now, forMyPhone);
      if (!check.isValid) return check;
      await deps.db.transaction(async (tx) => {
        const row = await deps.otp.consume(tx, verificationId, 'phone', forMyPhone, meta.now);
        await createUsersRepository(tx).markPhoneVerified(user.id, row.destination, meta.now);
      });
      await deps.audit.record(
        { action: 'phone.verify', outcome: 'success', actorUserId: user.id, ip: meta.ip, details: { step: 'verified' } },
        meta.now,
      );
      return check;
    },

    /** Refuses an upload beyond the person's hourly quota (R8), before anything is read or stored. */
    async admitAvatarUpload(actor: Actor, meta: RequestMeta): Promise<void> {
      await ownAccount(actor);
      const quota: Limit[] = [{ bucket: `avatar-upload:${actor.userId}`, limit: AVATAR_UPLOADS_PER_HOUR, windowMs: HOUR_MS }];
      if (!(await deps.limiter.take(quota, meta.now)).admitted) throw new AppError(429, 'AVATAR_TOO_MANY');
    },

    /**
     * Stores the new picture, then points the account at it in one locked update that answers the key it replaced;
     * only that old file is removed, after the row no longer names it. Of concurrent uploads each removes exactly
     * the file it replaced, so none is left orphaned; if the update fails, the new file is removed.
     */
    async setAvatar(actor: Actor, image: Buffer, meta: RequestMeta): Promise<string> {
      const user = await ownAccount(actor);
      const key = await deps.storage.put('avatars', image);
      let replaced: string | null;
      try {
        replaced = await users.replaceAvatar(actor.userId, key, meta.now);
      } catch (error) {
        await deps.storage.remove(key);
        throw error;
      }
      if (replaced) await deps.storage.remove(replaced);
      await deps.audit.record({ action: 'avatar.change', outcome: 'success', actorUserId: actor.userId, ip: meta.ip }, meta.now);
      return avatarUrl(user.id, key) as string;
    },

    async deleteAvatar(actor: Actor, meta: RequestMeta): Promise<void> {
      await ownAccount(actor);
      const replaced = await users.replaceAvatar(actor.userId, null, meta.now);
      if (replaced) await deps.storage.remove(replaced);
      await deps.audit.record({ action: 'avatar.delete', outcome: 'success', actorUserId: actor.userId, ip: meta.ip }, meta.now);
    },

    /** My avatar's bytes; none (or another person's) is 404. */
    async avatarImage(actor: Actor): Promise<Buffer> {
      const user = await ownAccount(actor);
      const stream = user.avatarKey ? await deps.storage.open(user.avatarKey) : undefined;
      if (!stream) throw AppError.notFound();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },

    /*
     * The look-ups of the sign-up and reset forms answer without a session, so each counts against its IP address's
     * hourly cap first (R6); a yes or no, nothing more.
     */
    async phoneExists(phone: string, meta: RequestMeta): Promise<boolean> {
      await admitLookup(meta);
      return !!(await users.findByPhone(phone));
    },
    async emailExists(email: string, meta: RequestMeta): Promise<boolean> {
      await admitLookup(meta);
      return !!(await users.findByEmail(email));
    },
    async emailMatchesPhone(email: string, phone: string, meta: RequestMeta): Promise<boolean> {
      await admitLookup(meta);
      const user = await users.findByEmail(email);
      return !!user && !user.deletedAt && user.phone === phone;
    },
    /** The account a reset code may be sent for, found by phone and/or e-mail (both must agree when both are given). */
    async resetTarget(phone: string | undefined, email: string | undefined): Promise<UserRow | undefined> {
      const user = phone ? await users.findByPhone(phone) : email ? await users.findByEmail(email) : undefined;
      if (!user || user.deletedAt) return undefined;
      if (email && user.email !== email) return undefined;
      return user;
    },
    ownAccount,
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;

function doctorFields(doctor: NonNullable<SignupBody['doctor']>): DoctorFields {
  return {
    degree: doctor.degree,
    specialtyNames: doctor.specialtyNames,
    momoPhone: doctor.momoPhone ?? null,
    bankName: doctor.bankName,
    bankAccount: doctor.bankAccount,
    workPlace: doctor.workPlace,
  };
}

/** Whether a code vouches for `phone`: only one sent by SMS to that very phone does (decisions 014 and 048). */
function phoneProvenBy(row: VerificationRow, phone: string): boolean {
  return row.channel === 'sms' && row.destination === phone && row.phone === phone;
}

export function userInfo(user: UserRow): UserInfo {
  return {
    id: user.id,
    userId: user.id,
    fullName: user.fullName,
    urlImage: avatarUrl(user.id, user.avatarKey),
    jobId: user.jobId as JobId,
    dateOfBirth: user.dateOfBirth,
    phone: user.phone,
  };
}

function userProfile(user: UserRow, doctor: DoctorRow | undefined): UserProfile {
  return {
    id: user.id,
    fullName: user.fullName,
    phone: user.phone,
    email: user.email,
    address: user.address,
    gender: user.gender as UserProfile['gender'],
    dateOfBirth: user.dateOfBirth,
    jobId: user.jobId as JobId,
    jobNote: user.jobNote,
    urlImage: avatarUrl(user.id, user.avatarKey),
    doctor: doctor
      ? {
          degree: doctor.degree as NonNullable<UserProfile['doctor']>['degree'],
          specialtyNames: doctor.specialtyNames,
          momoPhone: doctor.momoPhone,
          bankName: doctor.bankName,
          bankAccount: doctor.bankAccount,
          workPlace: doctor.workPlace,
          verified: doctor.verifiedAt !== null,
        }
      : null,
    phoneVerified: user.phoneVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Which duplicate a unique violation means, by constraint name. */
function uniqueViolation(error: unknown): 'PHONE_TAKEN' | 'EMAIL_TAKEN' | undefined {
  if (!isViolation(error, UNIQUE_VIOLATION)) return undefined;
  return isViolation(error, UNIQUE_VIOLATION, 'email') ? 'EMAIL_TAKEN' : 'PHONE_TAKEN';
}
