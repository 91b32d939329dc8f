import { Alert, Button, Checkbox, Divider, Group, Paper, Radio, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import '../styles.ts';
import { NutritionBodySchema, type NutritionBody, type NutritionRecord } from '@rhc/contracts';
import {
  ageInYears,
  assessNutrition,
  ETIOLOGY_CRITERIA,
  GLIM_ASIA_LOW_BMI_BELOW,
  GLIM_OLDER_FROM_AGE,
  MUSCLE_DEFICITS,
  NRS_AT_RISK_FROM,
  NRS_INTAKE_BANDS,
  NRS_PART_MAX,
  NUTRITION_PLAN_LIMITS,
  NUTRITION_TEXT_MAX_LENGTH,
  WEIGHT_LOSS_PERIODS_MONTHS,
  type EtiologyCriterion,
  type GlimAnswers,
  type NrsIntakeBand,
  type NutritionAssessment,
  type WeightLossPeriod,
} from '@rhc/domain';
import { IconCheck, IconInfoCircle, IconMinus } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { openDeleteConfirm } from '../../../components/ui/confirm-delete.tsx';
import { DayInput } from '../../../components/ui/day-input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { todayInDisplayZone } from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/format-number.ts';
import { focusFirstError, schemaErrors, translateInputError, type FieldErrors } from '../../../lib/forms.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormMutation } from '../../../lib/use-form-mutation.ts';
import { createNutrition, refreshNutrition, updateNutrition } from '../api.ts';
import classes from '../nutrition.module.css';
import { useDiagnosisText } from './diagnosis-text.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { requiredField } from '../../../components/ui/required-field.tsx';

export type DialogMode = 'add' | 'edit' | 'view';

type NumberValue = number | string;
const EXAM_FIELDS = ['skinMucosa', 'muscleFat', 'otherSigns', 'subclinical', 'dietarySurvey'] as const;
const PLAN_TEXT_FIELDS = [
  'recommendedFoods',
  'limitedFoods',
  'supplements',
  'vitamins',
  'minerals',
  'exercise',
  'otherDiagnosis',
  'otherMedication',
  'note',
] as const;
/** Every free-text field of the record: the exam's, the target, and the plan's. */
const TEXT_FIELDS = [...EXAM_FIELDS, 'target', ...PLAN_TEXT_FIELDS] as const;
type TextField = (typeof TEXT_FIELDS)[number];

/** The form's values: GLIM's answers as the domain takes them, the rest as typed. */
type Values = GlimAnswers & {
  examinedOn: string | null;
  heightCm: NumberValue;
  weightKg: NumberValue;
  weightThreeMonthsAgoKg: NumberValue;
  weightLossMonths: string;
  impairedGeneralCondition: boolean;
  intake: NrsIntakeBand;
  diseaseSeverity: string;
  energyKcal: NumberValue;
  proteinG: NumberValue;
  carbohydrateG: NumberValue;
  sampleMenu: boolean;
} & Record<TextField, string>;

function numberOrNull(value: NumberValue): number | null {
  if (value === '') return null;
  const parsed = typeof value === 'number' ? value : Number(value.replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : Number.NaN;
}

function valuesOf(record: NutritionRecord | undefined): Values {
  const number = (value: number | null | undefined): NumberValue => value ?? '';
  const texts = Object.fromEntries(TEXT_FIELDS.map((field) => [field, record?.[field] ?? ''])) as Record<TextField, string>;
  return {
    ...texts,
    examinedOn: record?.examinedOn ?? todayInDisplayZone(),
    heightCm: number(record?.heightCm),
    weightKg: number(record?.weightKg),
    weightThreeMonthsAgoKg: number(record?.weightThreeMonthsAgoKg),
    weightLossMonths: String(record?.weightLossMonths ?? 3),
    impairedGeneralCondition: record?.impairedGeneralCondition ?? false,
    intake: record?.intake ?? 'normal',
    diseaseSeverity: String(record?.diseaseSeverity ?? 0),
    muscleDeficit: record?.muscleDeficit ?? 'none',
    peripheralOedema: record?.peripheralOedema ?? false,
    noEating5Days: record?.noEating5Days ?? false,
    reducedEating1Week: record?.reducedEating1Week ?? false,
    chronicDigestiveDisease: record?.chronicDigestiveDisease ?? false,
    inflammation: record?.inflammation ?? false,
    energyKcal: number(record?.energyKcal),
    proteinG: number(record?.proteinG),
    carbohydrateG: number(record?.carbohydrateG),
    sampleMenu: record?.sampleMenu ?? false,
  };
}

/** The screening answers of sections 1–3 (all given, as the live scores want them), in the body's order. */
function screeningOf(values: Values) {
  return {
    impairedGeneralCondition: values.impairedGeneralCondition,
    intake: values.intake,
    diseaseSeverity: Number(values.diseaseSeverity),
    muscleDeficit: values.muscleDeficit,
    peripheralOedema: values.peripheralOedema,
    noEating5Days: values.noEating5Days,
    reducedEating1Week: values.reducedEating1Week,
    chronicDigestiveDisease: values.chronicDigestiveDisease,
    inflammation: values.inflammation,
  };
}

function bodyOf(values: Values): NutritionBody {
  const texts = Object.fromEntries(TEXT_FIELDS.map((field) => [field, values[field]])) as Record<TextField, string>;
  return {
    ...texts,
    examinedOn: values.examinedOn ?? '',
    heightCm: numberOrNull(values.heightCm) ?? Number.NaN,
    weightKg: numberOrNull(values.weightKg) ?? Number.NaN,
    weightThreeMonthsAgoKg: numberOrNull(values.weightThreeMonthsAgoKg),
    weightLossMonths: Number(values.weightLossMonths) as WeightLossPeriod,
    ...screeningOf(values),
    energyKcal: numberOrNull(values.energyKcal),
    proteinG: numberOrNull(values.proteinG),
    carbohydrateG: numberOrNull(values.carbohydrateG),
    sampleMenu: values.sampleMenu,
  };
}

/** The contract's own rules (as the server checks them), plus the exam day: given and not after today. */
function formErrors(values: Values): FieldErrors {
  const errors = schemaErrors(NutritionBodySchema, bodyOf(values));
  if (!values.examinedOn) errors.examinedOn = 'validation.required';
  else if (values.examinedOn > todayInDisplayZone()) errors.examinedOn = 'validation.record_day_future';
  return errors;
}

/** The live assessment of sections 1–3, at the age on the exam day when it is known (else without the age point). */
function liveAssessment(values: Values, age: number | undefined): NutritionAssessment | null {
  const body = bodyOf(values);
  const earlier = body.weightThreeMonthsAgoKg;
  if (!(body.heightCm > 0) || !(body.weightKg > 0)) return null;
  try {
    return assessNutrition(
      {
        ...body,
        heightCm: body.heightCm,
        weightKg: body.weightKg,
        weightThreeMonthsAgoKg: earlier !== null && earlier !== undefined && earlier > 0 ? earlier : undefined,
        weightLossMonths: body.weightLossMonths ?? 3,
        ...screeningOf(values),
      },
      age ?? 0,
    );
  } catch {
    return null;
  }
}

/** One nutrition assessment in the six sections of spec §2: add, edit, or view (read only). */
export function NutritionDialog({
  opened,
  mode,
  infoId,
  record,
  dateOfBirth,
  onClose,
}: {
  opened: boolean;
  mode: DialogMode;
  infoId: string;
  record?: NutritionRecord;
  /** YYYY-MM-DD when the page knows it: the live scores then count the age point and GLIM's age cut-offs. */
  dateOfBirth?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('nutrition');
  const phone = useMediaQuery('(max-width: 36em)');
  const dirty = useRef(false);
  const close = () => {
    dirty.current = false;
    onClose();
  };
  // Spec §4: closing with unsaved changes asks first (X, Escape, Cancel, a click outside).
  const requestClose = () => {
    if (!dirty.current) {
      close();
      return;
    }
    openDeleteConfirm({
      title: t('close.title'),
      message: t('close.message'),
      confirm: t('close.confirm'),
      cancel: t('close.cancel'),
      onConfirm: close,
    });
  };
  const title = t(mode === 'add' ? 'dialog.addTitle' : mode === 'edit' ? 'dialog.editTitle' : 'dialog.viewTitle');
  return (
    <Modal opened={opened} onClose={requestClose} title={title} size="xl" fullScreen={phone === true}>
      {opened && (
        <NutritionForm
          key={`${mode}-${record?.id ?? 'new'}`}
          mode={mode}
          infoId={infoId}
          record={record}
          dateOfBirth={dateOfBirth}
          dirtyRef={dirty}
          onCancel={requestClose}
          onDone={close}
        />
      )}
    </Modal>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id} className={classes.section}>
      <Divider />
      <Title order={3} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Tick({ met, label }: { met: boolean; label: string }) {
  const { t } = useTranslation('nutrition');
  return (
    <Group gap={6} wrap="nowrap" className={classes.tick} data-met={met}>
      {met ? <IconCheck size={18} aria-hidden="true" /> : <IconMinus size={18} aria-hidden="true" />}
      <Text size="sm">
        {label}: <strong>{met ? t('computed.met') : t('computed.notMet')}</strong>
      </Text>
    </Group>
  );
}

function NutritionForm({
  mode,
  infoId,
  record,
  dateOfBirth,
  dirtyRef,
  onCancel,
  onDone,
}: {
  mode: DialogMode;
  infoId: string;
  record?: NutritionRecord;
  dateOfBirth?: string;
  dirtyRef: RefObject<boolean>;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('nutrition');
  const diagnosisText = useDiagnosisText();
  const readOnly = mode === 'view';
  const form = useForm<Values>({
    initialValues: valuesOf(record),
    validate: formErrors,
    enhanceGetInputProps: translateInputError,
  });
  const changed = !readOnly && form.isDirty();
  useEffect(() => {
    dirtyRef.current = changed;
  }, [changed, dirtyRef]);

  const save = useFormMutation({
    mutationFn: (body: NutritionBody) => (record ? updateNutrition(infoId, record.id, body) : createNutrition(infoId, body)),
    form,
    success: record ? t('dialog.saved') : t('dialog.added'),
    onSuccess: onDone,
    refresh: refreshNutrition,
  });

  const submit = form.onSubmit(
    (values) => {
      if (!save.isPending) save.mutate(bodyOf(values));
    },
    (errors) => focusFirstError(form, errors),
  );

  const values = form.values;
  const day = values.examinedOn;
  const age =
    dateOfBirth && day && /^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)
      ? ageInYears(dateOfBirth, day)
      : record && day === record.examinedOn
        ? record.assessment.ageYears
        : undefined;
  const live = liveAssessment(values, age);
  const number = { allowNegative: false, decimalSeparator: i18n.language === 'vi' ? (',' as const) : ('.' as const) };
  const figure = (value: number) => formatNumber(i18n.language, value);
  const older = age !== undefined && age >= GLIM_OLDER_FROM_AGE;
  const cutoff = GLIM_ASIA_LOW_BMI_BELOW[older ? 'older' : 'younger'];
  const text = (field: TextField) => (
    <Textarea
      key={field}
      {...form.getInputProps(field)}
      label={t(`fields.${field}`)}
      autosize
      minRows={2}
      maxLength={NUTRITION_TEXT_MAX_LENGTH}
    />
  );
  const check = (field: 'impairedGeneralCondition' | 'peripheralOedema' | 'sampleMenu' | EtiologyCriterion) => (
    <Checkbox key={field} {...form.getInputProps(field, { type: 'checkbox' })} label={t(`fields.${field}`)} />
  );

  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={readOnly} className={classes.fieldset}>
        <Stack gap="lg">
          <Section id="nutrition-risk" title={t('sections.risk')}>
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
              <DayInput
                {...form.getInputProps('examinedOn')}
                {...requiredField(t('fields.examinedOn'))}
                maxDate={todayInDisplayZone()}
                clearable={false}
              />
              <NumberField
                {...form.getInputProps('heightCm')}
                {...number}
                decimalScale={1}
                data-autofocus
                {...requiredField(t('fields.heightCm'))}
              />
              <NumberField {...form.getInputProps('weightKg')} {...number} decimalScale={1} {...requiredField(t('fields.weightKg'))} />
              <NumberField
                {...form.getInputProps('weightThreeMonthsAgoKg')}
                {...number}
                decimalScale={1}
                label={t('fields.weightThreeMonthsAgoKg')}
              />
            </SimpleGrid>
            <Paper withBorder radius="sm" p="sm" className={classes.computed} aria-live="polite">
              <Text size="sm">{live ? t('computed.bmi', { value: figure(live.bmi) }) : t('computed.bmiMissing')}</Text>
              <Text size="sm">
                {live?.weightLossPercent !== undefined
                  ? t('computed.loss', { value: figure(live.weightLossPercent) })
                  : t('computed.lossMissing')}
              </Text>
            </Paper>
            <Radio.Group {...form.getInputProps('weightLossMonths')} label={t('fields.weightLossMonths')}>
              <Group gap="md" mt={4}>
                {WEIGHT_LOSS_PERIODS_MONTHS.map((months) => (
                  <Radio key={months} value={String(months)} label={t(`months.${months}`)} />
                ))}
              </Group>
            </Radio.Group>
            {check('impairedGeneralCondition')}
            <Radio.Group {...form.getInputProps('intake')} label={t('fields.intake')}>
              <Group gap="md" mt={4}>
                {NRS_INTAKE_BANDS.map((band) => (
                  <Radio key={band} value={band} label={t(`intake.${band}`)} />
                ))}
              </Group>
            </Radio.Group>
            <Radio.Group {...form.getInputProps('diseaseSeverity')} label={t('fields.diseaseSeverity')}>
              <Stack gap={6} mt={4}>
                {Array.from({ length: NRS_PART_MAX + 1 }, (_, level) => (
                  <Radio key={level} value={String(level)} label={t(`severity.${level as 0 | 1 | 2 | 3}`)} />
                ))}
              </Stack>
            </Radio.Group>
            <Paper withBorder radius="sm" p="sm" className={classes.computed} aria-live="polite">
              <Stack gap={4}>
                <Text size="sm" fw={700}>
                  {t('computed.nrsTitle')}
                  {live ? `: ${live.nrs.total}` : ''}
                </Text>
                {live ? (
                  <>
                    <Text size="sm">
                      {age === undefined
                        ? t('computed.nrsPartsNoAge', {
                            status: live.nrs.nutritionalStatus,
                            disease: live.nrs.diseaseSeverity,
                            total: live.nrs.total,
                          })
                        : t('computed.nrsParts', {
                            status: live.nrs.nutritionalStatus,
                            disease: live.nrs.diseaseSeverity,
                            age: live.nrs.agePoint,
                            total: live.nrs.total,
                          })}
                    </Text>
                    <Text size="sm" fw={600}>
                      {t('computed.level', { level: t(`levels.${live.nrs.level}`) })}
                    </Text>
                    <Text size="sm">{live.nrs.total >= NRS_AT_RISK_FROM ? t('computed.atRisk') : t('computed.notAtRisk')}</Text>
                  </>
                ) : (
                  <Text size="sm">{t('computed.needMeasures')}</Text>
                )}
                {age === undefined && (
                  <Text size="xs" c="dimmed">
                    {t('computed.ageUnknown')}
                  </Text>
                )}
              </Stack>
            </Paper>
          </Section>

          <Section id="nutrition-phenotype" title={t('sections.phenotype')}>
            <Stack gap={4}>
              <Tick met={live?.glim.phenotype.includes('weightLoss') ?? false} label={t('computed.weightLossCriterion')} />
              <Tick
                met={live?.glim.phenotype.includes('lowBmi') ?? false}
                label={t('computed.lowBmiCriterion', { cutoff: figure(cutoff), age: t(older ? 'computed.older' : 'computed.younger') })}
              />
            </Stack>
            <Radio.Group {...form.getInputProps('muscleDeficit')} label={t('fields.muscleDeficit')}>
              <Group gap="md" mt={4}>
                {MUSCLE_DEFICITS.map((deficit) => (
                  <Radio key={deficit} value={deficit} label={t(`muscle.${deficit}`)} />
                ))}
              </Group>
            </Radio.Group>
            {check('peripheralOedema')}
            <Text size="xs" c="dimmed">
              {t('computed.oedemaNote')}
            </Text>
          </Section>

          <Section id="nutrition-etiology" title={t('sections.etiology')}>
            {ETIOLOGY_CRITERIA.map(check)}
          </Section>

          <Section id="nutrition-exam" title={t('sections.exam')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {EXAM_FIELDS.map(text)}
            </SimpleGrid>
          </Section>

          <Section id="nutrition-diagnosis" title={t('sections.diagnosis')}>
            <Paper withBorder radius="sm" p="sm" className={classes.computed} aria-live="polite">
              {live ? (
                <Stack gap={4}>
                  <Text size="sm">
                    {t('computed.malnourished')}: <strong>{live.glim.malnourished ? t('computed.yes') : t('computed.no')}</strong>
                  </Text>
                  <Text size="sm">
                    {t('computed.severity')}:{' '}
                    <strong>{live.glim.severity ? t(`glimSeverity.${live.glim.severity}`) : t('computed.none')}</strong>
                  </Text>
                  <Text size="sm">
                    {t('computed.conclusion')}: <strong data-testid="live-conclusion">{t(`conclusions.${live.conclusion}`)}</strong>
                  </Text>
                </Stack>
              ) : (
                <Text size="sm">{t('computed.needMeasures')}</Text>
              )}
            </Paper>
            <Text size="xs" c="dimmed">
              {t('computed.fromSections')}
            </Text>
            {record && (
              <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden="true" />}>
                <Text size="sm">
                  {t('computed.saved')}: <strong>{diagnosisText(record.assessment)}</strong> (NRS-2002 {record.assessment.nrs.total}/7)
                </Text>
              </Alert>
            )}
          </Section>

          <Section id="nutrition-plan" title={t('sections.plan')}>
            {text('target')}
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <NumberField
                {...form.getInputProps('energyKcal')}
                {...number}
                allowDecimal={false}
                max={NUTRITION_PLAN_LIMITS.energyKcal.max}
                label={t('fields.energyKcal')}
              />
              <NumberField
                {...form.getInputProps('proteinG')}
                {...number}
                decimalScale={1}
                max={NUTRITION_PLAN_LIMITS.proteinG.max}
                label={t('fields.proteinG')}
              />
              <NumberField
                {...form.getInputProps('carbohydrateG')}
                {...number}
                decimalScale={1}
                max={NUTRITION_PLAN_LIMITS.carbohydrateG.max}
                label={t('fields.carbohydrateG')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {PLAN_TEXT_FIELDS.slice(0, 5).map(text)}
            </SimpleGrid>
            {check('sampleMenu')}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {PLAN_TEXT_FIELDS.slice(5).map(text)}
            </SimpleGrid>
          </Section>
        </Stack>
      </fieldset>
      {readOnly ? (
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button variant="default" onClick={onDone}>
            {t('actions.close')}
          </Button>
        </Group>
      ) : (
        <FormActions
          cancelLabel={t('actions.cancel')}
          onCancel={onCancel}
          submitLabel={t('actions.save')}
          pending={save.isPending}
          lockCancel
          mt="lg"
        />
      )}
    </form>
  );
}
