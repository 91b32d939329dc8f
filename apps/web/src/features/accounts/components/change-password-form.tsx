import { Button, SimpleGrid, Stack } from '@mantine/core';
import { PasswordField } from './password-field.tsx';
import { useForm } from '@mantine/form';
import '../styles.ts';
import { ChangePasswordBodySchema } from '@rhc/contracts';
import { useFormMutation } from '../../../lib/use-form-mutation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { focusFirstError, schemaErrors, translateInputError } from '../../../lib/forms.ts';
import { changePassword } from '../api.ts';
import { FormSection } from './form-section.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

const empty = { currentPassword: '', newPassword: '', rePassword: '' };

/** Spec §2: change the password with the current one; the person stays logged in here (other sessions end). */
export function ChangePasswordForm({ userId }: { userId: string }) {
  const { t } = useTranslation('accounts');
  const form = useForm({
    initialValues: empty,
    validate: (values) => schemaErrors(ChangePasswordBodySchema, values),
    enhanceGetInputProps: translateInputError,
  });

  const save = useFormMutation({
    mutationFn: (values: typeof empty) => changePassword(userId, values),
    form,
    onFailure: (error, errors) => {
      if (error instanceof ApiError && error.code === 'CURRENT_PASSWORD_INCORRECT') errors.currentPassword = error.message;
    },
    success: t('password.changed'),
    onSuccess: () => form.reset(),
  });

  const submit = form.onSubmit(
    (values) => save.mutate(values),
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <FormSection title={t('password.title')} text={t('fields.passwordHint')}>
        <Stack gap="md">
          <PasswordField {...form.getInputProps('currentPassword')} field="currentPassword" autoComplete="current-password" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <PasswordField {...form.getInputProps('newPassword')} field="newPassword" autoComplete="new-password" />
            <PasswordField {...form.getInputProps('rePassword')} field="rePassword" autoComplete="new-password" />
          </SimpleGrid>
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('password.submit')}
          </Button>
        </Stack>
      </FormSection>
    </form>
  );
}
