import { OtpSentSchema, VerifyOtpResultSchema } from '../accounts.ts';
import { defineEndpoints } from '../endpoint.ts';
import { StepUpCodeBodySchema, StepUpVerifyBodySchema } from '../step-up.ts';

/**
 * Step-up verification (decision 051): a fresh code for this session before an action marked `stepUp`. Both name no
 * object (the code goes to the caller's own phone or e-mail, and proves the caller's own session).
 */
export const stepUpEndpoints = defineEndpoints('stepUp', {
  sendCode: {
    method: 'POST',
    path: '/step-up/code',
    summary:
      'Send a 6-digit code to my verified phone (sms) or my e-mail (email), to prove this session before a sensitive action (limited like every code send)',
    auth: true,
    body: StepUpCodeBodySchema,
    response: OtpSentSchema,
  },
  verify: {
    method: 'POST',
    path: '/step-up/verify',
    summary: 'Check the newest step-up code sent for this session; a right one proves the session for STEP_UP_WINDOW_MS',
    auth: true,
    body: StepUpVerifyBodySchema,
    response: VerifyOtpResultSchema,
  },
});
