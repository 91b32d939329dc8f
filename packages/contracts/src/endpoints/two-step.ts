import { z } from 'zod/mini';
import { LoggedInSchema, OtpSentSchema, UserIdParamSchema } from '../accounts.ts';
import { defineEndpoints } from '../endpoint.ts';
import { RecoveryCodesSchema, SecondStepBodySchema, SecondStepCodeBodySchema, TwoStepStateSchema } from '../two-step.ts';

/**
 * Optional two-step login with recovery codes (issue 53, decision 054), served by the accounts module. Switching it on
 * or off and new recovery codes are the person's own (`owner`) and need a step-up proof; the second step of a login
 * names no object: its ticket, from the login's answer, authenticates it.
 */
export const twoStepEndpoints = defineEndpoints('twoStep', {
  state: {
    method: 'GET',
    path: '/two-step/:userId',
    summary: 'Whether two-step login is on for my account, my recovery codes left and my trusted devices',
    auth: true,
    access: { audit: 'two-step', owner: 'userId' },
    params: UserIdParamSchema,
    response: TwoStepStateSchema,
  },
  enable: {
    method: 'POST',
    path: '/two-step/:userId',
    summary: 'Switch two-step login on: answers 10 recovery codes, shown this once (already on: 409)',
    auth: true,
    access: { audit: 'two-step', owner: 'userId' },
    stepUp: true,
    params: UserIdParamSchema,
    response: RecoveryCodesSchema,
  },
  disable: {
    method: 'DELETE',
    path: '/two-step/:userId',
    summary: 'Switch two-step login off: its recovery codes and trusted devices are forgotten',
    auth: true,
    access: { audit: 'two-step', owner: 'userId' },
    stepUp: true,
    params: UserIdParamSchema,
    response: z.null(),
  },
  newRecoveryCodes: {
    method: 'POST',
    path: '/two-step/:userId/recovery-codes',
    summary: 'Make 10 new recovery codes (shown this once); the old ones no longer work',
    auth: true,
    access: { audit: 'two-step', owner: 'userId' },
    stepUp: true,
    params: UserIdParamSchema,
    response: RecoveryCodesSchema,
  },
  sendLoginCode: {
    method: 'POST',
    path: '/login/second-step/code',
    summary: "Send a login's second-step code by SMS (verified phone) or e-mail (limited like every code send)",
    auth: false,
    body: SecondStepCodeBodySchema,
    response: OtpSentSchema,
  },
  secondStep: {
    method: 'POST',
    path: '/login/second-step',
    summary: "Finish a login with the code sent for its ticket or a recovery code: the login's answer and cookies",
    auth: false,
    body: SecondStepBodySchema,
    response: LoggedInSchema,
  },
});
