import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';

/*
 * Deleting one's account (issue 53, decision 052): asked for, kept pending for ACCOUNT_DELETION_GRACE_DAYS (logging in
 * or DELETE cancels it), then carried out by the server.
 */

/** GET/POST/DELETE /account-deletion/{userId}: none asked for, or pending with when it was asked and when it happens. */
export const AccountDeletionSchema = lazySchema(() =>
  z.discriminatedUnion('state', [
    z.object({ state: z.literal('none') }),
    z.object({ state: z.literal('pending'), requestedAt: z.iso.datetime(), eraseAfter: z.iso.datetime() }),
  ]),
);
export type AccountDeletion = z.infer<typeof AccountDeletionSchema>;

/**
 * POST /account-deletion/{userId}: the current password, when given, confirms the intent (400 CURRENT_PASSWORD_INCORRECT
 * when wrong). The code confirmation is the endpoint's step-up flag (added with the step-up verification).
 */
export const AccountDeletionBodySchema = lazySchema(() =>
  z.object({ password: z.optional(z.string().check(z.minLength(1), z.maxLength(128))) }),
);
export type AccountDeletionBody = z.infer<typeof AccountDeletionBodySchema>;
