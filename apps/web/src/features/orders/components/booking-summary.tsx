import { Alert, Paper, SimpleGrid, Stack } from '@mantine/core';
import '../styles.ts';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import type { WorkMode } from '@rhc/contracts';
import { DATE_INPUT_FORMAT, VN_CALLING_CODE } from '@rhc/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import type { BookingDraft } from '../../../stores/booking-store.ts';
import { useSlotClinic } from '../../../hooks/use-free-time.ts';
import { countryOf } from '../../../config/calling-codes.ts';
import { DoctorLine } from '../../../components/booking/summary-parts.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** Every choice of a booking in progress, as the confirm page shows it (spec §2 "then patient info and confirmation"). */
export function BookingSummary({ mode, draft }: { mode: WorkMode; draft: BookingDraft }) {
  const { t } = useTranslation(['booking', 'person']);
  const { t: common } = useTranslation('common');
  const user = useAuthStore((state) => state.user);
  const patient = draft.isFamily ? draft.infomation : undefined;
  const country = countryOf(patient?.callingCodes ?? '');
  const doctor = draft.doctor;
  const clinic = useSlotClinic(mode, draft);

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <LabelledValue fw={500} label={t('summary.patient')}>
            {patient ? patient.fullName : t('summary.self', { name: user?.fullName ?? '' })}
          </LabelledValue>
          {patient && (
            <>
              <LabelledValue
                fw={500}
                label={t('summary.phone')}
              >{`${patient.callingCodes ?? VN_CALLING_CODE} ${patient.phone}${country ? ` (${common(`countries.${country}`)})` : ''}`}</LabelledValue>
              <LabelledValue fw={500} label={t('summary.gender')}>
                {t(`person:genders.${patient.gender ?? 'male'}`)}
              </LabelledValue>
              <LabelledValue fw={500} label={t('summary.dateOfBirth')}>
                {patient.dateOfBirth ? formatCalendarDay(patient.dateOfBirth, DATE_INPUT_FORMAT) : ''}
              </LabelledValue>
              <LabelledValue fw={500} label={t('summary.email')}>
                {patient.email || t('summary.none')}
              </LabelledValue>
              <LabelledValue fw={500} label={t('summary.address')}>
                {patient.address}
              </LabelledValue>
            </>
          )}
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <LabelledValue fw={500} label={t('summary.mode')}>
            {t(`modes.${mode}`)}
          </LabelledValue>
          <LabelledValue fw={500} label={t('summary.specialty')}>
            {draft.specialtyName ?? ''}
          </LabelledValue>
          <LabelledValue fw={500} label={t('summary.examType')}>
            {draft.examTypeName ?? ''}
          </LabelledValue>
          <DoctorLine label={t('summary.doctor')} doctor={doctor} />
          {clinic && <LabelledValue fw={500} label={t('summary.clinic')}>{`${clinic.name} — ${clinic.address}`}</LabelledValue>}
          <LabelledValue fw={500} label={t('summary.day')}>
            {draft.checkDay ? formatCalendarDay(draft.checkDay, DATE_INPUT_FORMAT) : ''}
          </LabelledValue>
          <LabelledValue fw={500} label={t('summary.hour')}>
            {draft.checkHour ?? ''}
          </LabelledValue>
          <LabelledValue fw={500} label={t('summary.timeKind')}>
            {draft.timeCustome ? t('summary.customTime') : t('summary.doctorTime')}
          </LabelledValue>
          <LabelledValue fw={500} label={t('summary.reason')}>
            {draft.reasonForExamination ?? ''}
          </LabelledValue>
          <LabelledValue fw={500} label={t('summary.note')}>
            {draft.note || t('summary.none')}
          </LabelledValue>
        </SimpleGrid>
      </Paper>
      <Alert color="blue" icon={<IconInfoCircle aria-hidden="true" />}>
        {mode === 'online' ? t('summary.onlineLater') : clinic ? t('summary.clinicKnown') : t('summary.clinicLater')}
      </Alert>
    </Stack>
  );
}
