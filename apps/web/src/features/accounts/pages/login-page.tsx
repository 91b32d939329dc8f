import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { ContactField } from '../components/account-fields.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { useForm } from '@mantine/form';
import '../styles.ts';
import { LoginBodySchema, type LoggedIn, type TwoStepChallenge } from '@rhc/contracts';
import { lazy, Suspense, useState } from 'react';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { schemaErrors, serverFieldErrors, translateInputError } from '../../../lib/forms.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { AccountPage } from '../components/account-page.tsx';
import { useLogin } from '../hooks/use-login.ts';
import { returnPathOf } from '../login-redirect.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { LoadingState } from '../../../components/ui/query-state.tsx';

// The second step of a two-step login (decision 054): its code and strings load only for an account that has it on.
const SecondStep = lazy(async () => ({ default: (await import('../two-step/second-step.tsx')).SecondStep }));

/** Spec §2: log in with phone and password; back to the page first asked for, else home. */
export function LoginPage() {
  const { t, i18n } = useTranslation('accounts');
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [challenge, setChallenge] = useState<TwoStepChallenge['twoStep'] | null>(null);
  const form = useForm({
    initialValues: { phone: '', password: '' },
    validate: (values) => schemaErrors(LoginBodySchema, values),
    enhanceGetInputProps: translateInputError,
  });

  /** A login that opened a session, with or without a second step: the welcome, then the page first asked for. */
  const welcome = async (result: LoggedIn) => {
    if (result.deletionCancelled) {
      // This login kept an account whose deletion was pending (decision 052): said in the deletion's own words.
      await i18n.loadNamespaces('account-deletion');
      showSuccess(i18n.t('account-deletion:loginNotice'));
    } else showSuccess(t('login.welcome', { name: result.user.fullName }));
    await navigate(returnPathOf(location.state, paths.home), { replace: true });
  };

  const submit = form.onSubmit((values) => {
    login.mutate(values, {
      // Two-step login on, and this device not trusted: the second step, on this page (decision 054).
      onSuccess: (result) => ('twoStep' in result ? setChallenge(result.twoStep) : welcome(result)),
      onError: (error) => form.setErrors(serverFieldErrors(error)),
    });
  });

  // 10401, 19404, 16404, LOGIN_LOCKED…: the server's message, in the person's language.
  const failure = login.error instanceof ApiError && !login.error.details ? login.error.message : null;

  return (
    <AccountPage title={t('login.title')} intro={t('login.intro')}>
      {challenge ? (
        <Suspense fallback={<LoadingState minHeight={240} />}>
          <SecondStep
            challenge={challenge}
            onLoggedIn={(result) => void welcome(result)}
            onBack={() => {
              setChallenge(null);
              login.reset();
              form.setFieldValue('password', '');
            }}
          />
        </Suspense>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {failure && (
              <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
                {failure}
              </Alert>
            )}
            <ContactField {...form.getInputProps('phone')} field="phone" />
            <PasswordField {...form.getInputProps('password')} field="password" autoComplete="current-password" />
            <Group justify="flex-end" mt={-8}>
              <Anchor component={Link} to={paths.forgotPassword} size="sm">
                {t('login.forgotPassword')}
              </Anchor>
            </Group>
            <Button type="submit" size="md" loading={login.isPending} fullWidth>
              {t('login.submit')}
            </Button>
            <Text ta="center" size="sm">
              {t('login.noAccount')}{' '}
              <Anchor component={Link} to={paths.register} fw={600}>
                {t('login.register')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </AccountPage>
  );
}
