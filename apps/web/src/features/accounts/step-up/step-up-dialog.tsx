import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import '../styles.ts';
import type { StepUpDestination } from '@rhc/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { otpTargetOf } from '../api.ts';
import { OtpChannelChoice } from '../components/otp-channel-choice.tsx';
import { OtpSentStep } from '../components/otp-sent-step.tsx';
import { useOtp } from '../hooks/use-otp.ts';
import { sendStepUpCode, verifyStepUpCode } from './api.ts';

/**
 * Step-up (decision 051): the person picks SMS or e-mail among the account's own (masked) destinations, gets a code and
 * types it; a right code calls `onProved` (the refused request is then sent again), cancel calls `onCancel`.
 */
export function StepUpDialog({
  channels,
  onProved,
  onCancel,
}: {
  channels: readonly StepUpDestination[];
  onProved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['step-up', 'accounts']);
  const [chosen, setChosen] = useState(channels[0]?.channel ?? 'sms');
  const destination = channels.find((candidate) => candidate.channel === chosen) ?? channels[0];
  const otp = useOtp({ send: (target) => sendStepUpCode(target.channel), verify: (_id, code) => verifyStepUpCode(code) });
  const codeSent = otp.sent !== null;

  useEffect(() => {
    if (otp.verified) onProved();
  }, [otp.verified, onProved]);

  const target = destination && otpTargetOf(destination);
  return (
    <Stack>
      {target ? (
        <>
          <Text size="sm">{t('step-up:intro')}</Text>
          {!codeSent && (
            <OtpChannelChoice
              value={target.channel}
              onChange={(channel) => {
                setChosen(channel);
                otp.send.reset();
              }}
              destinations={channels}
            />
          )}
          <OtpSentStep otp={otp} target={target} codeSent={codeSent} sendFailure={otp.send.error} />
        </>
      ) : (
        <Alert color="orange" icon={<IconAlertCircle aria-hidden="true" />}>
          {t('step-up:noChannel')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('step-up:cancel')}
        </Button>
        {target && !codeSent && (
          <Button onClick={() => otp.send.mutate(target)} loading={otp.send.isPending}>
            {t('accounts:otp.send')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
