import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { ContactField } from '../components/account-fields.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { useForm } from '@mantine/form';
import '../styles.ts';
import { EmailSchema, PhoneSchema, ResetPasswordBodySchema } from '@rhc/contracts';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod/mini';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { focusFirstError, schemaErrors, serverFieldErrors, translateInputError } from '../../../lib/forms.ts';
import { showSuccess } from '../../../lib/toast.ts';
import type { OtpChannel } from '../account-forms.ts';
import { doEmailAndPhoneMatch, isPhoneRegistered, resetPassword } from '../api.ts';
import type { OtpTarget } from '../api.ts';
import { AccountPage } from '../components/account-page.tsx';
import { OtpChannelChoice } from '../components/otp-channel-choice.tsx';
import { OtpSentStep } from '../components/otp-sent-step.tsx';
import { useOtp } from '../hooks/use-otp.ts';
import { useTranslation } from '../../../lib/i18n.ts';

type RequestValues = { channel: OtpChannel; phone: string; email: string };

/** By SMS the phone is enough; by e-mail the person names both, and they must belong to one account. */
const RequestSchema = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('sms'), phone: PhoneSchema }),
  z.object({ channel: z.literal('email'), phone: PhoneSchema, email: EmailSchema }),
]);

function targetOf(values: RequestValues): OtpTarget {
  return values.channel === 'sms'
    ? { channel: 'sms', phone: values.phone.trim() }
    : { channel: 'email', email: values.email.trim(), phone: values.phone.trim() };
}

/**
 * Spec §2: a code by SMS or by e-mail, then a new password; afterwards the login screen with a
 * confirmation. The server ends every session of the account on a reset.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['accounts', 'errors']);
  usePageTitle(t('forgot.title'));
  const navigate = useNavigate();
  const otp = useOtp('reset');

  const request = useForm<RequestValues>({
    initialValues: { channel: 'sms', phone: '', email: '' },
    validate: (values) => schemaErrors(RequestSchema, values),
    enhanceGetInputProps: translateInputError,
  });
  const target = targetOf(request.values);
  const codeSent = !!otp.sent && JSON.stringify(otp.sent.target) === JSON.stringify(target);
  const verificationId = codeSent ? otp.verificationId : null;

  const checkAccount = useMutation({
    mutationFn: async (next: OtpTarget) => {
      if (next.channel === 'sms') return (await isPhoneRegistered(next.phone)) ? null : ({ field: 'phone', code: '19404' } as const);
      return (await doEmailAndPhoneMatch(next.email, next.phone ?? ''))
        ? null
        : ({ field: 'email', code: 'EMAIL_PHONE_MISMATCH' } as const);
    },
  });

  const sendCode = request.onSubmit(
    async (values) => {
      const next = targetOf(values);
      try {
        const problem = await checkAccount.mutateAsync(next);
        if (problem) {
          request.setFieldError(problem.field, problem.code);
          return;
        }
        await otp.send.mutateAsync(next);
      } catch {
        // Shown below from the mutations' errors.
      }
    },
    (errors) => focusFirstError(request, errors),
  );

  const password = useForm({
    initialValues: { newPassword: '', rePassword: '' },
    validate: (values) => schemaErrors(ResetPasswordBodySchema, { ...values, verificationId }),
    enhanceGetInputProps: translateInputError,
  });
  const reset = useMutation({ mutationFn: resetPassword });
  const savePassword = password.onSubmit(
    (values) => {
      if (!verificationId) return;
      reset.mutate(
        { verificationId, ...values },
        {
          onSuccess: async () => {
            showSuccess(t('forgot.done'));
            await navigate(paths.login, { replace: true });
          },
          onError: (error) => password.setErrors(serverFieldErrors(error)),
        },
      );
    },
    (errors) => focusFirstError(password, errors),
  );

  const sendFailure = checkAccount.error ?? otp.send.error;
  const resetFailure = reset.error instanceof ApiError && !reset.error.details ? reset.error.message : null;

  return (
    <AccountPage title={t('forgot.title')} intro={verificationId ? t('forgot.newPasswordIntro') : t('forgot.intro')}>
      {!verificationId ? (
        <Stack gap="md">
          <form onSubmit={sendCode} noValidate>
            <Stack gap="md">
              <OtpChannelChoice value={request.values.channel} onChange={(channel) => request.setFieldValue('channel', channel)} />
              {request.values.channel === 'email' && <ContactField {...request.getInputProps('email')} field="email" />}
              <ContactField
                {...request.getInputProps('phone')}
                field="phone"
                description={request.values.channel === 'email' ? t('forgot.phoneOfAccount') : undefined}
              />
              {!codeSent && (
                <Button
                  type="submit"
                  leftSection={<IconSend size={18} aria-hidden="true" />}
                  loading={checkAccount.isPending || otp.send.isPending}
                  fullWidth
                >
                  {t('otp.send')}
                </Button>
              )}
            </Stack>
          </form>
          <OtpSentStep otp={otp} target={target} codeSent={codeSent} sendFailure={sendFailure} />
        </Stack>
      ) : (
        <form onSubmit={savePassword} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('fields.passwordHint')}
            </Text>
            <PasswordField {...password.getInputProps('newPassword')} field="newPassword" autoComplete="new-password" data-autofocus />
            <PasswordField {...password.getInputProps('rePassword')} field="rePassword" autoComplete="new-password" />
            {resetFailure && (
              <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
                {resetFailure}
              </Alert>
            )}
            <Button type="submit" loading={reset.isPending} fullWidth>
              {t('forgot.save')}
            </Button>
          </Stack>
        </form>
      )}
      <Text ta="center" size="sm" mt="lg">
        <Anchor component={Link} to={paths.login}>
          {t('forgot.backToLogin')}
        </Anchor>
      </Text>
    </AccountPage>
  );
}
