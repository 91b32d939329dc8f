import { Alert, Button, Stack, Text } from '@mantine/core';
import '../styles.ts';
import { IconAlertTriangle, IconCircleCheckFilled, IconSend } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api-error.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { sendPhoneCode, verifyPhone } from '../api.ts';
import { useOtp } from '../hooks/use-otp.ts';
import { OtpCodeField } from './otp-code-field.tsx';

/**
 * Decision 048: an account signed up with an e-mail code has its phone unverified, and gets no SMS until an SMS code
 * proves the phone. The notice says so, and "Xác minh" sends that code to the phone and checks it here.
 */
export function PhoneVerification({ userId, phone }: { userId: string; phone: string }) {
  const { t } = useTranslation('accounts');
  const otp = useOtp({ send: () => sendPhoneCode(userId), verify: (verificationId, code) => verifyPhone(userId, verificationId, code) });
  const target = { channel: 'sms', phone } as const;

  if (otp.verified)
    return <Alert color="teal" icon={<IconCircleCheckFilled aria-hidden="true" />} role="status" title={t('phoneVerification.done')} />;

  return (
    <Alert color="yellow" icon={<IconAlertTriangle aria-hidden="true" />} title={t('phoneVerification.title')}>
      <Stack gap="sm">
        <Text size="sm">{t('phoneVerification.text', { phone })}</Text>
        {otp.sent ? (
          <OtpCodeField otp={otp} sentTo={phone} onResend={() => otp.send.mutate(target)} />
        ) : (
          <Button
            leftSection={<IconSend size={18} aria-hidden="true" />}
            onClick={() => otp.send.mutate(target)}
            loading={otp.send.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('phoneVerification.verify')}
          </Button>
        )}
        {otp.send.error instanceof ApiError && (
          <Text c="red.8" size="sm" role="alert">
            {otp.send.error.message}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
