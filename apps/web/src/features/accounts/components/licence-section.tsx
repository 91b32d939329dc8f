import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import '../styles.ts';
import { LicenceBodySchema } from '@rhc/contracts';
import { CLINICAL_LIMITS } from '@rhc/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { focusFirstError, schemaErrors, serverFieldErrors, translateInputError } from '../../../lib/forms.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { saveDoctorLicence, useDoctorLicence } from '../licence-api.ts';
import { FormSection } from './form-section.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** The section's anchor: the doctor's screens link to `/infouser/#licence` when a licence number is missing. */
export const LICENCE_SECTION_ID = 'licence';

/**
 * /infouser/ for a doctor (issue 17): the practising licence number (chứng chỉ hành nghề) that writing a diagnosis or a
 * prescription, and confirming an online booking, need — shown, added and changed (GET/PUT /doctor-licence/{userId}).
 */
export function LicenceSection({ userId }: { userId: string }) {
  const { t } = useTranslation('accounts');
  const licence = useDoctorLicence(userId, true);
  return (
    <FormSection title={t('licence.title')} text={t('licence.text')}>
      {licence.data ? (
        <LicenceForm key={licence.data.licenceNumber ?? ''} userId={userId} saved={licence.data.licenceNumber} />
      ) : licence.isError ? (
        <ErrorState message={licence.error.message} onRetry={() => void licence.refetch()} />
      ) : (
        <LoadingState minHeight={100} />
      )}
    </FormSection>
  );
}

function LicenceForm({ userId, saved }: { userId: string; saved: string | null }) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const { hash } = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const form = useForm({
    initialValues: { licenceNumber: saved ?? '' },
    validate: (values) => schemaErrors(LicenceBodySchema, values),
    enhanceGetInputProps: translateInputError,
  });

  // Sent here from a doctor's screen to add the missing number: the field, in view and focused.
  useEffect(() => {
    if (hash !== `#${LICENCE_SECTION_ID}`) return;
    input.current?.scrollIntoView({ block: 'center' });
    input.current?.focus();
  }, [hash]);

  const save = useMutation({
    mutationFn: (values: { licenceNumber: string }) => saveDoctorLicence(userId, values.licenceNumber),
    onSuccess: async () => {
      showSuccess(t('licence.saved'));
      // The doctor's screens (edit page, order page) read whether they may write from the clinical domain.
      await queryClient.invalidateQueries({ queryKey: ['clinical'] });
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (error instanceof ApiError && Object.keys(fields).length > 0) form.setErrors(fields);
      else showError(error.message);
    },
  });

  const submit = form.onSubmit(
    (values) => save.mutate(values),
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate id={LICENCE_SECTION_ID}>
      <Stack gap="md">
        {!saved && (
          <Alert color="orange" icon={<IconAlertTriangle aria-hidden="true" />} data-testid="licence-missing">
            {t('licence.missing')}
          </Alert>
        )}
        <TextInput
          {...form.getInputProps('licenceNumber')}
          ref={input}
          label={<FieldLabel required>{t('licence.label')}</FieldLabel>}
          description={t('licence.hint')}
          maxLength={CLINICAL_LIMITS.licenceNumberMax}
          autoComplete="off"
          spellCheck={false}
          required
          withAsterisk={false}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('licence.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
