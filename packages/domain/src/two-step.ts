/*
 * Optional two-step login (issue 53, decision 054): an account that switched it on is asked, at a login from a device it
 * does not trust, for a code (SMS or e-mail, as a step-up) or one of its recovery codes before any session is opened.
 */

/** How long the second step may take after the password was checked: the ticket's life. */
export const TWO_STEP_TICKET_MS = 10 * 60 * 1000;

/** How many recovery codes are made at once (each usable once); making new ones voids the old. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * The letters of a recovery code: no 0/O, 1/I/L, 2/Z, 5/S, 8/B, nor 9, so a code copied from paper is read back right.
 * 24 symbols, 10 of them per code: about 46 bits, and a ticket allows OTP_MAX_ATTEMPTS tries.
 */
export const RECOVERY_CODE_ALPHABET = '3467ACDEFGHJKMNPQRTUVWXY';
export const RECOVERY_CODE_LENGTH = 10;

/** How long a trusted device skips the second step (its cookie's life). */
export const TRUSTED_DEVICE_MS = 365 * 24 * 60 * 60 * 1000;

/** At most this many trusted devices per account; trusting one more forgets the oldest. */
export const TRUSTED_DEVICES_MAX = 10;

/** A recovery code as it is shown and typed: xxxxx-xxxxx. */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, RECOVERY_CODE_LENGTH / 2)}-${code.slice(RECOVERY_CODE_LENGTH / 2)}`;
}

/**
 * A typed recovery code as stored (before hashing): capitals, without spaces or dashes. Undefined when it cannot be one
 * (wrong length or a letter outside the alphabet).
 */
export function normalizeRecoveryCode(typed: string): string | undefined {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== RECOVERY_CODE_LENGTH) return undefined;
  for (const letter of code) if (!RECOVERY_CODE_ALPHABET.includes(letter)) return undefined;
  return code;
}
