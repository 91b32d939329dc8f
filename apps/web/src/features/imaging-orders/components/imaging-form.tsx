import { Alert, Checkbox, Group, NativeSelect, Paper, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import '../styles.ts';
import {
  CONTRAST_QUESTIONS,
  IMAGING_MODALITIES,
  IMAGING_TYPES,
  imagingTotalVnd,
  MRI_SCREENING_QUESTIONS,
  type ImagingType,
} from '@rhc/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { CapacityTimePicker, placeFacts } from '../../../components/booking/capacity-time-picker.tsx';
import { bookingErrorText, focusFirstError, FormFooter, FormSection, useBookingForm } from '../../../components/booking/form-section.tsx';
import type { KitFormProps } from '../../../components/booking/order-kit.ts';
import { NoteSection } from '../../../components/booking/note-section.tsx';
import { PatientSection } from '../../../components/booking/patient-choice.tsx';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { todayInDisplayZone } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ImagingDraft } from '../../../stores/booking-store.ts';
import { formatVnd } from '../../../lib/format-vnd.ts';
import { imagingFreeTimesQuery, useImagingClinics, useImagingFreeTimes } from '../api.ts';
import { IMAGING_STRINGS } from '../imaging-paths.ts';
import { imagingErrors, offersContrast, placeOf, toImagingOrderBody, type ImagingFormValues } from '../imaging-values.ts';
import { YesNoQuestions } from './yes-no-questions.tsx';

/** Editing: the order's own slot, offered though its machine is taken (by the order itself). */
export type ImagingHeldTime = { day: string; time: string; type: ImagingType | null; workUnitId: string };

/** Editing keeps whom the order is for. */
type ImagingFormProps = KitFormProps<ImagingFormValues, ImagingDraft, ImagingHeldTime>;

/**
 * Spec §2 "/imageanalysation/": for whom, the image type and the organs or body parts it can image, the clinic with such
 * a machine, the MRI screening ("magnetic barrier") and the contrast yes/no with its questions and fasting, the price,
 * the day and a slot with free machines, a note. The booking parts are the examination's (components/booking).
 */
export function ImagingForm(props: ImagingFormProps) {
  const { initialValues, submitLabel, pending, failure, editing, onSubmit, takenSlot, secondaryAction, heldTime } = props;
  const { t } = useTranslation(IMAGING_STRINGS);
  const queryClient = useQueryClient();
  const form = useBookingForm(initialValues, imagingErrors);
  const values = form.getValues();
  const modality = values.type ? IMAGING_MODALITIES[values.type] : null;
  const contrastOffered = offersContrast(values.type);
  const place = placeOf(values);
  const freeTimes = useImagingFreeTimes(place, values.testDay);
  const held =
    heldTime && heldTime.type === values.type && heldTime.workUnitId === values.workUnitId
      ? { day: heldTime.day, time: heldTime.time }
      : null;
  const chooseType = (type: ImagingType) => {
    const { items, contrast } = form.getValues();
    // The parts the new type can image stay chosen; a type without contrast has none; its clinics and slots are others.
    form.setValues({
      type,
      items: items.filter((part) => IMAGING_MODALITIES[type].parts.includes(part)),
      contrast: offersContrast(type) && contrast,
      workUnitId: '',
      testTime: null,
    });
    form.clearFieldError('type');
  };

  const submit = form.onSubmit(
    (checked) => {
      const chosen = placeOf(checked);
      onSubmit({
        ...toImagingOrderBody(checked),
        bookingFor: checked.bookingFor,
        ...placeFacts(queryClient, chosen && checked.testDay ? imagingFreeTimesQuery(chosen, checked.testDay) : null, checked.testTime),
      });
    },
    (errors, _values, event) => focusFirstError(errors, event),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <PatientSection form={form} strings={IMAGING_STRINGS} lockBookingFor={editing} />

        <FormSection title={t('form.scanSection')}>
          <Radio.Group
            label={<FieldLabel required>{t('form.type')}</FieldLabel>}
            value={values.type}
            onChange={(value) => chooseType(value as ImagingType)}
            error={bookingErrorText(form.errors.type)}
            required
            withAsterisk={false}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt={6} data-path="type" tabIndex={-1}>
              {IMAGING_TYPES.map((type) => (
                <Radio
                  key={type}
                  value={type}
                  label={`${t(`lab-catalog:imaging.${type}.name`)} · ${t('form.perPart', { price: formatVnd(IMAGING_MODALITIES[type].priceVnd) })}`}
                  description={t(`lab-catalog:imaging.${type}.description`)}
                />
              ))}
            </SimpleGrid>
          </Radio.Group>

          <Checkbox.Group
            label={<FieldLabel required>{t('form.parts')}</FieldLabel>}
            description={t('form.partsHint')}
            value={values.items}
            onChange={(items) => {
              form.setFieldValue('items', items as ImagingFormValues['items']);
              form.clearFieldError('items');
            }}
            error={bookingErrorText(form.errors.items)}
          >
            <Stack gap="xs" mt={6} data-path="items" tabIndex={-1}>
              {modality ? (
                <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs">
                  {modality.parts.map((part) => (
                    <Checkbox key={part} value={part} label={t(`lab-catalog:parts.${part}`)} />
                  ))}
                </SimpleGrid>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('form.chooseTypeFirst')}
                </Text>
              )}
            </Stack>
          </Checkbox.Group>
        </FormSection>

        {values.type && (contrastOffered || values.type === 'MRI') && (
          <FormSection title={t('form.safetySection')}>
            {values.type === 'MRI' && (
              <Stack gap="sm">
                <Text size="sm">{t('form.screeningIntro')}</Text>
                <YesNoQuestions
                  questions={MRI_SCREENING_QUESTIONS}
                  group="screening"
                  field="render"
                  answers={values.render}
                  errors={form.errors}
                  onAnswer={(question, yes) => {
                    form.setFieldValue(`render.${question}`, yes);
                    form.clearFieldError(`render.${question}`);
                  }}
                />
              </Stack>
            )}
            {contrastOffered && (
              <Stack gap="sm">
                <Radio.Group
                  label={t('form.contrast')}
                  description={
                    modality?.contrastPriceVnd ? t('form.contrastHint', { price: formatVnd(modality.contrastPriceVnd) }) : undefined
                  }
                  value={values.contrast ? 'yes' : 'no'}
                  onChange={(value) => form.setFieldValue('contrast', value === 'yes')}
                >
                  <Group gap="lg" mt={6}>
                    <Radio value="no" label={t('form.contrastNo')} />
                    <Radio value="yes" label={t('form.contrastYes')} />
                  </Group>
                </Radio.Group>
                {values.contrast && (
                  <>
                    <Alert color="blue" icon={<IconInfoCircle aria-hidden="true" />}>
                      {t('lab-catalog:preparation.contrast_fasting')}
                    </Alert>
                    <YesNoQuestions
                      questions={CONTRAST_QUESTIONS}
                      group="contrastQuestions"
                      field="contrastAnswers"
                      answers={values.contrastAnswers}
                      errors={form.errors}
                      onAnswer={(question, yes) => {
                        form.setFieldValue(`contrastAnswers.${question}`, yes);
                        form.clearFieldError(`contrastAnswers.${question}`);
                      }}
                    />
                  </>
                )}
              </Stack>
            )}
          </FormSection>
        )}

        <FormSection title={t('form.placeSection')}>
          <ClinicField
            type={values.type}
            value={values.workUnitId}
            error={form.errors.workUnitId}
            onChange={(workUnitId) => {
              form.setValues({ workUnitId, testTime: null });
              form.clearFieldError('workUnitId');
            }}
          />
          <CapacityTimePicker
            strings={IMAGING_STRINGS}
            freeTimes={freeTimes}
            placeChosen={place !== null}
            chooseFirst={t('form.chooseClinicFirst')}
            timeLabel={t('form.slot')}
            cols={{ base: 2, xs: 3, sm: 4 }}
            form={form}
            heldTime={held}
            takenSlot={takenSlot}
          />
        </FormSection>

        <NoteSection strings={IMAGING_STRINGS} inputProps={form.getInputProps('note')} />

        <Paper withBorder radius="md" p="md" bg="gray.0" aria-live="polite">
          <Text fw={700} size="lg" data-testid="imaging-total">
            {t('form.total')}: {formatVnd(values.type ? imagingTotalVnd(values.type, values.items, values.contrast) : 0)}
          </Text>
        </Paper>

        <FormFooter failure={failure} secondaryAction={secondaryAction} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </form>
  );
}

/** The clinics with a machine of the type (the free-slots read names them); the type first. */
function ClinicField({
  type,
  value,
  error,
  onChange,
}: {
  type: ImagingType | null;
  value: string;
  error: unknown;
  onChange: (workUnitId: string) => void;
}) {
  const { t } = useTranslation(IMAGING_STRINGS);
  const clinics = useImagingClinics(type, todayInDisplayZone());
  const listed = clinics.data ?? [];
  const clinic = listed.find(({ id }) => String(id) === value);
  return (
    <NativeSelect
      data-path="workUnitId"
      label={<FieldLabel required>{t('form.clinic')}</FieldLabel>}
      description={clinic?.address ?? (type ? undefined : t('form.chooseTypeFirst'))}
      value={value}
      error={bookingErrorText(error)}
      data={[
        { value: '', label: t('form.clinicPlaceholder'), disabled: true },
        ...listed.map(({ id, name }) => ({ value: String(id), label: name })),
      ]}
      onChange={({ currentTarget }) => onChange(currentTarget.value)}
      required
      withAsterisk={false}
    />
  );
}
