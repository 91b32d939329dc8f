import { Divider, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import '../styles.ts';
import { VaccineHistoryBodySchema, type VaccinationRecord, type VaccineHistoryBody, type VaccineHistoryEntry } from '@rhc/contracts';
import { DATE_LIST_FORMAT, VACCINE_IDS, VACCINE_TEXT_MAX_LENGTH, type VaccineId } from '@rhc/domain';
import { useState } from 'react';
import { DayInput } from '../../../components/ui/day-input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { focusFirstError, schemaErrors, translateInputError, type FieldErrors } from '../../../lib/forms.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormMutation } from '../../../lib/use-form-mutation.ts';
import { addDose, refreshVaccines, updateDose } from '../api.ts';
import { newestFirst, notCounted, useDeleteDose } from './history-section.tsx';
import { DoseActions } from './dose-actions.tsx';
import { vaccineName, VACCINE_STRINGS, type VaccineT } from './vaccine-text.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { requiredField } from '../../../components/ui/required-field.tsx';

interface Values {
  vaccineId: string | null;
  givenOn: string | null;
  place: string;
  note: string;
}

function valuesOf(entry: VaccineHistoryEntry | undefined, vaccineId: VaccineId | undefined): Values {
  return {
    vaccineId: entry?.vaccineId ?? vaccineId ?? null,
    givenOn: entry?.givenOn ?? null,
    place: entry?.place ?? '',
    note: entry?.note ?? '',
  };
}

function bodyOf(values: Values): VaccineHistoryBody {
  return {
    vaccineId: (values.vaccineId ?? '') as VaccineId,
    givenOn: values.givenOn ?? '',
    place: values.place,
    note: values.note,
  };
}

/** Spec §5 (vaccine required) by the contract's own schema, as the server checks it, and the day's bounds. */
function doseErrors(values: Values, dateOfBirth: string | null, today: string): FieldErrors {
  const errors = schemaErrors(VaccineHistoryBodySchema, bodyOf(values));
  if (!values.givenOn) errors.givenOn = 'validation.required';
  else if (dateOfBirth && values.givenOn < dateOfBirth) errors.givenOn = 'vaccines:dialog.givenBeforeBirth';
  else if (values.givenOn > today) errors.givenOn = 'vaccines:dialog.givenInFuture';
  return errors;
}

export interface DoseDialogProps {
  record: VaccinationRecord;
  /** Opened from a vaccine's card: that vaccine's doses, and the form preset to it. */
  vaccineId?: VaccineId;
  /** Opened on a dose of the history: the form modifies it. */
  entry?: VaccineHistoryEntry;
  onClose: () => void;
}

/**
 * The vaccine history modal (spec §4): opened with a vaccine (and the record's schedule), it lists that vaccine's doses
 * and shows the add form; "modify" puts a dose in the form; delete asks first. Closing it drops the form and the dose
 * being modified (the dialog is mounted only while open). A watcher sees the doses only.
 */
export function DoseDialog({ record, vaccineId, entry, onClose }: DoseDialogProps) {
  const { t } = useTranslation(VACCINE_STRINGS);
  const [modifying, setModifying] = useState<VaccineHistoryEntry | undefined>(entry);
  const title = vaccineId ? t('dialog.title', { vaccine: vaccineName(t, vaccineId) }) : t('dialog.titleAll');
  const doses = vaccineId ? newestFirst(record.history.filter((item) => item.vaccineId === vaccineId)) : [];

  return (
    <Modal opened onClose={onClose} title={title} size="lg" centered>
      <Stack gap="md">
        {vaccineId && <DoseList record={record} doses={doses} modifying={modifying} onModify={setModifying} t={t} />}
        {record.canManage && (
          <>
            {vaccineId && <Divider />}
            <DoseForm
              key={modifying?.id ?? 'new'}
              record={record}
              vaccineId={vaccineId}
              entry={modifying}
              onCancelEdit={modifying ? () => setModifying(undefined) : undefined}
              onDone={onClose}
            />
          </>
        )}
      </Stack>
    </Modal>
  );
}

function DoseList({
  record,
  doses,
  modifying,
  onModify,
  t,
}: {
  record: VaccinationRecord;
  doses: readonly VaccineHistoryEntry[];
  modifying: VaccineHistoryEntry | undefined;
  onModify: (entry: VaccineHistoryEntry) => void;
  t: VaccineT;
}) {
  const { remove, confirm } = useDeleteDose(record.infoId, t);
  const invalid = notCounted(record);
  if (doses.length === 0) return <Text c="dimmed">{t('dialog.listEmpty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={420} type="native">
      <Table verticalSpacing="xs" aria-label={t('history.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('history.columns.date')}</Table.Th>
            <Table.Th>{t('history.columns.place')}</Table.Th>
            <Table.Th>{t('history.columns.note')}</Table.Th>
            {record.canManage && <Table.Th>{t('history.columns.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {doses.map((dose) => {
            const date = formatCalendarDay(dose.givenOn, DATE_LIST_FORMAT);
            const vaccine = vaccineName(t, dose.vaccineId);
            const reason = invalid.get(dose.id);
            return (
              <Table.Tr key={dose.id} data-testid="dialog-dose" aria-current={modifying?.id === dose.id ? 'true' : undefined}>
                <Table.Td>
                  {date}
                  {reason && (
                    <Text size="xs" c="orange.9">
                      {t(`history.notCounted.${reason}`)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{dose.place}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{dose.note}</Table.Td>
                {record.canManage && (
                  <Table.Td>
                    <DoseActions
                      vaccine={vaccine}
                      date={date}
                      deleting={remove.isPending && remove.variables === dose.id}
                      onEdit={() => onModify(dose)}
                      onDelete={() => confirm(dose)}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DoseForm({
  record,
  vaccineId,
  entry,
  onCancelEdit,
  onDone,
}: {
  record: VaccinationRecord;
  vaccineId?: VaccineId;
  entry?: VaccineHistoryEntry;
  onCancelEdit?: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(VACCINE_STRINGS);
  const form = useForm<Values>({
    initialValues: valuesOf(entry, vaccineId),
    validate: (values) => doseErrors(values, record.dateOfBirth, record.today),
    enhanceGetInputProps: translateInputError,
  });
  const save = useFormMutation({
    mutationFn: (body: VaccineHistoryBody) => (entry ? updateDose(record.infoId, entry.id, body) : addDose(record.infoId, body)),
    form,
    success: entry ? t('dialog.saved') : t('dialog.added'),
    onSuccess: onDone,
    refresh: refreshVaccines,
  });
  const submit = form.onSubmit(
    (values) => {
      if (!save.isPending) save.mutate(bodyOf(values));
    },
    (errors) => focusFirstError(form, errors),
  );
  const vaccines = VACCINE_IDS.map((id) => ({ value: id, label: vaccineName(t, id) })).sort((a, b) => a.label.localeCompare(b.label));
  const heading = entry ? t('dialog.editTitle', { date: formatCalendarDay(entry.givenOn, DATE_LIST_FORMAT) }) : t('dialog.addTitle');

  return (
    <form onSubmit={submit} noValidate aria-labelledby="dose-form-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="dose-form-title">
          {heading}
        </Title>
        <Select
          {...form.getInputProps('vaccineId')}
          {...requiredField(t('dialog.fields.vaccine'))}
          data={vaccines}
          searchable
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <DayInput
          {...form.getInputProps('givenOn')}
          {...requiredField(t('dialog.fields.givenOn'))}
          minDate={record.dateOfBirth ?? undefined}
          maxDate={record.today}
        />
        <TextInput
          {...form.getInputProps('place')}
          label={t('dialog.fields.place')}
          description={t('dialog.fields.placeHint')}
          maxLength={VACCINE_TEXT_MAX_LENGTH}
        />
        <Textarea
          {...form.getInputProps('note')}
          label={t('dialog.fields.note')}
          autosize
          minRows={2}
          maxLength={VACCINE_TEXT_MAX_LENGTH}
        />
        <FormActions
          cancelLabel={t('dialog.cancelEdit')}
          onCancel={onCancelEdit}
          submitLabel={entry ? t('dialog.save') : t('dialog.add')}
          pending={save.isPending}
          lockCancel
        />
      </Stack>
    </form>
  );
}
