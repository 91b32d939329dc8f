import { Alert } from '@mantine/core';
import '../styles.ts';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api-error.ts';
import type { OtpTarget } from '../api.ts';
import type { OtpFlow } from '../hooks/use-otp.ts';
import { OtpCodeField } from './otp-code-field.tsx';

/**
 * Under the sign-up's and the forgotten password's "send code": the code field once the code went to `target` (by SMS
 * to the phone, else to the e-mail), and the server's reason when sending (or the check before it) failed.
 */
export function OtpSentStep({
  otp,
  target,
  codeSent,
  sendFailure,
}: {
  otp: OtpFlow;
  target: OtpTarget;
  codeSent: boolean;
  sendFailure: Error | null;
}) {
  return (
    <>
      {codeSent && (
        <OtpCodeField otp={otp} sentTo={target.channel === 'sms' ? target.phone : target.email} onResend={() => otp.send.mutate(target)} />
      )}
      {sendFailure instanceof ApiError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          {sendFailure.message}
        </Alert>
      )}
    </>
  );
}
