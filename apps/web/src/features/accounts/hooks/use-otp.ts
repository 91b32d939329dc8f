import type { OtpPurpose, OtpSent } from '@rhc/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { sendOtp, verifyOtp, type OtpCheck, type OtpTarget } from '../api.ts';
import { useCountdown } from './use-countdown.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** How long the "send again" button waits after a code went out. */
export const OTP_RESEND_SECONDS = 60;

export type OtpFlow = ReturnType<typeof useOtp>;

/** How a flow sends and checks its codes, when not through the public code endpoints (the account's own phone). */
export type OtpCalls = {
  send: (target: OtpTarget) => Promise<OtpSent>;
  verify: (verificationId: string, code: string) => Promise<OtpCheck>;
};

type CodeProblem = { kind: 'wrong'; attemptsLeft: number } | { kind: 'server'; message: string };

/**
 * One verification by code (spec §1): send a code to a phone or an e-mail, resend it after a countdown,
 * check it — through the public code endpoints for `purpose`, or through `calls`. A code is tied to where it went: another phone or e-mail needs a new one (`reset`).
 */
export function useOtp(purposeOrCalls: OtpPurpose | OtpCalls) {
  const calls: OtpCalls =
    typeof purposeOrCalls === 'string' ? { send: (target) => sendOtp(purposeOrCalls, target), verify: verifyOtp } : purposeOrCalls;
  const { t } = useTranslation(['accounts', 'errors']);
  const [sent, setSent] = useState<{ verificationId: string; target: OtpTarget } | null>(null);
  const [verified, setVerified] = useState(false);
  const [problem, setProblem] = useState<CodeProblem | null>(null);
  const countdown = useCountdown();

  const send = useMutation({
    mutationFn: calls.send,
    onSuccess: (answer, target) => {
      setSent({ verificationId: answer.verificationId, target });
      setVerified(false);
      setProblem(null);
      countdown.start(OTP_RESEND_SECONDS);
    },
  });

  const verify = useMutation({
    mutationFn: ({ verificationId, code }: { verificationId: string; code: string }) => calls.verify(verificationId, code),
    onSuccess: (check) => {
      setVerified(check.isValid);
      setProblem(check.isValid ? null : { kind: 'wrong', attemptsLeft: check.attemptsLeft });
    },
    onError: (error) => {
      // Spec §7: a failed check counts as "not valid"; the server's reason (expired, locked) is shown.
      setVerified(false);
      setProblem({ kind: 'server', message: error instanceof ApiError ? error.message : t('errors:OTP_WRONG') });
    },
  });

  const codeError =
    problem === null
      ? null
      : problem.kind === 'server'
        ? problem.message
        : `${t('errors:OTP_WRONG')} ${t('accounts:otp.attemptsLeft', { count: problem.attemptsLeft })}`;

  return {
    sent,
    verified,
    /** The verification a sign-up or reset names, once its code is verified. */
    verificationId: verified ? (sent?.verificationId ?? null) : null,
    /** What is wrong with the code typed, in the person's language. */
    codeError,
    clearCodeError: () => setProblem(null),
    secondsUntilResend: countdown.secondsLeft,
    send,
    verify,
    /** Forgets the code sent, when the phone or e-mail it went to changes. */
    reset: () => {
      setSent(null);
      setVerified(false);
      setProblem(null);
    },
  };
}
