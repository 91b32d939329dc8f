import { randomInt } from 'node:crypto';
import { isViolation, UNIQUE_VIOLATION } from '../../db/errors.ts';

/** Crockford's base32 without I, L, O, U: nothing to misread when a code is read out on the phone. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** How often a new order draws another code when the one drawn is taken (32^8 codes: a repeat is already rare). */
const CODE_ATTEMPTS = 3;

/** The order's short public code, "RHC-" and eight characters, read out on the phone or at the desk. */
export function orderCode(): string {
  let code = 'RHC-';
  for (let i = 0; i < 8; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * Runs `insert` with a newly drawn code until one is free (at most three draws), so a repeated code never reaches the
 * person as a failure. Any other failure — a double booking included — is the caller's at once.
 */
export async function insertWithFreshCode<T>(insert: (code: string) => Promise<T>, draw: () => string = orderCode): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await insert(draw());
    } catch (error) {
      if (attempt >= CODE_ATTEMPTS || !isViolation(error, UNIQUE_VIOLATION, 'orders_code_unique')) throw error;
    }
  }
}
