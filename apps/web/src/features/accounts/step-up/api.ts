import { stepUpEndpoints, type OtpSent } from '@rhc/contracts';
import type { StepUpChannel } from '@rhc/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import type { OtpCheck } from '../api.ts';

/** A step-up code to my own phone or e-mail, for this session (decision 051); 429 when sent too often. */
export function sendStepUpCode(channel: StepUpChannel): Promise<OtpSent> {
  return apiRequest(stepUpEndpoints.sendCode, { body: { channel } });
}

/** Checks the newest step-up code of this session; a right one proves it for STEP_UP_WINDOW_MS. */
export function verifyStepUpCode(code: string): Promise<OtpCheck> {
  return apiRequest(stepUpEndpoints.verify, { body: { code } });
}
