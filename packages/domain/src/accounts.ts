/** Account rules of spec §3, §5, §6, §9 and the security targets R6/R7 (reference/security-and-performance.md). */

import { cleanPhone, VN_CALLING_CODE } from './patterns.ts';

/** Spec §3/§6: the job chosen at sign-up; a doctor is job 1 (spec §9 "Doctor job id 1"). */
export const JOB_IDS = { doctor: 1, healthcareStaff: 2, other: 3 } as const;
export type JobId = (typeof JOB_IDS)[keyof typeof JOB_IDS];
export const DOCTOR_JOB_ID = JOB_IDS.doctor;

/** Spec §3 doctor degrees: specialization I, II, master, doctor, associate professor, professor. */
export const DEGREES = ['specialist_1', 'specialist_2', 'master', 'doctor', 'associate_professor', 'professor'] as const;
export type Degree = (typeof DEGREES)[number];

/** Spec §3: gender, default male. */
export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

/** Spec §5: name 1–30 characters, no digits (letters of any script incl. Vietnamese, spaces, . ' -). */
export const NAME_MAX_LENGTH = 30;
export const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}\s.'-]*$/u;

/**
 * Spec §5 gives two readings (6–20, or ≥ 8 with a letter and a digit); the accounts issue takes the
 * stricter one: 8–20 characters with at least one letter and one digit (NIST 800-63B minimum 8).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
export const PASSWORD_PATTERN = /^(?=.*\p{L})(?=.*\d)\S.*$/u;

/** Spec §5: OTP of at least 6 digits; R6: exactly 6 from a CSPRNG. */
export const OTP_LENGTH = 6;
export const OTP_PATTERN = /^\d{6}$/;
/** R6: valid 5 minutes (NIST hard cap 10), ≤ 5 wrong tries per code, ≤ 5 sends per identifier per hour. */
export const OTP_TTL_MS = 5 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_SENDS_PER_HOUR = 5;
/** The daily cap behind "too many OTP requests today" (spec §8); an SMS spend guard too (R6). */
export const OTP_SENDS_PER_DAY = 10;
/** R6 SMS-pumping guard: codes one IP address may have sent per hour, whatever the phones or e-mails. */
export const OTP_SENDS_PER_IP_PER_HOUR = 20;
/** R6 spend guard: codes the whole service sends per hour; beyond it every send waits for the next hour. */
export const OTP_SENDS_TOTAL_PER_HOUR = 2000;
/** R6: at most 10 failed code checks per account (or phone, or e-mail) per hour, across all its codes. */
export const OTP_FAILED_CHECKS_PER_HOUR = 10;
/** Look-ups of the sign-up and reset forms (is this phone or e-mail registered?) one IP address may make per hour (R6). */
export const ACCOUNT_LOOKUPS_PER_IP_PER_HOUR = 30;

/** R7 / ASVS L2 / NIST AAL2: 30 minutes idle, 12 hours absolute. The access token is short and refreshed. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;

/**
 * Failed logins allowed in LOGIN_WINDOW_MS before a cool-down (R6: ≤ 10/hour). NIST 800-63B §5.2.2 throttling:
 * the 10 apply to one account from one IP address, so a guesser elsewhere never locks the owner out; a higher
 * ceiling per account stops guessing spread over many addresses, and one per IP address stops spraying many accounts.
 */
export const LOGIN_FAILURES_PER_ACCOUNT_AND_IP = 10;
export const LOGIN_FAILURES_PER_ACCOUNT = 100;
export const LOGIN_FAILURES_PER_IP = 30;
export const LOGIN_WINDOW_MS = 60 * 60 * 1000;
/** Wrong current passwords allowed per account per hour on a password change (R6, as for logins). */
export const PASSWORD_CHANGE_FAILURES_PER_HOUR = 10;
/** Avatar uploads one person may make per hour (R8: bounds the storage and the work one account can cause). */
export const AVATAR_UPLOADS_PER_HOUR = 20;

/** Spec §5/§9: avatar images only, at most 4 MB. */
export const AVATAR_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The stored form (STORED_PHONE_VN_PATTERN) of a Vietnamese mobile number however it is typed: 0917741198,
 * 917741198, +84917741198 and 84917741198, with or without spaces, dots and dashes, all become 0917741198.
 * Something that is no Vietnamese mobile number comes out failing the pattern.
 */
export function normalizeVietnamesePhone(phone: string): string {
  const digits = cleanPhone(phone);
  const countryCode = VN_CALLING_CODE.slice(1);
  const national = digits.startsWith(VN_CALLING_CODE)
    ? digits.slice(VN_CALLING_CODE.length)
    : digits.startsWith(countryCode) && digits.length === countryCode.length + 9
      ? digits.slice(countryCode.length)
      : digits;
  return national.startsWith('0') ? national : `0${national}`;
}

/** Whole years between a birth date and a day, both YYYY-MM-DD; `today` is passed in. */
export function ageInYears(dateOfBirth: string, today: string): number {
  const [by = 0, bm = 0, bd = 0] = dateOfBirth.split('-').map(Number);
  const [ty = 0, tm = 0, td = 0] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Whether an account is a doctor, and one patients may book (an operator verified them). */
export function doctorStatusOf(account: { jobId: number | null; verifiedAt: Date | null }): { isDoctor: boolean; verified: boolean } {
  const isDoctor = account.jobId === DOCTOR_JOB_ID;
  return { isDoctor, verified: isDoctor && account.verifiedAt !== null };
}
