import { RECOVERY_CODE_COUNT, STEP_UP_CHANNELS } from '@rhc/domain';
import { z } from 'zod/mini';
import { LoggedInSchema, OtpCodeSchema } from './accounts.ts';
import { StepUpDestinationSchema } from './envelope.ts';
import { lazySchema } from './lazy-schema.ts';

/*
 * Optional two-step login with recovery codes (issue 53, decision 054). An account that switched it on answers a login
 * from a device it does not trust with a ticket instead of a session: the second step (a code by SMS or e-mail, or a
 * recovery code) opens it. Switching on or off and new recovery codes need a step-up proof (decision 051).
 */

/** GET /two-step/{userId}: whether it is on, how many recovery codes are still unused, how many devices are trusted. */
export const TwoStepStateSchema = lazySchema(() =>
  z.object({
    enabled: z.boolean(),
    recoveryCodesLeft: z.int().check(z.gte(0)),
    trustedDevices: z.int().check(z.gte(0)),
  }),
);
export type TwoStepState = z.infer<typeof TwoStepStateSchema>;

/** POST /two-step/{userId} and POST /two-step/{userId}/recovery-codes: the new codes (xxxxx-xxxxx), shown once. */
export const RecoveryCodesSchema = lazySchema(() => z.object({ recoveryCodes: z.array(z.string()).check(z.length(RECOVERY_CODE_COUNT)) }));
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** The login's answer for an account with two-step on, from a device it does not trust: no session yet. */
export const TwoStepChallengeSchema = lazySchema(() =>
  z.object({
    twoStep: z.object({
      /** Names this login's second step; random, kept only as its hash, valid until `expiresAt`. */
      ticket: z.string(),
      /** Where a code can go, masked exactly as 403 STEP_UP_REQUIRED gives them. */
      channels: z.array(StepUpDestinationSchema),
      expiresAt: z.iso.datetime(),
    }),
  }),
);
export type TwoStepChallenge = z.infer<typeof TwoStepChallengeSchema>;

/**
 * POST /login: a session, or, for an account with two-step login on and a device it does not trust, the second step's
 * ticket instead (no session, no cookies until the second step).
 */
export const LoginResultSchema = lazySchema(() => z.union([LoggedInSchema, TwoStepChallengeSchema]));
export type LoginResult = z.infer<typeof LoginResultSchema>;

const TicketSchema = lazySchema(() => z.string({ error: 'validation.invalid' }).check(z.minLength(1), z.maxLength(100)));

/** POST /login/second-step/code. */
export const SecondStepCodeBodySchema = lazySchema(() =>
  z.object({ ticket: TicketSchema, channel: z.enum(STEP_UP_CHANNELS, { error: 'validation.choose' }) }),
);
export type SecondStepCodeBody = z.infer<typeof SecondStepCodeBodySchema>;

/** POST /login/second-step: the code sent for this ticket, or one recovery code (xxxxx-xxxxx, case and dash free). */
export const SecondStepBodySchema = lazySchema(() =>
  z
    .object({
      ticket: TicketSchema,
      code: z.optional(OtpCodeSchema),
      recoveryCode: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(20))),
      trustDevice: z.optional(z.boolean()),
    })
    .check(
      z.refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
        error: 'validation.required',
        path: ['code'],
      }),
    ),
);
export type SecondStepBody = z.infer<typeof SecondStepBodySchema>;
