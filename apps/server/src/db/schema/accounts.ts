import { GENDERS, JOB_IDS, STORED_PHONE_VN_PATTERN } from '@rhc/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  inet,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sqlList } from './sql-list.ts';
import { cascadingKey, cascadingRef, randomId } from './columns.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: randomId(),
    phone: text('phone').notNull().unique(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    address: text('address').notNull(),
    gender: text('gender').notNull().default('male'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    jobId: smallint('job_id').notNull(),
    jobNote: text('job_note'),
    /** Storage key of the avatar image; null when the person has none. */
    avatarKey: text('avatar_key'),
    /** The language the person uses the app in (vi, en, zh): kept at sign-up, log-in and a switch; their messages are in it. */
    language: text('language').notNull().default('vi'),
    /** How the person is told of changes to their bookings (issue 12); at least one is on. */
    notifySms: boolean('notify_sms').notNull().default(true),
    notifyEmail: boolean('notify_email').notNull().default(true),
    /** Default reminder lead times in minutes before a booking (issue 12); a booking may choose its own. Empty: none. */
    reminderMinutes: integer('reminder_minutes')
      .array()
      .notNull()
      .default(sql`'{1440,120}'::integer[]`),
    /**
     * When an SMS code sent to the phone proved it is the person's (decision 048); null while only an e-mail code has
     * been proven: no SMS goes to an unverified phone.
     */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('users_gender', sql`${t.gender} in (${sqlList(GENDERS)})`),
    check('users_job', sql`${t.jobId} in (${sqlList(Object.values(JOB_IDS))})`),
    // An erased account (decision 052) keeps its row for the records the law keeps, with a phone that is no number.
    check('users_phone_format', sql`${t.phone} ~ ${sqlList([STORED_PHONE_VN_PATTERN.source])} or ${t.deletedAt} is not null`),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_language', sql`${t.language} in ('vi', 'en', 'zh')`),
    check('users_notify_channel', sql`${t.notifySms} or ${t.notifyEmail}`),
  ],
);

/** Doctor extras of spec §3; a doctor starts unverified (spec §6 "Doctor is not verified"). */
export const doctorProfiles = pgTable('doctor_profiles', {
  userId: cascadingKey('user_id', () => users.id),
  degree: text('degree').notNull(),
  specialtyNames: text('specialty_names').array().notNull(),
  momoPhone: text('momo_phone'),
  bankName: text('bank_name').notNull(),
  bankAccount: text('bank_account').notNull(),
  workPlace: text('work_place').notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  ...timestamps,
});

/** One OTP sent to a phone or an e-mail, for one purpose. The code itself is never stored, only its hash. */
export const otpVerifications = pgTable(
  'otp_verifications',
  {
    id: randomId(),
    purpose: text('purpose').notNull(),
    channel: text('channel').notNull(),
    /** Where the code went: a normalized phone or a lower-case e-mail. */
    destination: text('destination').notNull(),
    /** The phone this verification vouches for (sign-up) or the account's phone (reset). */
    phone: text('phone'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** The session a step-up code was sent for (decision 051): only that session's verify checks it. */
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('otp_purpose', sql`${t.purpose} in ('signup', 'reset', 'link', 'phone', 'step-up', 'login')`),
    check('otp_channel', sql`${t.channel} in ('sms', 'email')`),
    index('otp_destination_created').on(t.destination, t.createdAt),
    index('otp_session').on(t.sessionId),
  ],
);

/** A login session. Tokens are random and only their SHA-256 is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: randomId(),
    userId: cascadingRef('user_id', () => users.id),
    accessTokenHash: text('access_token_hash').notNull().unique(),
    refreshTokenHash: text('refresh_token_hash').notNull().unique(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * When this session last verified a code (a step-up code, decision 051); null until it does. A password alone is no
     * proof: the step-up actions ask for one younger than STEP_UP_WINDOW_MS.
     */
    provedAt: timestamp('proved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** Refresh tokens already rotated away: presenting one again means it was stolen, so its session ends. */
export const retiredRefreshTokens = pgTable('retired_refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: cascadingRef('session_id', () => sessions.id),
  retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Attempts counted per bucket (e.g. login:pair:<phone>:<ip>) and fixed time window. One row per bucket and window,
 * raised by INSERT … ON CONFLICT DO UPDATE … RETURNING, so recording an attempt and reading the count is one
 * atomic statement: concurrent attempts each see a distinct count and never all pass a limit together.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), index('rate_limit_counters_window').on(t.windowStart)],
);

/** Append-only audit trail (R9): who, what, when, outcome, from where. Never secrets or health values. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    outcome: text('outcome').notNull(),
    subjectUserId: uuid('subject_user_id'),
    ip: inet('ip'),
    details: jsonb('details').notNull().default({}),
  },
  (t) => [
    check('audit_outcome', sql`${t.outcome} in ('success', 'failure', 'denied')`),
    index('audit_actor_time').on(t.actorUserId, t.occurredAt),
    /** The owner's "who saw my record" (issue 14): reads of a profile's data by someone else. */
    index('audit_subject_reads')
      .on(t.subjectUserId, t.occurredAt)
      .where(sql`${t.action} = 'record.read'`),
  ],
);

/** Hospitals and clinics a doctor can name as work place (GET /api/workunit). */
export const workUnits = pgTable('work_units', {
  id: smallint('id').primaryKey(),
  names: jsonb('names').$type<{ vi: string; en: string; zh: string }>().notNull(),
  address: text('address').notNull(),
});

/**
 * A person's request to delete their account (issue 53, decision 052): pending from `requestedAt` until `eraseAfter`
 * (ACCOUNT_DELETION_GRACE_DAYS later), when the erasure sweep carries it out (`erasedAt`) unless it was cancelled first
 * (`cancelledAt`: by logging in or by the person's own request). One open request per account; a request after a
 * cancellation is a new row. The row outlives the account's erasure: it records when the deletion was done.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: randomId(),
    userId: cascadingRef('user_id', () => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    eraseAfter: timestamp('erase_after', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** The language the person asked in: the messages about it are written in it. */
    language: text('language').notNull(),
  },
  (t) => [
    check('account_deletions_order', sql`${t.requestedAt} < ${t.eraseAfter}`),
    check('account_deletions_one_end', sql`${t.cancelledAt} is null or ${t.erasedAt} is null`),
    check('account_deletions_language', sql`${t.language} in ('vi', 'en', 'zh')`),
    uniqueIndex('account_deletions_open')
      .on(t.userId)
      .where(sql`${t.cancelledAt} is null and ${t.erasedAt} is null`),
    index('account_deletions_due')
      .on(t.eraseAfter)
      .where(sql`${t.cancelledAt} is null and ${t.erasedAt} is null`),
  ],
);

/*
 * Optional two-step login (issue 53, decision 054). Every secret (recovery code, device token, ticket) is random and
 * kept only as its SHA-256; the person's rows go with the account's erasure (decision 052).
 */

/** An account with two-step login on: one row from switching it on until switching it off. */
export const twoStepLogins = pgTable('two_step_logins', {
  userId: cascadingKey('user_id', () => users.id),
  enabledAt: timestamp('enabled_at', { withTimezone: true }).notNull(),
});

/** The account's current recovery codes; each is used once (`usedAt`). New codes replace every old one. */
export const twoStepRecoveryCodes = pgTable(
  'two_step_recovery_codes',
  {
    id: randomId(),
    userId: cascadingRef('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('two_step_recovery_codes_user').on(t.userId)],
);

/** A device the person trusted at a second step: its cookie's token skips the second step until `expiresAt`. */
export const twoStepDevices = pgTable(
  'two_step_devices',
  {
    id: randomId(),
    userId: cascadingRef('user_id', () => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('two_step_devices_user').on(t.userId, t.createdAt)],
);

/**
 * A login whose password was right, waiting for its second step until `expiresAt` (TWO_STEP_TICKET_MS); `usedAt` once it
 * opened a session. `verificationId` is the newest code sent for it; `attempts` counts wrong recovery codes.
 */
export const twoStepTickets = pgTable(
  'two_step_tickets',
  {
    id: randomId(),
    userId: cascadingRef('user_id', () => users.id),
    ticketHash: text('ticket_hash').notNull().unique(),
    verificationId: uuid('verification_id').references(() => otpVerifications.id, { onDelete: 'set null' }),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('two_step_tickets_user').on(t.userId)],
);
