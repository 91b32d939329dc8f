import { Button, Checkbox, Stack, Text, TextInput, Title } from '@mantine/core';
import '../styles.ts';
import type { LoggedIn, TwoStepChallenge } from '@rhc/contracts';
import { OTP_MAX_ATTEMPTS } from '@rhc/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { requiredField } from '../../../components/ui/required-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { fieldErrorText } from '../../../lib/forms.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { otpTargetOf } from '../api.ts';
import { OtpChannelChoice } from '../components/otp-channel-choice.tsx';
import { OtpSentStep } from '../components/otp-sent-step.tsx';
import { useOtp } from '../hooks/use-otp.ts';
import { finishLogin, sendLoginCode } from './api.ts';

/**
 * The login's second step (decision 054), on the login page once the password was right: a code by SMS or e-mail among
 * the account's own (masked) destinations, or one recovery code; "trust this device" skips it next time. A finished
 * step is the login: `onLoggedIn` with the login's answer. `onBack` returns to the password.
 */
export function SecondStep({
  challenge,
  onLoggedIn,
  onBack,
}: {
  challenge: TwoStepChallenge['twoStep'];
  onLoggedIn: (result: LoggedIn) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation(['two-step', 'accounts']);
  const logIn = useAuthStore((state) => state.logIn);
  const [mode, setMode] = useState<'code' | 'recovery'>(challenge.channels.length > 0 ? 'code' : 'recovery');
  const [trustDevice, setTrustDevice] = useState(false);
  const [chosen, setChosen] = useState(challenge.channels[0]?.channel ?? 'sms');
  const destination = challenge.channels.find((candidate) => candidate.channel === chosen) ?? challenge.channels[0];
  const target = destination && otpTargetOf(destination);
  const answer = useRef<LoggedIn | null>(null);

  const done = (result: LoggedIn) => {
    logIn(result.user);
    onLoggedIn(result);
  };
  // The code field's check is the second step itself: a right code is the login's answer (the cookies are set).
  const otp = useOtp({
    send: (sentTo) => sendLoginCode(challenge.ticket, sentTo.channel),
    verify: async (_verificationId, code) => {
      answer.current = await finishLogin({ ticket: challenge.ticket, code, trustDevice });
      return { isValid: true, attemptsLeft: OTP_MAX_ATTEMPTS };
    },
  });
  const codeSent = otp.sent !== null;
  useEffect(() => {
    if (otp.verified && answer.current) done(answer.current);
    // `done` is new on every render; the login is finished once, when the check says so.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [otp.verified]);

  const [recoveryCode, setRecoveryCode] = useState('');
  const [recoveryError, setRecoveryError] = useState<string | null>(null);
  const recovery = useMutation({
    mutationFn: () => finishLogin({ ticket: challenge.ticket, recoveryCode: recoveryCode.trim(), trustDevice }),
    onSuccess: done,
    onError: (error) => setRecoveryError(error instanceof ApiError ? error.message : t('two-step:section.error')),
  });
  const submitRecovery = () => {
    if (recoveryCode.trim() === '') setRecoveryError(fieldErrorText('validation.required') ?? null);
    else recovery.mutate();
  };

  const trust = (
    <Checkbox checked={trustDevice} onChange={(event) => setTrustDevice(event.currentTarget.checked)} label={t('two-step:login.trust')} />
  );

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('two-step:login.title')}
      </Title>
      <Text size="sm">{t('two-step:login.intro')}</Text>
      {mode === 'code' && target ? (
        <>
          {!codeSent && (
            <OtpChannelChoice
              value={target.channel}
              onChange={(channel) => {
                setChosen(channel);
                otp.send.reset();
              }}
              destinations={challenge.channels}
            />
          )}
          {trust}
          <OtpSentStep otp={otp} target={target} codeSent={codeSent} sendFailure={otp.send.error} />
          {!codeSent && (
            <Button size="md" fullWidth onClick={() => otp.send.mutate(target)} loading={otp.send.isPending}>
              {t('accounts:otp.send')}
            </Button>
          )}
          <Button variant="subtle" fullWidth onClick={() => setMode('recovery')}>
            {t('two-step:login.useRecovery')}
          </Button>
        </>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submitRecovery();
          }}
        >
          <Stack gap="md">
            <TextInput
              {...requiredField(t('two-step:login.recoveryCode'))}
              description={t('two-step:login.recoveryHint')}
              value={recoveryCode}
              onChange={(event) => {
                setRecoveryCode(event.currentTarget.value);
                setRecoveryError(null);
              }}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              placeholder="xxxxx-xxxxx"
              error={recoveryError}
            />
            {trust}
            <Button type="submit" size="md" fullWidth loading={recovery.isPending}>
              {t('two-step:login.submit')}
            </Button>
            {target && (
              <Button variant="subtle" fullWidth onClick={() => setMode('code')}>
                {t('two-step:login.useCode')}
              </Button>
            )}
          </Stack>
        </form>
      )}
      <Button variant="default" fullWidth onClick={onBack}>
        {t('two-step:login.back')}
      </Button>
    </Stack>
  );
}
