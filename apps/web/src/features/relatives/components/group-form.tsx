import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import '../styles.ts';
import { GroupBodySchema, type GroupBody } from '@rhc/contracts';
import type { GroupType } from '@rhc/domain';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { focusFirstError, schemaErrors, translateInputError, type FieldErrors } from '../../../lib/forms.ts';
import { useGroupTypes } from '../api.ts';
import { Select } from '../../../components/ui/select.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { requiredField } from '../../../components/ui/required-field.tsx';

type GroupFormValues = { name: string; type: string | null };

function groupErrors(values: GroupFormValues): FieldErrors {
  return schemaErrors(GroupBodySchema, { name: values.name, type: values.type ?? undefined });
}

/** A group's name and type (spec §5), the type from GET /group-types. */
export function GroupForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  initial?: GroupBody;
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: GroupBody) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('relatives');
  const types = useGroupTypes();
  const form = useForm<GroupFormValues>({
    initialValues: { name: initial?.name ?? '', type: initial?.type ?? null },
    validate: groupErrors,
    enhanceGetInputProps: translateInputError,
  });
  const submit = form.onSubmit(
    async ({ name, type }) => {
      try {
        await onSubmit({ name, type: type as GroupType });
        if (!initial) form.reset();
      } catch {
        // The caller reports the failure.
      }
    },
    (errors) => focusFirstError(form, errors),
  );
  return (
    <form onSubmit={submit} noValidate>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <TextInput {...form.getInputProps('name')} {...requiredField(t('groups.name'))} maxLength={60} />
        <Select
          {...form.getInputProps('type')}
          label={<FieldLabel required>{t('groups.type')}</FieldLabel>}
          data={(types.data ?? []).map((type) => ({ value: type, label: t(`groupTypes.${type}`) }))}
          required
          withAsterisk={false}
          allowDeselect={false}
        />
      </SimpleGrid>
      <FormActions cancelLabel={t('actions.cancel')} onCancel={onCancel} submitLabel={submitLabel} pending={pending} mt="sm" />
    </form>
  );
}
