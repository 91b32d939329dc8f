import {
  DEGREES,
  GENDERS,
  JOB_IDS,
  NAME_MAX_LENGTH,
  NAME_PATTERN,
  OTP_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_PATTERN,
  normalizeVietnamesePhone,
  STORED_PHONE_VN_PATTERN,
} from '@rhc/domain';
import { z } from 'zod/mini';
import { optionalText, required, requiredText } from './text.ts';
import { lazySchema } from './lazy-schema.ts';

/*
 * Messages are i18n keys of the errors namespace (errors:validation.*): the server translates them into
 * the request's language, the web into the page's. One rule, one message, three languages.
 */

/** A Vietnamese mobile number however it is typed (+84, 84, 0 or no prefix; spaces, dots, dashes), parsed to its stored form. */
export const PhoneSchema = lazySchema(() =>
  z.pipe(
    z.pipe(
      z.string(required).check(z.trim(), z.minLength(1, required)),
      z.transform((value: string) => normalizeVietnamesePhone(value)),
    ),
    z.string().check(z.regex(STORED_PHONE_VN_PATTERN, { error: 'validation.phone_invalid' })),
  ),
);

export const EmailSchema = lazySchema(() =>
  z.pipe(
    z.pipe(
      z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(254, { error: 'validation.email_invalid' })),
      z.email({ error: 'validation.email_invalid' }),
    ),
    z.transform((value: string) => value.toLowerCase()),
  ),
);

export const FullNameSchema = lazySchema(() =>
  z
    .string(required)
    .check(
      z.trim(),
      z.minLength(1, required),
      z.maxLength(NAME_MAX_LENGTH, { error: 'validation.name_too_long' }),
      z.regex(NAME_PATTERN, { error: 'validation.name_invalid' }),
    ),
);

export const PasswordSchema = lazySchema(() =>
  z
    .string(required)
    .check(
      z.minLength(1, required),
      z.minLength(PASSWORD_MIN_LENGTH, { error: 'validation.password_length' }),
      z.maxLength(PASSWORD_MAX_LENGTH, { error: 'validation.password_length' }),
      z.regex(PASSWORD_PATTERN, { error: 'validation.password_weak' }),
    ),
);

export const OtpCodeSchema = lazySchema(() =>
  z.string(required).check(z.trim(), z.regex(OTP_PATTERN, { error: 'validation.otp_invalid' })),
);

/** A calendar day, YYYY-MM-DD on the wire (the web shows DD/MM/YYYY). */
export const CalendarDaySchema = lazySchema(() => z.iso.date({ error: 'validation.date_invalid' }));
/** The earliest date of birth taken: before it a date is a typing slip (and year 0000 does not exist in PostgreSQL). */
export const EARLIEST_BIRTHDAY = '1900-01-01';
/** A date of birth: a calendar day from EARLIEST_BIRTHDAY on. */
export const BirthdaySchema = lazySchema(() =>
  CalendarDaySchema.check(z.refine((day) => day >= EARLIEST_BIRTHDAY, { error: 'validation.birthday_too_early' })),
);

/** Chosen, not typed: a missing choice says "choose" (validation.choose). */
export const GenderSchema = lazySchema(() => z.enum(GENDERS, { error: 'validation.choose' }));
export const JobIdSchema = lazySchema(() =>
  z.union([z.literal(JOB_IDS.doctor), z.literal(JOB_IDS.healthcareStaff), z.literal(JOB_IDS.other)], {
    error: 'validation.choose',
  }),
);
export const DegreeSchema = lazySchema(() => z.enum(DEGREES, { error: 'validation.choose' }));

export const DoctorExtrasSchema = lazySchema(() =>
  z.object({
    degree: DegreeSchema,
    specialtyNames: z.array(requiredText(100), required).check(z.minLength(1, required), z.maxLength(10)),
    momoPhone: z.optional(PhoneSchema),
    bankName: requiredText(100).check(z.regex(/^[^\d]*$/, { error: 'validation.no_digits' })),
    bankAccount: requiredText(30).check(z.regex(/^[\d\s-]+$/, { error: 'validation.bank_account_invalid' })),
    workPlace: requiredText(200),
  }),
);
export type DoctorExtras = z.infer<typeof DoctorExtrasSchema>;

/* ---------- OTP (spec §7 Account and OTP) ---------- */

export const OtpPurposeSchema = lazySchema(() => z.enum(['signup', 'reset']));
export type OtpPurpose = z.infer<typeof OtpPurposeSchema>;
/**
 * Every use a code is sent for: the public send endpoints' purposes, `link` (claiming a profile kept for me, issue 14)
 * `phone` (proving the phone of an account signed up with an e-mail code, decision 048), `step-up` (a fresh proof
 * before a sensitive action, decision 051) and `login` (the second step of a two-step login, decision 054).
 */
export type OtpUse = OtpPurpose | 'link' | 'phone' | 'step-up' | 'login';

export const SendSmsOtpBodySchema = lazySchema(() => z.object({ phone: PhoneSchema, purpose: OtpPurposeSchema }));
/**
 * A code by e-mail, for a sign-up or a reset (which may also give the phone). An e-mail code proves the e-mail, never
 * the phone: an account signed up with one keeps its phone unverified until an SMS code proves it (decision 048).
 */
export const SendEmailOtpBodySchema = lazySchema(() =>
  z.object({
    email: EmailSchema,
    phone: z.optional(PhoneSchema),
    purpose: OtpPurposeSchema,
  }),
);
export const OtpSentSchema = lazySchema(() => z.object({ verificationId: z.uuid(), expiresAt: z.iso.datetime() }));
export type OtpSent = z.infer<typeof OtpSentSchema>;

export const VerifyOtpBodySchema = lazySchema(() =>
  z.object({ verificationId: z.uuid({ error: 'validation.otp_invalid' }), code: OtpCodeSchema }),
);
export const VerifyOtpResultSchema = lazySchema(() => z.object({ isValid: z.boolean(), attemptsLeft: z.int().check(z.gte(0)) }));

/* ---------- Sign-up, login, sessions ---------- */

const RePasswordSchema = lazySchema(() => z.string(required).check(z.minLength(1, required)));
/** The re-entered password must match (spec §5); the issue lands on the re-entry field. */
const passwordsMatch = (key: 'password' | 'newPassword') =>
  [
    (value: Record<string, unknown>) => value[key] === value.rePassword,
    { error: 'validation.password_mismatch', path: ['rePassword'] },
  ] satisfies [unknown, { error: string; path: string[] }];

export const SignupBodySchema = lazySchema(() =>
  z
    .object({
      verificationId: z.uuid({ error: 'validation.otp_required' }),
      fullName: FullNameSchema,
      phone: PhoneSchema,
      email: EmailSchema,
      address: requiredText(255),
      gender: z._default(GenderSchema, 'male'),
      dateOfBirth: BirthdaySchema,
      jobId: JobIdSchema,
      jobNote: z.optional(optionalText(255)),
      doctor: z.optional(DoctorExtrasSchema),
      password: PasswordSchema,
      rePassword: RePasswordSchema,
    })
    .check(
      z.refine(...passwordsMatch('password')),
      z.superRefine((value, context) => {
        if (value.jobId === JOB_IDS.doctor && !value.doctor)
          context.addIssue({ code: 'custom', path: ['doctor'], message: 'validation.required' });
        if (value.jobId === JOB_IDS.other && !value.jobNote)
          context.addIssue({ code: 'custom', path: ['jobNote'], message: 'validation.required' });
      }),
    ),
);
export type SignupBody = z.infer<typeof SignupBodySchema>;

export const LoginBodySchema = lazySchema(() =>
  z.object({
    phone: PhoneSchema,
    password: z.string(required).check(z.minLength(1, required), z.maxLength(128)),
  }),
);

/** The login state the web keeps (spec §3 "User info"). `id` and `userId` are the same account id. */
export const UserInfoSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    userId: z.uuid(),
    fullName: z.string(),
    urlImage: z.nullable(z.string()),
    jobId: JobIdSchema,
    dateOfBirth: z.string(),
    phone: z.string(),
  }),
);
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** A login that opened a session: the answer of POST /login and of its second step (POST /login/second-step). */
export const LoggedInSchema = lazySchema(() =>
  z.object({
    accessToken: z.string(),
    expiresAt: z.iso.datetime(),
    user: UserInfoSchema,
    /** Present (true) when this login cancelled the account's pending deletion (issue 53, decision 052): the web says so. */
    deletionCancelled: z.optional(z.literal(true)),
  }),
);
export type LoggedIn = z.infer<typeof LoggedInSchema>;

/** POST /checktoken/{userId}: `token` is the refresh token; the web's copy travels in an HttpOnly cookie instead. */
export const CheckTokenBodySchema = lazySchema(() => z.object({ token: z.optional(z.string().check(z.maxLength(200))) }));
export const CheckTokenResultSchema = lazySchema(() =>
  z.object({ status: z.literal(200), token: z.string(), expiresAt: z.iso.datetime() }),
);

/* ---------- Users ---------- */

export const UserProfileSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    fullName: z.string(),
    phone: z.string(),
    email: z.string(),
    address: z.string(),
    gender: GenderSchema,
    dateOfBirth: z.string(),
    jobId: JobIdSchema,
    jobNote: z.nullable(z.string()),
    urlImage: z.nullable(z.string()),
    doctor: z.nullable(z.extend(DoctorExtrasSchema, { momoPhone: z.nullable(z.string()), verified: z.boolean() })),
    /** Whether an SMS code proved the phone is the person's; until then no SMS goes to it (decision 048). */
    phoneVerified: z.boolean(),
    createdAt: z.iso.datetime(),
  }),
);
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** PUT /user/{id}: what a person may change without a new code (phone and e-mail changes need an OTP). */
export const UpdateUserBodySchema = lazySchema(() =>
  z.strictObject({
    fullName: FullNameSchema,
    address: requiredText(255),
    gender: GenderSchema,
    dateOfBirth: BirthdaySchema,
    jobNote: z.optional(z.nullable(optionalText(255))),
    doctor: z.optional(DoctorExtrasSchema),
  }),
);
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

export const ChangePasswordBodySchema = lazySchema(() =>
  z
    .object({
      currentPassword: z.string(required).check(z.minLength(1, required), z.maxLength(128)),
      newPassword: PasswordSchema,
      rePassword: RePasswordSchema,
    })
    .check(z.refine(...passwordsMatch('newPassword'))),
);
export const ResetPasswordBodySchema = lazySchema(() =>
  z
    .object({ verificationId: z.uuid({ error: 'validation.otp_required' }), newPassword: PasswordSchema, rePassword: RePasswordSchema })
    .check(z.refine(...passwordsMatch('newPassword'))),
);

/** GET /user-information/{id}: the spec's client reads data.data.dateOfBirthday. */
export const UserInformationSchema = lazySchema(() =>
  z.object({
    data: z.object({
      id: z.uuid(),
      fullName: z.string(),
      phone: z.string(),
      email: z.string(),
      gender: GenderSchema,
      dateOfBirthday: z.string(),
      address: z.string(),
    }),
  }),
);

export const ExistsSchema = lazySchema(() => z.object({ exists: z.boolean() }));
export const MatchSchema = lazySchema(() => z.object({ match: z.boolean() }));
export const DashboardSchema = lazySchema(() => z.object({ countInvites: z.int().check(z.gte(0)) }));
export const AvatarSchema = lazySchema(() => z.object({ urlImage: z.nullable(z.string()) }));

export const WorkUnitSchema = lazySchema(() => z.object({ id: z.int(), name: z.string(), address: z.string() }));
export type WorkUnit = z.infer<typeof WorkUnitSchema>;
export const WorkUnitListSchema = lazySchema(() => z.array(WorkUnitSchema));

export const UserIdParamsSchema = lazySchema(() => z.object({ id: z.uuid({ error: 'validation.invalid' }) }));
export const UserIdParamSchema = lazySchema(() => z.object({ userId: z.uuid({ error: 'validation.invalid' }) }));

/* ---------- notifications (issue 12: told of every change) ---------- */

/**
 * The languages a person may use the app in (vi, en, zh; `LANGUAGES` of @rhc/i18n, which this package does not depend
 * on — the server's tests compare the two). The web sends the app's language as `Accept-Language` on every call; the
 * server keeps it on the account at sign-up and log-in, and `PUT /user-language/{userId}` when a signed-in person
 * switches language.
 */
export const AppLanguageSchema = lazySchema(() => z.enum(['vi', 'en', 'zh'], { error: 'validation.invalid' }));

/**
 * PUT /user-notifications/{userId}: by which channels, and in which language, the person is told of changes to their
 * bookings. At least one channel: none answers 400 NOTIFICATION_CHANNEL_REQUIRED.
 */
export const NotificationPreferencesBodySchema = lazySchema(() =>
  z.strictObject({ sms: z.boolean(), email: z.boolean(), language: AppLanguageSchema }),
);
export type NotificationPreferencesBody = z.infer<typeof NotificationPreferencesBodySchema>;

/**
 * GET/PUT /user-notifications/{userId}. `emailAvailable` false: the account has no usable address, so an e-mail
 * choice is kept but messages go by SMS instead (the page says why).
 */
export const NotificationPreferencesSchema = lazySchema(() =>
  z.object({
    sms: z.boolean(),
    email: z.boolean(),
    language: AppLanguageSchema,
    emailAvailable: z.boolean(),
  }),
);
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** PUT /user-language/{userId}: the language the person switched the app to. */
export const UserLanguageBodySchema = lazySchema(() => z.strictObject({ language: AppLanguageSchema }));
