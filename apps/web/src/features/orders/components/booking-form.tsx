import { Alert, Button, SimpleGrid, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import '../styles.ts';
import type { WorkMode } from '@rhc/contracts';
import { DATE_INPUT_FORMAT } from '@rhc/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { cachedData } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { BookingDraft } from '../../../stores/booking-store.ts';
import { doctorsQuery, examTypesQuery, specialtiesQuery, useDoctors, useExamTypes, useSpecialties } from '../../../hooks/use-catalog.ts';
import { bookingErrors, toExamOrderBody, type BookingFormValues } from '../booking-values.ts';
import { DoctorPicker } from '../../../components/booking/doctor-picker.tsx';
import { PatientSection } from '../../../components/booking/patient-choice.tsx';
import {
  focusFirstError,
  FormFooter,
  FormSection,
  type BookingFormBaseProps,
  useBookingForm,
} from '../../../components/booking/form-section.tsx';
import { SchedulePicker } from '../../../components/booking/schedule-picker.tsx';
import { GrowingTextarea } from '../../../components/ui/growing-textarea.tsx';
import { Select } from '../../../components/ui/select.tsx';

type BookingForm = UseFormReturnType<BookingFormValues>;

type BookingFormProps = BookingFormBaseProps<BookingFormValues, BookingDraft> & {
  mode: WorkMode;
  /** Editing keeps whom the booking is for. */
  lockBookingFor?: boolean;
};

/** Spec §2 "Health exam booking": for whom, specialty, type, doctor, day and hour, reason and note. */
export function BookingForm(props: BookingFormProps) {
  const { mode, initialValues, submitLabel, pending, failure, lockBookingFor, onSubmit, takenSlot, secondaryAction, heldTime } = props;
  const { t } = useTranslation(['booking', 'common']);
  const form = useBookingForm(initialValues, (values, today) => bookingErrors(values, mode, today));
  const values = form.getValues();
  const specialtyId = values.specialtyId ? Number(values.specialtyId) : undefined;
  const examTypeId = values.examTypeId ? Number(values.examTypeId) : undefined;
  const queryClient = useQueryClient();

  const clearTime = () => form.setValues({ checkDay: null, checkHour: null });

  const submit = form.onSubmit(
    (checked) => {
      // The names of what was chosen, from the lists as the exam section showed them.
      const doctor = cachedData(queryClient, doctorsQuery(specialtyId, mode))?.find(({ id }) => id === checked.doctorId);
      onSubmit({
        ...toExamOrderBody(checked, mode),
        specialtyName: cachedData(queryClient, specialtiesQuery())?.find(({ id }) => id === specialtyId)?.name,
        examTypeName: cachedData(queryClient, examTypesQuery(mode))?.find(({ id }) => id === examTypeId)?.name,
        doctor: doctor && { fullName: doctor.fullName, degree: doctor.degree, workPlace: doctor.workPlace, urlImage: doctor.urlImage },
      });
    },
    // The first field in error in the page's order gets the focus (and so scrolls into view).
    (errors, _values, event) => focusFirstError(errors, event),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <PatientSection form={form} lockBookingFor={lockBookingFor} />

        <FormSection title={t('form.examSection')}>
          <ExamChoice mode={mode} form={form} specialtyId={specialtyId} clearTime={clearTime} />
        </FormSection>

        <FormSection title={t('form.timeSection')}>
          {takenSlot && !values.checkHour && (
            <Alert color="orange" icon={<IconAlertCircle aria-hidden="true" />} role="status">
              {t('form.slotTaken', { hour: takenSlot.hour, day: formatCalendarDay(takenSlot.day, DATE_INPUT_FORMAT) })}
            </Alert>
          )}
          <SchedulePicker
            // A new doctor or type starts again at the chosen day's month.
            key={`${values.doctorId ?? ''}-${values.examTypeId ?? ''}`}
            mode={mode}
            doctorId={values.doctorId}
            examTypeId={examTypeId}
            timeCustome={values.timeCustome}
            checkDay={values.checkDay}
            checkHour={values.checkHour}
            heldTime={heldTime && heldTime.doctorId === values.doctorId ? heldTime : null}
            onTimeCustomeChange={(timeCustome) => {
              form.setFieldValue('timeCustome', timeCustome);
              clearTime();
            }}
            onDayChange={(day) => {
              form.setValues({ checkDay: day, checkHour: null });
              form.clearFieldError('checkDay');
            }}
            onHourChange={(hour) => {
              form.setFieldValue('checkHour', hour);
              form.clearFieldError('checkHour');
            }}
            dayError={form.errors.checkDay}
            hourError={form.errors.checkHour}
          />
        </FormSection>

        <FormSection title={t('form.detailsSection')}>
          <GrowingTextarea
            {...form.getInputProps('reasonForExamination')}
            label={<FieldLabel required>{t('form.reason')}</FieldLabel>}
            placeholder={t('form.reasonPlaceholder')}
            required
            withAsterisk={false}
            minRows={2}
            maxLength={500}
          />
          <GrowingTextarea {...form.getInputProps('note')} label={t('form.note')} minRows={2} maxLength={1000} />
        </FormSection>

        <FormFooter failure={failure} secondaryAction={secondaryAction} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </form>
  );
}

/**
 * The specialty, the kind of examination and the doctor, with the lists they are chosen from. The lists are subscribed
 * to here, not by the form: each list's arrival renders this section, not the whole form with its calendar, which on a
 * phone's CPU is a long task each time (issue 13).
 */
function ExamChoice({
  mode,
  form,
  specialtyId,
  clearTime,
}: {
  mode: WorkMode;
  form: BookingForm;
  specialtyId: number | undefined;
  clearTime: () => void;
}) {
  const { t } = useTranslation(['booking', 'common']);
  const values = form.getValues();
  const specialties = useSpecialties();
  const examTypes = useExamTypes(mode);
  const doctors = useDoctors(specialtyId, mode);
  const listFailure = specialties.error ?? examTypes.error;
  return (
    <>
      {listFailure && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          {listFailure.message}{' '}
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              void specialties.refetch();
              void examTypes.refetch();
            }}
          >
            {t('common:actions.retry')}
          </Button>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          deferred
          {...form.getInputProps('specialtyId')}
          onChange={(value) => {
            form.setValues({ specialtyId: value, doctorId: null });
            clearTime();
          }}
          label={<FieldLabel required>{t('form.specialty')}</FieldLabel>}
          placeholder={specialties.isPending ? t('common:loading') : t('form.specialtyPlaceholder')}
          data={(specialties.data ?? []).map(({ id, name }) => ({ value: String(id), label: name }))}
          searchable
          required
          withAsterisk={false}
          nothingFoundMessage={t('form.specialtyPlaceholder')}
        />
        <Select
          deferred
          {...form.getInputProps('examTypeId')}
          onChange={(value) => {
            form.setFieldValue('examTypeId', value);
            clearTime();
          }}
          label={<FieldLabel required>{t('form.examType')}</FieldLabel>}
          placeholder={examTypes.isPending ? t('common:loading') : t('form.examTypePlaceholder')}
          data={(examTypes.data ?? []).map(({ id, name }) => ({ value: String(id), label: name }))}
          required
          withAsterisk={false}
        />
      </SimpleGrid>
      <DoctorPicker
        doctors={doctors.data}
        loading={doctors.isFetching}
        failure={doctors.error?.message ?? null}
        specialtyChosen={specialtyId !== undefined}
        value={values.doctorId}
        onChange={(doctorId) => {
          form.setFieldValue('doctorId', doctorId);
          clearTime();
        }}
        error={form.errors.doctorId}
      />
    </>
  );
}
