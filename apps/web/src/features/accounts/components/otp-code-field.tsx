import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import '../styles.ts';
import { OtpCodeSchema } from '@rhc/contracts';
import { OTP_LENGTH } from '@rhc/domain';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { fieldErrorText, schemaErrors } from '../../../lib/forms.ts';
import type { OtpFlow } from '../hooks/use-otp.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { requiredField } from '../../../components/ui/required-field.tsx';

type OtpCodeFieldProps = {
  otp: OtpFlow;
  /** The phone number or e-mail address the code went to, as the person typed it. */
  sentTo: string;
  onResend: () => void;
};

/** Once a code went out: where it went, the 6-digit code with its check, and "send again" after a countdown. */
export function OtpCodeField({ otp, sentTo, onResend }: OtpCodeFieldProps) {
  const { t } = useTranslation('accounts');
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState<string | undefined>();
  const verificationId = otp.sent?.verificationId;

  if (otp.verified) {
    return (
      // Teal 9 reads at 5:1 on white (WCAG 1.4.3); teal 8 was 3.9:1.
      <Group gap="xs" c="teal.9" role="status">
        <IconCircleCheckFilled size={20} aria-hidden="true" />
        <Text fw={600}>{t('otp.verified')}</Text>
      </Group>
    );
  }

  const check = () => {
    const error = schemaErrors(OtpCodeSchema, code)[''];
    setFormatError(error);
    if (!error && verificationId) otp.verify.mutate({ verificationId, code: code.trim() });
  };

  return (
    <Stack gap="xs">
      <Text size="sm">{t('otp.sentTo', { target: sentTo })}</Text>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          {...requiredField(t('otp.code'))}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, OTP_LENGTH));
            setFormatError(undefined);
            otp.clearCodeError();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              check();
            }
          }}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          placeholder="••••••"
          error={fieldErrorText(formatError) ?? otp.codeError}
          style={{ flex: 1 }}
        />
        <Button mt={28} onClick={check} loading={otp.verify.isPending} variant="light">
          {t('otp.verify')}
        </Button>
      </Group>
      <Button
        variant="subtle"
        size="compact-sm"
        px={0}
        style={{ alignSelf: 'flex-start' }}
        disabled={otp.secondsUntilResend > 0}
        loading={otp.send.isPending}
        onClick={onResend}
      >
        {otp.secondsUntilResend > 0 ? t('otp.resendIn', { seconds: otp.secondsUntilResend }) : t('otp.resend')}
      </Button>
    </Stack>
  );
}
