import { z } from 'zod/mini';

/*
 * The messages and text fields the schemas share. A message is a key of the `errors` namespace (packages/i18n), which
 * the clients translate.
 */
export const required = { error: 'validation.required' };
export const invalid = { error: 'validation.invalid' };
export const tooLong = { error: 'validation.too_long' };

/** A text that must be given: trimmed, then at least one character and at most `max`. */
export const requiredText = (max: number) => z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong));

/** A text that may be left empty: trimmed, then at most `max` characters. */
export const optionalText = (max: number) => z.string().check(z.trim(), z.maxLength(max, tooLong));
