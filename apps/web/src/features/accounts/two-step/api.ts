import { twoStepEndpoints, type LoggedIn, type OtpSent, type RecoveryCodes, type SecondStepBody } from '@rhc/contracts';
import type { StepUpChannel } from '@rhc/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, endpointQuery } from '../../../lib/api-client.ts';

const api = twoStepEndpoints;

/** Whether two-step login is on for my account, my recovery codes left, my trusted devices (decision 054). */
export function useTwoStep(userId: string) {
  return useQuery({ ...endpointQuery(api.state, { params: { userId } }), enabled: userId !== '' });
}

/** Switches it on: the recovery codes, shown once. Needs a step-up proof (the dialog appears by itself on 403). */
export function enableTwoStep(userId: string): Promise<RecoveryCodes> {
  return apiRequest(api.enable, { params: { userId } });
}

/** Switches it off: recovery codes and trusted devices are forgotten. Needs a step-up proof. */
export async function disableTwoStep(userId: string): Promise<void> {
  await apiRequest(api.disable, { params: { userId } });
}

/** New recovery codes, the old ones void. Needs a step-up proof. */
export function newRecoveryCodes(userId: string): Promise<RecoveryCodes> {
  return apiRequest(api.newRecoveryCodes, { params: { userId } });
}

/** A login's second-step code, by SMS or e-mail; not a call of a session (there is none yet). */
export function sendLoginCode(ticket: string, channel: StepUpChannel): Promise<OtpSent> {
  return apiRequest(api.sendLoginCode, { body: { ticket, channel }, session: false });
}

/** Finishes the login with the code or a recovery code: the server sets the session's cookies, as a login does. */
export function finishLogin(body: SecondStepBody): Promise<LoggedIn> {
  return apiRequest(api.secondStep, { body, session: false });
}
