import { Button, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import '../styles.ts';
import { ChangePasswordBodySchema } from '@rhc/contracts';
import { useFormMutation } from '../../../lib/use-form-mutation.ts';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
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
          <PasswordInput
            {...form.getInputProps('currentPassword')}
            label={<FieldLabel required>{t('fields.currentPassword')}</FieldLabel>}
            required
            withAsterisk={false}
            autoComplete="current-password"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <PasswordInput
              {...form.getInputProps('newPassword')}
              label={<FieldLabel required>{t('fields.newPassword')}</FieldLabel>}
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
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('password.submit')}
          </Button>
        </Stack>
      </FormSection>
    </form>
  );
}
