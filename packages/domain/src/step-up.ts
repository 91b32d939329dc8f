/*
 * Step-up verification (issue 53, decision 051): the actions that hand someone the account or a person's data (a new
 * password, a share of a record, an export, the account's deletion) ask for a fresh code when the session's last proof
 * is older than a window.
 */

/**
 * How long a proof (a code this session verified) covers the step-up actions. Ten minutes is one sitting: long enough to
 * change a password and then share a record without a second code, short enough that a session left open on a shared
 * or stolen device has lost it by the time someone else sits down (NIST SP 800-63B §4.2.3 asks reauthentication "within
 * a bounded period"; OWASP ASVS V3.7.1 for "sensitive transactions"). It is below the 30-minute idle limit
 * (SESSION_IDLE_MS), so an idle session never keeps a proof longer than it keeps itself.
 */
export const STEP_UP_WINDOW_MS = 10 * 60 * 1000;

/** The channels a step-up code can go by. */
export const STEP_UP_CHANNELS = ['sms', 'email'] as const;
export type StepUpChannel = (typeof STEP_UP_CHANNELS)[number];

/** Whether a proof made at `provedAt` still covers a step-up action at `now` (a proof "from the future" does not). */
export function isStepUpFresh(provedAt: Date | null | undefined, now: Date): boolean {
  if (!provedAt) return false;
  const age = now.getTime() - provedAt.getTime();
  return age >= 0 && age < STEP_UP_WINDOW_MS;
}

/** A phone as a step-up choice shows it: only its last three digits (`•••• •• 567`). */
export function maskedPhone(phone: string): string {
  return `•••• •• ${phone.slice(-3)}`;
}

/** An e-mail as a step-up choice shows it: the first letter of the name and the whole domain (`l***@gmail.com`). */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
