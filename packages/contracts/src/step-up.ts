import { STEP_UP_CHANNELS } from '@rhc/domain';
import { z } from 'zod/mini';
import { OtpCodeSchema } from './accounts.ts';
import { lazySchema } from './lazy-schema.ts';

/*
 * Step-up verification (issue 53, decision 051). An entry marked `stepUp: true` (and a few calls whose need depends on
 * what they change) answers 403 STEP_UP_REQUIRED while this session has no proof younger than STEP_UP_WINDOW_MS, with
 * the channels a code may go by (`channels` of the error envelope, masked). The client sends a code
 * (POST /step-up/code), checks it (POST /step-up/verify) and sends the refused request again. The destinations'
 * schema (`StepUpDestinationSchema`) is in envelope.ts, beside the error it travels in.
 */

export const StepUpCodeBodySchema = lazySchema(() => z.object({ channel: z.enum(STEP_UP_CHANNELS, { error: 'validation.choose' }) }));
export type StepUpCodeBody = z.infer<typeof StepUpCodeBodySchema>;

export const StepUpVerifyBodySchema = lazySchema(() => z.object({ code: OtpCodeSchema }));
