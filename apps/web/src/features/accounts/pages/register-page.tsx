import { Alert, Anchor, Button, Group, PasswordInput, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import '../styles.ts';
import { JOB_IDS } from '@rhc/domain';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { AddressField, DateOfBirthField, FullNameField } from '../../../components/person/person-fields.tsx';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { fieldErrorText, focusFirstError, serverFieldErrors, translateInputError } from '../../../lib/forms.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { emptySignup, JOB_OPTIONS, jobIdOf, signupErrors, toSignupBody, type SignupFormValues } from '../account-forms.ts';
import { isPhoneRegistered, postSignup } from '../api.ts';
import type { OtpTarget } from '../api.ts';
import { AccountPage } from '../components/account-page.tsx';
import { GenderField } from '../../../components/person/gender-field.tsx';
import { DoctorFields } from '../components/doctor-fields.tsx';
import { FormSection } from '../components/form-section.tsx';
import { OtpCodeField } from '../components/otp-code-field.tsx';
import { useLogin } from '../hooks/use-login.ts';
import { useOtp } from '../hooks/use-otp.ts';
import { GrowingTextarea } from '../../../components/ui/growing-textarea.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** Server codes that belong to one field of the form. */
const FIELD_OF_CODE: Record<string, string> = { PHONE_TAKEN: 'phone', EMAIL_TAKEN: 'email' };

/** Only a code sent by SMS to the phone proves it is the person's (an e-mail code would not): sign-up uses SMS. */
function otpTargetOf(values: SignupFormValues): OtpTarget {
  return { channel: 'sms', phone: values.phone.trim() };
}

function sameTarget(a: OtpTarget, b: OtpTarget): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Spec §2/§3: sign-up with every field of §3, the phone verified by a code sent to it by SMS, the
 * doctor's extras for a doctor. After sign-up the person is logged in at once and lands on the home page.
 */
export function RegisterPage() {
  const { t } = useTranslation(['accounts', 'errors']);
  usePageTitle(t('register.title'));
  const navigate = useNavigate();
  const otp = useOtp('signup');
  const login = useLogin();

  const form = useForm<SignupFormValues>({
    initialValues: emptySignup,
    validate: (values) => signupErrors(values, currentVerificationId(values)),
    validateInputOnBlur: true,
    enhanceGetInputProps: translateInputError,
  });

  // A code vouches for the phone it went to: changing it asks for a new one.
  function currentVerificationId(values: SignupFormValues): string | null {
    return otp.sent && sameTarget(otp.sent.target, otpTargetOf(values)) ? otp.verificationId : null;
  }
  const target = otpTargetOf(form.values);
  const codeSent = !!otp.sent && sameTarget(otp.sent.target, target);
  // A phone verified and then changed: the code vouched for the old number, and the new one needs its own.
  const phoneChangedAfterCode = !!otp.sent && !codeSent;

  const checkTarget = useMutation({
    mutationFn: async (next: OtpTarget) => {
      if (next.channel === 'sms' && (await isPhoneRegistered(next.phone))) return { field: 'phone', code: 'PHONE_TAKEN' } as const;
      return null;
    },
  });

  const sendCode = async () => {
    if (form.validateField('phone').hasError) return;
    const next = otpTargetOf(form.values);
    try {
      const taken = await checkTarget.mutateAsync(next);
      if (taken) {
        form.setFieldError(taken.field, taken.code);
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
              <TextInput
                {...form.getInputProps('phone')}
                label={<FieldLabel required>{t('fields.phone')}</FieldLabel>}
                required
                withAsterisk={false}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
              />
              <TextInput
                {...form.getInputProps('email')}
                label={<FieldLabel required>{t('fields.email')}</FieldLabel>}
                required
                withAsterisk={false}
                type="email"
                autoComplete="email"
              />
            </SimpleGrid>
            <Stack gap="sm" mt="md">
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
              {codeSent && (
                <OtpCodeField
                  otp={otp}
                  sentTo={target.channel === 'sms' ? target.phone : target.email}
                  onResend={() => otp.send.mutate(target)}
                />
              )}
              {sendFailure instanceof ApiError && (
                <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
                  {sendFailure.message}
                </Alert>
              )}
              {phoneChangedAfterCode && (
                <Text c="red.8" size="sm" role={otpProblem ? 'alert' : 'status'}>
                  {t('otp.targetChanged')}
                </Text>
              )}
              {otpProblem && !(codeSent && otp.verified) && !phoneChangedAfterCode && (
                <Text c="red.8" size="sm" role="alert">
                  {fieldErrorText(otpProblem)}
                </Text>
              )}
            </Stack>
          </FormSection>

          <FormSection title={t('register.sections.job')}>
            <Stack gap="md">
              <Radio.Group
                {...form.getInputProps('jobId')}
                label={<FieldLabel required>{t('fields.job')}</FieldLabel>}
                required
                withAsterisk={false}
              >
                <Group gap="lg" mt={8}>
                  {JOB_OPTIONS.map((id) => (
                    <Radio key={id} value={String(id)} label={t(`jobs.${id}`)} />
                  ))}
                </Group>
              </Radio.Group>
              {jobId === JOB_IDS.other && (
                <GrowingTextarea
                  {...form.getInputProps('jobNote')}
                  label={<FieldLabel required>{t('fields.jobNote')}</FieldLabel>}
                  required
                  withAsterisk={false}
                  minRows={2}
                />
              )}
              {jobId === JOB_IDS.doctor && (
                <DoctorFields field={(path) => form.getInputProps(path)} workPlace={form.values.doctor.workPlace} />
              )}
            </Stack>
          </FormSection>

          <FormSection title={t('register.sections.password')} text={t('fields.passwordHint')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <PasswordInput
                {...form.getInputProps('password')}
                label={<FieldLabel required>{t('fields.password')}</FieldLabel>}
                required
                withAsterisk={false}
                autoComplete="new-password"
              />
              <PasswordInput
                {...form.getInputProps('rePassword')}
                label={<FieldLabel required>{t('fields.rePassword')}</FieldLabel>}
                required
                withAsterisk={false}
                autoComplete="new-password"
              />
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
