import { Alert, Paper, SimpleGrid, Stack } from '@mantine/core';
import '../styles.ts';
import { DATE_INPUT_FORMAT, DEFAULT_VACCINE_SCHEDULE, type VaccineId } from '@rhc/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { DoctorLine } from '../../../components/booking/summary-parts.tsx';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { useSlotClinic } from '../../../hooks/use-free-time.ts';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { VaccineDraft } from '../../../stores/booking-store.ts';
import { doseLabel } from '../dose-ages.ts';
import { REGISTRATION_STRINGS } from '../registration-paths.ts';
import type { ReactNode } from 'react';

/** Everything chosen for a vaccination, as the confirm page shows it. */
export function VaccineSummary({ draft, person }: { draft: VaccineDraft; person: ReactNode }) {
  const { t } = useTranslation(REGISTRATION_STRINGS);
  const clinic = useSlotClinic('direct', draft);
  const doctor = draft.doctor;
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          {person}
          <LabelledValue fw={500} label={t('summary.vaccine')}>
            {draft.vaccineId ? t(`vaccine-facts:${draft.vaccineId as VaccineId}.name`) : ''}
          </LabelledValue>
          <LabelledValue fw={500} label={t('summary.dose')}>
            {draft.vaccineDoseId ? doseLabel(t, draft.scheduleId ?? DEFAULT_VACCINE_SCHEDULE, draft.vaccineDoseId) : ''}
          </LabelledValue>
          <LabelledValue fw={500} label={t('summary.schedule')}>
            {draft.scheduleId ? t(`form.schedules.${draft.scheduleId}`) : ''}
          </LabelledValue>
          <DoctorLine label={t('summary.doctor')} doctor={doctor} />
          {(clinic || draft.workUnitName) && (
            <LabelledValue fw={500} label={t('summary.clinic')}>
              {clinic ? `${clinic.name} — ${clinic.address}` : draft.workUnitName}
            </LabelledValue>
          )}
          <LabelledValue fw={500} label={t('summary.day')}>
            {draft.checkDay ? formatCalendarDay(draft.checkDay, DATE_INPUT_FORMAT) : ''}
          </LabelledValue>
          <LabelledValue fw={500} label={t('summary.hour')}>
            {draft.checkHour ?? ''}
          </LabelledValue>
          <LabelledValue fw={500} label={t('summary.note')}>
            {draft.note || t('summary.none')}
          </LabelledValue>
        </SimpleGrid>
      </Paper>
      {!clinic && (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden="true" />}>
          {t('summary.clinicLater')}
        </Alert>
      )}
    </Stack>
  );
}
