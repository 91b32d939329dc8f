import { Alert, Anchor, Button, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { ContactField } from '../components/account-fields.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { useForm } from '@mantine/form';
import '../styles.ts';
import { JOB_IDS } from '@rhc/domain';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AddressField, DateOfBirthField, FullNameField } from '../../../components/person/person-fields.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { fieldErrorText, focusFirstError, serverFieldErrors, translateInputError } from '../../../lib/forms.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { emptySignup, JOB_OPTIONS, jobIdOf, signupErrors, toSignupBody, type OtpChannel, type SignupFormValues } from '../account-forms.ts';
import { isEmailRegistered, isPhoneRegistered, postSignup } from '../api.ts';
import type { OtpTarget } from '../api.ts';
import { AccountPage } from '../components/account-page.tsx';
import { GenderField } from '../../../components/person/gender-field.tsx';
import { DoctorFields } from '../components/doctor-fields.tsx';
import { FormSection } from '../components/form-section.tsx';
import { OtpChannelChoice } from '../components/otp-channel-choice.tsx';
import { OtpSentStep } from '../components/otp-sent-step.tsx';
import { useLogin } from '../hooks/use-login.ts';
import { useOtp } from '../hooks/use-otp.ts';
import { GrowingTextarea } from '../../../components/ui/growing-textarea.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { requiredField } from '../../../components/ui/required-field.tsx';

/** Server codes that belong to one field of the form. */
const FIELD_OF_CODE: Record<string, string> = { PHONE_TAKEN: 'phone', EMAIL_TAKEN: 'email' };

/**
 * Spec §1: the code goes by SMS to the phone or by e-mail to the e-mail. Only an SMS code proves the phone; with an
 * e-mail code the account starts with its phone unverified (decision 048).
 */
function otpTargetOf(values: SignupFormValues, channel: OtpChannel): OtpTarget {
  return channel === 'sms' ? { channel, phone: values.phone.trim() } : { channel, email: values.email.trim() };
}

function sameTarget(a: OtpTarget, b: OtpTarget): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Spec §2/§3: sign-up with every field of §3, verified by a code sent by SMS to the phone or by e-mail, the
 * doctor's extras for a doctor. After sign-up the person is logged in at once and lands on the home page.
 */
export function RegisterPage() {
  const { t } = useTranslation(['accounts', 'errors']);
  usePageTitle(t('register.title'));
  const navigate = useNavigate();
  const otp = useOtp('signup');
  const login = useLogin();
  const [channel, setChannel] = useState<OtpChannel>('sms');
  // The phone an account already has: its real owner is shown how to recover that account (decision 048).
  const [takenPhone, setTakenPhone] = useState<string | null>(null);

  const form = useForm<SignupFormValues>({
    initialValues: emptySignup,
    validate: (values) => signupErrors(values, currentVerificationId(values)),
    validateInputOnBlur: true,
    enhanceGetInputProps: translateInputError,
  });

  // A code vouches for the phone or e-mail it went to: changing it asks for a new one.
  function currentVerificationId(values: SignupFormValues): string | null {
    return otp.sent && sameTarget(otp.sent.target, otpTargetOf(values, channel)) ? otp.verificationId : null;
  }
  const target = otpTargetOf(form.values, channel);
  const codeSent = !!otp.sent && sameTarget(otp.sent.target, target);
  // A phone or e-mail verified and then changed: the code vouched for the old one, and the new one needs its own.
  const targetChangedAfterCode = !!otp.sent && !codeSent && otp.sent.target.channel === channel;
  const phoneTaken = takenPhone !== null && takenPhone === form.values.phone.trim();

  const checkTarget = useMutation({
    mutationFn: async (next: OtpTarget) => {
      // The phone is looked up by either channel: a number that has an account is its owner's to recover, not to sign up.
      if (await isPhoneRegistered(form.values.phone.trim())) return { field: 'phone', code: 'PHONE_TAKEN' } as const;
      if (next.channel === 'email' && (await isEmailRegistered(next.email))) return { field: 'email', code: 'EMAIL_TAKEN' } as const;
      return null;
    },
  });

  const sendCode = async () => {
    const phoneInvalid = form.validateField('phone').hasError;
    if (phoneInvalid || (channel === 'email' && form.validateField('email').hasError)) return;
    const next = otpTargetOf(form.values, channel);
    try {
      const taken = await checkTarget.mutateAsync(next);
      if (taken) {
        form.setFieldError(taken.field, taken.code);
        if (taken.code === 'PHONE_TAKEN') setTakenPhone(form.values.phone.trim());
        return;
      }
      await otp.send.mutateAsync(next);
    } catch {
      // Shown below from the mutations' errors.
    }
  };

  const signup = useMutation({ mutationFn: postSignup });

  const submit = form.onSubmit(
    async (values) => {
      const body = toSignupBody(values, currentVerificationId(values));
      let user;
      try {
        user = await signup.mutateAsync(body);
      } catch (error) {
        const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
        if (field === 'phone') setTakenPhone(values.phone.trim());
        form.setErrors({ ...serverFieldErrors(error), ...(field ? { [field]: (error as ApiError).message } : {}) });
        return;
      }
      try {
        await login.mutateAsync({ phone: body.phone, password: body.password });
        showSuccess(t('register.welcome', { name: user.fullName }));
        await navigate(paths.home, { replace: true });
      } catch {
        // The account exists; only the automatic login failed (e.g. the network): log in by hand.
        showSuccess(t('register.created'));
        await navigate(paths.login, { replace: true });
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  const jobId = jobIdOf(form.values.jobId);
  const otpProblem = form.errors.verificationId;
  const sendFailure = checkTarget.error ?? otp.send.error;
  const submitFailure = signup.error;
  const generalFailure =
    submitFailure instanceof ApiError && !submitFailure.details && !FIELD_OF_CODE[submitFailure.code] ? submitFailure.message : null;

  return (
    <AccountPage
      width="wide"
      title={t('register.title')}
      intro={
        <>
          {t('register.haveAccount')}{' '}
          <Anchor component={Link} to={paths.login} fw={600}>
            {t('register.login')}
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="xl">
          <FormSection title={t('register.sections.personal')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <FullNameField {...form.getInputProps('fullName')} autoComplete="name" />
              <DateOfBirthField {...form.getInputProps('dateOfBirth')} />
              <GenderField {...form.getInputProps('gender')} />
              <AddressField {...form.getInputProps('address')} autoComplete="street-address" />
            </SimpleGrid>
          </FormSection>

          <FormSection title={t('register.sections.contact')} text={t('register.verifyIntro')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <ContactField {...form.getInputProps('phone')} field="phone" />
              <ContactField {...form.getInputProps('email')} field="email" />
            </SimpleGrid>
            {phoneTaken && (
              <Alert color="yellow" mt="sm" icon={<IconAlertCircle aria-hidden="true" />}>
                {t('register.phoneTakenHelp')}{' '}
                <Anchor component={Link} to={paths.forgotPassword} fw={600}>
                  {t('register.phoneTakenLink')}
                </Anchor>
              </Alert>
            )}
            <Stack gap="sm" mt="md">
              <OtpChannelChoice value={channel} onChange={setChannel} />
              {channel === 'email' && (
                <Text size="sm" c="dimmed">
                  {t('register.emailChannelNote')}
                </Text>
              )}
              {!codeSent && (
                <Button
                  variant="light"
                  leftSection={<IconSend size={18} aria-hidden="true" />}
                  // The form's focus goes here when the phone is not verified yet ("Đăng ký" says what is missing).
                  data-path="verificationId"
                  onClick={() => void sendCode()}
                  loading={checkTarget.isPending || otp.send.isPending}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('otp.send')}
                </Button>
              )}
              <OtpSentStep otp={otp} target={target} codeSent={codeSent} sendFailure={sendFailure} />
              {targetChangedAfterCode && (
                <Text c="red.8" size="sm" role={otpProblem ? 'alert' : 'status'}>
                  {channel === 'sms' ? t('otp.targetChanged') : t('otp.emailTargetChanged')}
                </Text>
              )}
              {otpProblem && !(codeSent && otp.verified) && !targetChangedAfterCode && (
                <Text c="red.8" size="sm" role="alert">
                  {fieldErrorText(otpProblem)}
                </Text>
              )}
            </Stack>
          </FormSection>

          <FormSection title={t('register.sections.job')}>
            <Stack gap="md">
              <Radio.Group {...form.getInputProps('jobId')} {...requiredField(t('fields.job'))}>
                <Group gap="lg" mt={8}>
                  {JOB_OPTIONS.map((id) => (
                    <Radio key={id} value={String(id)} label={t(`jobs.${id}`)} />
                  ))}
                </Group>
              </Radio.Group>
              {jobId === JOB_IDS.other && (
                <GrowingTextarea {...form.getInputProps('jobNote')} {...requiredField(t('fields.jobNote'))} minRows={2} />
              )}
              {jobId === JOB_IDS.doctor && (
                <DoctorFields field={(path) => form.getInputProps(path)} workPlace={form.values.doctor.workPlace} />
              )}
            </Stack>
          </FormSection>

          <FormSection title={t('register.sections.password')} text={t('fields.passwordHint')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <PasswordField {...form.getInputProps('password')} field="password" autoComplete="new-password" />
              <PasswordField {...form.getInputProps('rePassword')} field="rePassword" autoComplete="new-password" />
            </SimpleGrid>
          </FormSection>

          {generalFailure && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
              {generalFailure}
            </Alert>
          )}
          <Button type="submit" size="md" loading={signup.isPending || login.isPending} style={{ alignSelf: 'flex-start' }} miw={220}>
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
    </AccountPage>
  );
}
