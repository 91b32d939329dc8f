import { Alert, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import '../styles.ts';
import type { ManagedProfile } from '@rhc/contracts';
import { DATE_INPUT_FORMAT, VACCINATION_SPECIALTY_ID, VACCINE_SCHEDULE_IDS, type VaccineId } from '@rhc/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DoctorPicker } from '../../../components/booking/doctor-picker.tsx';
import {
  focusFirstError,
  FormFooter,
  FormSection,
  type BookingFormBaseProps,
  useBookingForm,
} from '../../../components/booking/form-section.tsx';
import { NoteSection } from '../../../components/booking/note-section.tsx';
import { PatientSection } from '../../../components/booking/patient-choice.tsx';
import { profileValues } from '../../../components/booking/patient-values.ts';
import { SchedulePicker } from '../../../components/booking/schedule-picker.tsx';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { doctorsQuery, useDoctors, useWorkUnits } from '../../../hooks/use-catalog.ts';
import { useManagedProfiles } from '../../../hooks/use-people.ts';
import { cachedData } from '../../../lib/api-client.ts';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import type { VaccineDraft } from '../../../stores/booking-store.ts';
import { agesText } from '../../../lib/vaccine-ages.ts';
import { REGISTRATION_STRINGS } from '../registration-paths.ts';
import { dosesOf, toVaccineOrderBody, vaccineErrors, vaccinesOf, type VaccineFormValues } from '../vaccine-values.ts';

type VaccineForm = UseFormReturnType<VaccineFormValues>;

type VaccineFormProps = BookingFormBaseProps<VaccineFormValues, VaccineDraft> & {
  /** Editing keeps whom the order is for. */
  editing?: boolean;
};

/**
 * Spec §2 "/vaccine-registration/": for whom, the vaccine and its dose in a schedule, a clinic, a vaccinator of the
 * vaccination specialty and one of their free slots, a note. The booking parts are the examination's (components/booking).
 */
export function VaccineForm(props: VaccineFormProps) {
  const { initialValues, submitLabel, pending, failure, editing, onSubmit, takenSlot, secondaryAction, heldTime } = props;
  const { t } = useTranslation(REGISTRATION_STRINGS);
  const queryClient = useQueryClient();
  const form = useBookingForm(initialValues, vaccineErrors);
  const values = form.getValues();
  const clinics = useWorkUnits();
  const clinic = clinics.data?.find(({ id }) => String(id) === values.workUnitId) ?? null;
  const chooseProfile = (profile: ManagedProfile | null) => form.setValues(profileValues(profile));
  useProfileOfLink(form, chooseProfile);
  const clearTime = () => form.setValues({ checkDay: null, checkHour: null });

  const submit = form.onSubmit(
    (checked) => {
      const doctor = cachedData(queryClient, doctorsQuery(VACCINATION_SPECIALTY_ID, 'direct'))?.find(({ id }) => id === checked.doctorId);
      onSubmit({
        ...toVaccineOrderBody(checked),
        bookingFor: checked.bookingFor,
        doctor: doctor && { fullName: doctor.fullName, degree: doctor.degree, workPlace: doctor.workPlace, urlImage: doctor.urlImage },
        workUnitName: clinic?.name,
      });
    },
    (errors, _values, event) => focusFirstError(errors, event),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <PatientSection form={form} strings={REGISTRATION_STRINGS} lockBookingFor={editing} />

        <FormSection title={t('form.vaccineSection')}>
          <VaccineChoice form={form} />
        </FormSection>

        <FormSection title={t('form.placeSection')}>
          <NativeSelect
            label={t('form.clinic')}
            description={clinic ? t('form.clinicHint') : undefined}
            data={[
              { value: '', label: t('form.anyClinic') },
              ...(clinics.data ?? []).map(({ id, name }) => ({ value: String(id), label: name })),
            ]}
            value={values.workUnitId}
            onChange={({ currentTarget }) => {
              form.setFieldValue('workUnitId', currentTarget.value);
              clearTime();
            }}
          />
          <Vaccinators form={form} clearTime={clearTime} />
          {takenSlot && !values.checkHour && (
            <Alert color="orange" icon={<IconAlertCircle aria-hidden="true" />} role="status">
              {t('form.slotTaken', { hour: takenSlot.hour, day: formatCalendarDay(takenSlot.day, DATE_INPUT_FORMAT) })}
            </Alert>
          )}
          <SchedulePicker
            key={`${values.doctorId ?? ''}-${values.workUnitId}`}
            mode="direct"
            doctorId={values.doctorId}
            examTypeId={undefined}
            timeCustome={false}
            allowCustomTime={false}
            dayLabel={t('form.calendar')}
            hourLabel={t('summary.hour')}
            clinicId={clinic?.id ?? null}
            checkDay={values.checkDay}
            checkHour={values.checkHour}
            heldTime={heldTime && heldTime.doctorId === values.doctorId ? heldTime : null}
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

        <NoteSection strings={REGISTRATION_STRINGS} inputProps={form.getInputProps('note')} />

        <FormFooter failure={failure} secondaryAction={secondaryAction} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </form>
  );
}

/**
 * A link that named a profile (`?person=`): its details fill the form once the profiles I manage have arrived; a person
 * who is not among them (someone who only shares with me) is left for the person to type in.
 */
function useProfileOfLink(form: VaccineForm, chooseProfile: (profile: ManagedProfile | null) => void) {
  const userId = useAuthStore((state) => state.user?.userId ?? '');
  const { profileId, infomation } = form.getValues();
  const waiting = profileId !== null && infomation.fullName === '';
  const profiles = useManagedProfiles(waiting ? userId : '');
  const found = waiting && profiles.data ? (profiles.data.find(({ id }) => id === profileId) ?? null) : undefined;
  useEffect(() => {
    if (found !== undefined) chooseProfile(found);
  }, [found, chooseProfile]);
}

/** The schedule, the vaccine of that schedule (named in the reader's language) and its dose, with the dose's ages. */
function VaccineChoice({ form }: { form: VaccineForm }) {
  const { t } = useTranslation(REGISTRATION_STRINGS);
  const values = form.getValues();
  const vaccines = vaccinesOf(values.scheduleId);
  const doses = values.vaccineId ? dosesOf(values.scheduleId, values.vaccineId) : [];
  return (
    <>
      <NativeSelect
        label={t('form.schedule')}
        description={t('form.scheduleHint')}
        data={VACCINE_SCHEDULE_IDS.map((id) => ({ value: id, label: t(`form.schedules.${id}`) }))}
        value={values.scheduleId}
        onChange={({ currentTarget }) => {
          const scheduleId = currentTarget.value as VaccineFormValues['scheduleId'];
          const keepVaccine = vaccinesOf(scheduleId).includes(values.vaccineId as VaccineId);
          form.setValues({ scheduleId, vaccineId: keepVaccine ? values.vaccineId : '', vaccineDoseId: '' });
        }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NativeSelect
          {...form.getInputProps('vaccineId')}
          label={<FieldLabel required>{t('form.vaccine')}</FieldLabel>}
          data={[
            { value: '', label: t('form.vaccinePlaceholder'), disabled: true },
            ...vaccines.map((id) => ({ value: id, label: t(`vaccine-facts:${id}.name`) })),
          ]}
          onChange={({ currentTarget }) => {
            form.setValues({ vaccineId: currentTarget.value, vaccineDoseId: '' });
            form.clearFieldError('vaccineId');
          }}
          required
          withAsterisk={false}
        />
        <NativeSelect
          {...form.getInputProps('vaccineDoseId')}
          label={<FieldLabel required>{t('form.dose')}</FieldLabel>}
          data={[
            { value: '', label: values.vaccineId ? t('form.dosePlaceholder') : t('form.chooseVaccineFirst'), disabled: true },
            ...doses.map(({ id, order, ages }) => ({ value: id, label: t('form.doseOption', { order, ages: agesText(t, ages) }) })),
          ]}
          onChange={({ currentTarget }) => {
            form.setFieldValue('vaccineDoseId', currentTarget.value);
            form.clearFieldError('vaccineDoseId');
          }}
          required
          withAsterisk={false}
        />
      </SimpleGrid>
    </>
  );
}

/** The doctors and nurses of the vaccination specialty, as the examination's doctor cards. */
function Vaccinators({ form, clearTime }: { form: VaccineForm; clearTime: () => void }) {
  const doctors = useDoctors(VACCINATION_SPECIALTY_ID, 'direct');
  return (
    <DoctorPicker
      doctors={doctors.data}
      loading={doctors.isFetching}
      failure={doctors.error?.message ?? null}
      specialtyChosen
      value={form.getValues().doctorId}
      onChange={(doctorId) => {
        form.setFieldValue('doctorId', doctorId);
        form.clearFieldError('doctorId');
        clearTime();
      }}
      error={form.errors.doctorId}
    />
  );
}
