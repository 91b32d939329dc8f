import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { ContactField } from '../components/account-fields.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { useForm } from '@mantine/form';
import '../styles.ts';
import { LoginBodySchema } from '@rhc/contracts';
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

/** Spec §2: log in with phone and password; back to the page first asked for, else home. */
export function LoginPage() {
  const { t, i18n } = useTranslation('accounts');
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const form = useForm({
    initialValues: { phone: '', password: '' },
    validate: (values) => schemaErrors(LoginBodySchema, values),
    enhanceGetInputProps: translateInputError,
  });

  const submit = form.onSubmit((values) => {
    login.mutate(values, {
      onSuccess: async (result) => {
        if (result.deletionCancelled) {
          // This login kept an account whose deletion was pending (decision 052): said in the deletion's own words.
          await i18n.loadNamespaces('account-deletion');
          showSuccess(i18n.t('account-deletion:loginNotice'));
        } else showSuccess(t('login.welcome', { name: result.user.fullName }));
        await navigate(returnPathOf(location.state, paths.home), { replace: true });
      },
      onError: (error) => form.setErrors(serverFieldErrors(error)),
    });
  });

  // 10401, 19404, 16404, LOGIN_LOCKED…: the server's message, in the person's language.
  const failure = login.error instanceof ApiError && !login.error.details ? login.error.message : null;

  return (
    <AccountPage title={t('login.title')} intro={t('login.intro')}>
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
    </AccountPage>
  );
}
