import { SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Modal } from '../../../components/ui/modal.tsx';
import { useForm } from '@mantine/form';
import '../styles.ts';
import { MeasurementBodySchema, type Measurement, type MeasurementBody } from '@rhc/contracts';
import {
  computeBmi,
  MEASURE_LIMITS,
  MEASURED_AT_FUTURE_TOLERANCE_MS,
  MEASUREMENT_CATEGORIES,
  MEASUREMENT_NOTE_MAX_LENGTH,
  mmolToMgPerDl,
  SYMPTOMS_MAX_LENGTH,
  vietnamInstant,
  type BloodSugarUnit,
  type MeasurementCategory,
} from '@rhc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DayInput } from '../../../components/ui/day-input.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { formatInstant, todayInDisplayZone } from '../../../lib/dates.ts';
import {
  fieldErrorText,
  focusFirstError,
  schemaErrors,
  serverFieldErrors,
  translateInputError,
  type FieldErrors,
} from '../../../lib/forms.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { createMeasurement, refreshMonitoring, updateMeasurement } from '../api.ts';
import { sugarIn } from '../hooks/use-sugar-unit.ts';
import { formatNumber } from '../../../lib/format-number.ts';
import { Select } from '../../../components/ui/select.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { requiredField } from '../../../components/ui/required-field.tsx';

type NumberValue = number | string;
interface Values {
  day: string | null;
  time: string;
  systolic: NumberValue;
  diastolic: NumberValue;
  heartRate: NumberValue;
  bloodSugar: NumberValue;
  height: NumberValue;
  weight: NumberValue;
  symptoms: string;
  note: string;
  category: MeasurementCategory;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function numberOrNull(value: NumberValue): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const parsed = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : Number.NaN;
}

function valuesOf(reading: Measurement | undefined, unit: BloodSugarUnit, now: Date): Values {
  const at = reading ? reading.measuredAt : now;
  const number = (value: number | null | undefined): NumberValue => (value === null || value === undefined ? '' : value);
  return {
    day: formatInstant(at, 'YYYY-MM-DD'),
    time: formatInstant(at, 'HH:mm'),
    systolic: number(reading?.systolic),
    diastolic: number(reading?.diastolic),
    heartRate: number(reading?.heartRate),
    bloodSugar: reading?.bloodSugar ? sugarIn(unit, reading.bloodSugar) : '',
    height: number(reading?.height),
    weight: number(reading?.weight),
    symptoms: reading?.symptoms ?? '',
    note: reading?.note ?? '',
    category: reading?.category ?? 'routine',
  };
}

function bodyOf(values: Values, unit: BloodSugarUnit): MeasurementBody {
  const sugar = numberOrNull(values.bloodSugar);
  return {
    measuredAt: values.day && TIME.test(values.time) ? vietnamInstant(values.day, values.time).toISOString() : '',
    systolic: numberOrNull(values.systolic),
    diastolic: numberOrNull(values.diastolic),
    heartRate: numberOrNull(values.heartRate),
    bloodSugar: sugar === null || Number.isNaN(sugar) || unit === 'mg/dL' ? sugar : mmolToMgPerDl(sugar),
    height: numberOrNull(values.height),
    weight: numberOrNull(values.weight),
    symptoms: values.symptoms,
    note: values.note,
    category: values.category,
  };
}

/** The section-5 rules, checked by the contract's own schema (as the server checks them), plus the time. */
function readingErrors(values: Values, unit: BloodSugarUnit): FieldErrors {
  const body = bodyOf(values, unit);
  const errors = schemaErrors(MeasurementBodySchema, body);
  delete errors.measuredAt;
  if (!values.day) errors.day = 'validation.required';
  if (!TIME.test(values.time)) errors.time = 'validation.time_invalid';
  else if (body.measuredAt && Date.parse(body.measuredAt) > Date.now() + MEASURED_AT_FUTURE_TOLERANCE_MS)
    errors.time = 'validation.measured_in_future';
  return errors;
}

/** Adds a reading or edits one, in a dialog (spec §2). */
export function MeasurementDialog({
  opened,
  infoId,
  reading,
  unit,
  onClose,
}: {
  opened: boolean;
  infoId: string;
  reading?: Measurement;
  unit: BloodSugarUnit;
  onClose: () => void;
}) {
  const { t } = useTranslation('monitoring');
  return (
    <Modal opened={opened} onClose={onClose} title={reading ? t('dialog.editTitle') : t('dialog.addTitle')} size="lg" centered>
      {opened && <MeasurementForm key={reading?.id ?? 'new'} infoId={infoId} reading={reading} unit={unit} onDone={onClose} />}
    </Modal>
  );
}

function MeasurementForm({
  infoId,
  reading,
  unit,
  onDone,
}: {
  infoId: string;
  reading?: Measurement;
  unit: BloodSugarUnit;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('monitoring');
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    initialValues: valuesOf(reading, unit, new Date()),
    validate: (values) => readingErrors(values, unit),
    enhanceGetInputProps: translateInputError,
  });

  const save = useMutation({
    mutationFn: (body: MeasurementBody) => (reading ? updateMeasurement(infoId, reading.id, body) : createMeasurement(infoId, body)),
    onSuccess: async () => {
      showSuccess(reading ? t('dialog.saved') : t('dialog.added'));
      onDone();
      await refreshMonitoring(queryClient);
    },
    onError: (error) => {
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors.measuredAt) fieldErrors.time = fieldErrors.measuredAt;
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      showError(t(reading ? 'dialog.saveFailed' : 'dialog.addFailed', { reason: Object.values(fieldErrors)[0] ?? error.message }));
    },
  });

  const submit = form.onSubmit(
    (values) => {
      if (!save.isPending) save.mutate(bodyOf(values, unit));
    },
    (errors) => focusFirstError(form, errors),
  );

  const height = numberOrNull(form.values.height);
  const weight = numberOrNull(form.values.weight);
  const bmi =
    height !== null && weight !== null && height >= MEASURE_LIMITS.height.min && weight > 0 && height <= MEASURE_LIMITS.height.max
      ? computeBmi(height, weight)
      : null;
  // The three blood-pressure fields are one rule (spec §5): its message once, below them, each field marked.
  const bloodPressureError = fieldErrorText(form.errors.systolic ?? form.errors.diastolic ?? form.errors.heartRate);
  const number = { allowNegative: false, decimalSeparator: i18n.language === 'vi' ? (',' as const) : ('.' as const) };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {/* One under the other on a phone: at half its width the day field cut "04/12/2026" to "04/12/202" and the list its choice. */}
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" verticalSpacing="sm">
          <DayInput {...form.getInputProps('day')} {...requiredField(t('fields.measuredDay'))} maxDate={todayInDisplayZone()} />
          <TextInput {...form.getInputProps('time')} type="time" {...requiredField(t('fields.measuredTime'))} />
          <Select
            {...form.getInputProps('category')}
            label={t('fields.category')}
            data={MEASUREMENT_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('fields.bloodPressure')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('hints.bloodPressure')}
          </Text>
          <SimpleGrid cols={{ base: 3 }} spacing="sm">
            <NumberField
              {...form.getInputProps('systolic')}
              data-autofocus
              {...number}
              allowDecimal={false}
              label={t('fields.systolic')}
              max={MEASURE_LIMITS.systolic.max}
              error={form.errors.systolic ? true : undefined}
              aria-describedby={bloodPressureError ? 'bp-error' : undefined}
            />
            <NumberField
              {...form.getInputProps('diastolic')}
              {...number}
              allowDecimal={false}
              label={t('fields.diastolic')}
              max={MEASURE_LIMITS.diastolic.max}
              error={form.errors.diastolic ? true : undefined}
              aria-describedby={bloodPressureError ? 'bp-error' : undefined}
            />
            <NumberField
              {...form.getInputProps('heartRate')}
              {...number}
              allowDecimal={false}
              label={t('fields.heartRate')}
              max={MEASURE_LIMITS.heartRate.max}
              error={form.errors.heartRate ? true : undefined}
              aria-describedby={bloodPressureError ? 'bp-error' : undefined}
            />
          </SimpleGrid>
          {bloodPressureError && (
            <Text id="bp-error" size="sm" c="red.8">
              {bloodPressureError}
            </Text>
          )}
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NumberField {...form.getInputProps('bloodSugar')} {...number} decimalScale={1} label={t('fields.bloodSugar', { unit })} />
          <NumberField {...form.getInputProps('height')} {...number} decimalScale={1} label={t('fields.height')} />
          <NumberField {...form.getInputProps('weight')} {...number} decimalScale={1} label={t('fields.weight')} />
        </SimpleGrid>
        {bmi !== null && (
          <Text size="sm" aria-live="polite">
            {t('hints.bmi', { bmi: formatNumber(i18n.language, bmi) })}
          </Text>
        )}
        <Textarea {...form.getInputProps('symptoms')} label={t('fields.symptoms')} autosize minRows={2} maxLength={SYMPTOMS_MAX_LENGTH} />
        <Textarea {...form.getInputProps('note')} label={t('fields.note')} autosize minRows={2} maxLength={MEASUREMENT_NOTE_MAX_LENGTH} />
        <FormActions
          cancelLabel={t('actions.cancel')}
          onCancel={onDone}
          submitLabel={t('actions.save')}
          pending={save.isPending}
          lockCancel
        />
      </Stack>
    </form>
  );
}
