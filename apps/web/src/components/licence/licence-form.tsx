import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { clinicalEndpoints, LicenceBodySchema } from '@rhc/contracts';
import { CLINICAL_LIMITS } from '@rhc/domain';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { apiRequest } from '../../lib/api-client.ts';
import { focusFirstError, schemaErrors, translateInputError } from '../../lib/forms.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useFormMutation } from '../../lib/use-form-mutation.ts';
import { requiredField } from '../ui/required-field.tsx';

/** The form's anchor: the doctor's screens link to `/infouser/#licence` when a licence number is missing. */
export const LICENCE_SECTION_ID = 'licence';

/** PUT /doctor-licence/{userId}: records (or changes) the licence number; the server normalises it. */
export function saveDoctorLicence(userId: string, licenceNumber: string) {
  return apiRequest(clinicalEndpoints.setLicence, { params: { userId }, body: { licenceNumber } });
}

/** What reads the licence: the number itself and whether the doctor may write (clinical), the order's confirm (orders). */
async function refreshLicence(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [clinicalEndpoints.licence.domain] }),
    queryClient.invalidateQueries({ queryKey: ['orders'] }),
  ]);
}

/**
 * A doctor's practising licence number (issue 17), the one form for it: on the doctor's profile (`/infouser/`, where a
 * link to `#licence` brings the field into view, focused) and on the examination page of a doctor who has none yet.
 * The strings are the `licence` namespace's, loaded with those routes.
 */
export function LicenceForm({ userId, saved = null }: { userId: string; saved?: string | null }) {
  const { t } = useTranslation('licence');
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

  const save = useFormMutation({
    mutationFn: (values: { licenceNumber: string }) => saveDoctorLicence(userId, values.licenceNumber),
    form,
    success: t('saved'),
    refresh: refreshLicence,
  });

  const submit = form.onSubmit(
    (values) => save.mutate(values),
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate id={LICENCE_SECTION_ID}>
      <Stack gap="md">
        <TextInput
          {...form.getInputProps('licenceNumber')}
          ref={input}
          {...requiredField(t('label'))}
          description={t('hint')}
          maxLength={CLINICAL_LIMITS.licenceNumberMax}
          autoComplete="off"
          spellCheck={false}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
