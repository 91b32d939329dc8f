import { Alert, Chip, Group, Input, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import '../styles.ts';
import type { WorkMode, WorkTime, WorkTimeBody } from '@rhc/contracts';
import { latestRecurrenceUntil, WORK_MODES } from '@rhc/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DayInput } from '../../../components/ui/day-input.tsx';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { todayInDisplayZone, weekdayName } from '../../../lib/dates.ts';
import { fieldErrorText, focusFirstError, translateInputError } from '../../../lib/forms.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { affectedBy, refreshSchedule, updateWorkTime, createWorkTime } from '../api.ts';
import { confirmOverBookings } from './affected-bookings.tsx';
import { useWorkUnits } from '../../../hooks/use-catalog.ts';
import {
  emptyWorkTime,
  REPEAT_TYPES,
  serverWorkTimeErrors,
  validateWorkTimeForm,
  WEEKDAYS,
  workTimeFormToBody,
  workTimeToForm,
  type RepeatType,
  type WorkTimeFormValues,
  weekdaysFor,
} from '../work-time-form.ts';
import { Select } from '../../../components/ui/select.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

/** Every half hour of the day, the times a work time usually starts or ends at. */
const HALF_HOURS = Array.from({ length: 48 }, (_, index) => `${String(Math.floor(index / 2)).padStart(2, '0')}:${index % 2 ? '30' : '00'}`);

function timeOptions(current: string | null): string[] {
  return current && !HALF_HOURS.includes(current) ? [...HALF_HOURS, current].sort() : HALF_HOURS;
}

/**
 * The form lives in a modal whose body scrolls (a clipping container): the option lists stay open beside their
 * input instead of being hidden as "detached" while the modal measures itself.
 */
const comboboxProps = { hideDetached: false } as const;

function isRepeatType(value: string | null): value is RepeatType {
  return REPEAT_TYPES.some((type) => type === value);
}

type WorkTimeFormProps = {
  /** The work time to edit; a new one when absent. */
  workTime?: WorkTime | undefined;
  onDone: () => void;
  onCancel: () => void;
  /** Told whether anything was typed or chosen that is not saved (the dialog asks before losing it). */
  onDirtyChange?: (dirty: boolean) => void;
};

/**
 * Spec §2/§3: register (or edit) an in-person or online work time with its repetition. The day and times are
 * Vietnam's; they travel as UTC instants. Spec §5's work-time rules are checked here with the contract's schema,
 * and the server's answer (an overlap, a time in the past, a field problem) shows in the form.
 */
export function WorkTimeForm({ workTime, onDone, onCancel, onDirtyChange }: WorkTimeFormProps) {
  const { t } = useTranslation('schedules');
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<WorkTimeFormValues>({
    initialValues: workTime ? workTimeToForm(workTime) : emptyWorkTime,
    validate: validateWorkTimeForm,
    enhanceGetInputProps: translateInputError,
  });
  const workUnits = useWorkUnits(form.values.mode === 'direct');
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const save = useMutation({
    mutationFn: ({ body, mode }: { body: WorkTimeBody; mode: WorkMode }) => {
      if (workTime) return updateWorkTime(workTime.id, body);
      return createWorkTime(mode, body);
    },
    onSuccess: async () => {
      showSuccess(t(workTime ? 'workTimes.updated' : 'workTimes.created'));
      onDone();
      await refreshSchedule(queryClient);
    },
    onError: (error, sent) => {
      // A change that takes time away from bookings (decision 047): they are listed, and the change is confirmed once more.
      const affected = affectedBy(error);
      if (affected) {
        confirmOverBookings(
          affected,
          { title: t('affected.title'), confirm: t('affected.confirm'), cancel: t('affected.cancel') },
          (confirm) => save.mutate({ ...sent, body: { ...sent.body, confirm } }),
        );
        return;
      }
      const fieldErrors = serverWorkTimeErrors(error);
      if (error instanceof ApiError && error.code === 'WORK_TIME_PLACE_REQUIRED') fieldErrors.workUnitId ??= error.message;
      // A problem of one field shows at it; an overlap, a time in the past or a refusal concerns the whole work time.
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else setServerError(error.message);
    },
  });

  const submit = form.onSubmit(
    (submitted) => {
      const body = workTimeFormToBody(submitted);
      setServerError(null);
      if (body) save.mutate({ body, mode: submitted.mode });
    },
    (errors) => focusFirstError(form, errors),
  );

  const repeating = form.values.repeat !== 'none';
  const unit = repeating ? t(`form.intervalUnit.${form.values.repeat as Exclude<RepeatType, 'none'>}`) : '';

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Radio.Group {...form.getInputProps('mode')} label={<FieldLabel required>{t('form.mode')}</FieldLabel>} withAsterisk={false}>
          <Group gap="lg" mt={6}>
            {WORK_MODES.map((mode) => (
              <Radio key={mode} value={mode} label={t(`mode.${mode}`)} disabled={!!workTime} />
            ))}
          </Group>
        </Radio.Group>

        {form.values.mode === 'direct' && (
          <Select
            {...form.getInputProps('workUnitId')}
            label={<FieldLabel required>{t('form.workUnit')}</FieldLabel>}
            required
            withAsterisk={false}
            placeholder={t('form.workUnitPlaceholder')}
            data={(workUnits.data ?? []).map((unitOption) => ({
              value: String(unitOption.id),
              label: `${unitOption.name} – ${unitOption.address}`,
            }))}
            searchable
            nothingFoundMessage={workUnits.isError ? t('form.workUnitsFailed') : undefined}
            description={workUnits.isError ? t('form.workUnitsFailed') : undefined}
            comboboxProps={comboboxProps}
          />
        )}

        <DayInput
          {...form.getInputProps('day')}
          onChange={(day) => {
            form.setFieldValue('day', day);
            form.setFieldValue('weekdays', weekdaysFor({ ...form.getValues(), day }));
          }}
          label={<FieldLabel required>{t('form.day')}</FieldLabel>}
          required
          withAsterisk={false}
          minDate={workTime ? undefined : todayInDisplayZone()}
          popoverProps={{ withinPortal: true }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            {...form.getInputProps('start')}
            label={<FieldLabel required>{t('form.start')}</FieldLabel>}
            required
            withAsterisk={false}
            placeholder={t('form.timePlaceholder')}
            data={timeOptions(form.values.start)}
            searchable
            comboboxProps={comboboxProps}
          />
          <Select
            {...form.getInputProps('end')}
            label={<FieldLabel required>{t('form.end')}</FieldLabel>}
            required
            withAsterisk={false}
            placeholder={t('form.timePlaceholder')}
            data={timeOptions(form.values.end)}
            searchable
            comboboxProps={comboboxProps}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-8}>
          {t('form.timeZoneNote')}
        </Text>

        <Select
          {...form.getInputProps('repeat')}
          onChange={(value) => {
            if (!isRepeatType(value)) return;
            form.setFieldValue('repeat', value);
            form.setFieldValue('weekdays', weekdaysFor({ ...form.getValues(), repeat: value }));
          }}
          label={t('form.repeat')}
          data={REPEAT_TYPES.map((type) => ({ value: type, label: t(`form.repeatOptions.${type}`) }))}
          allowDeselect={false}
          comboboxProps={comboboxProps}
        />

        {repeating && (
          <>
            <NumberField
              {...form.getInputProps('interval')}
              label={<FieldLabel required>{t('form.interval')}</FieldLabel>}
              required
              withAsterisk={false}
              min={1}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              rightSection={<Text size="sm">{unit}</Text>}
              rightSectionWidth={72}
              rightSectionPointerEvents="none"
            />
            {form.values.repeat === 'week' && (
              <Input.Wrapper
                label={<FieldLabel required>{t('form.weekdays')}</FieldLabel>}
                error={fieldErrorText(form.errors.weekdays)}
                labelElement="div"
              >
                <Chip.Group multiple value={form.values.weekdays} onChange={(value) => form.setFieldValue('weekdays', value)}>
                  <Group gap={6} mt={6}>
                    {WEEKDAYS.map((weekday) => (
                      <Chip key={weekday} value={String(weekday)} size="sm">
                        {weekdayName(weekday, 'long')}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              </Input.Wrapper>
            )}
            <DayInput
              {...form.getInputProps('until')}
              label={<FieldLabel required>{t('form.until')}</FieldLabel>}
              required
              withAsterisk={false}
              minDate={form.values.day ?? undefined}
              // A repetition ends at most MAX_RECURRENCE_YEARS after its first day (the server refuses later ends).
              maxDate={form.values.day ? latestRecurrenceUntil(form.values.day) : undefined}
              popoverProps={{ withinPortal: true }}
            />
          </>
        )}

        {serverError && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
            {serverError}
          </Alert>
        )}

        <FormActions cancelLabel={t('form.cancel')} onCancel={onCancel} submitLabel={t('form.submit')} pending={save.isPending} />
      </Stack>
    </form>
  );
}
