import { Alert, Avatar, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import '../styles.ts';
import type { WorkMode } from '@rhc/contracts';
import { DATE_INPUT_FORMAT, VN_CALLING_CODE } from '@rhc/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import type { BookingDraft } from '../../../stores/booking-store.ts';
import { CALLING_CODES, isDegree } from '../booking-values.ts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** Every choice of a booking in progress, as the confirm page shows it (spec §2 "then patient info and confirmation"). */
export function BookingSummary({ mode, draft }: { mode: WorkMode; draft: BookingDraft }) {
  const { t } = useTranslation('booking');
  const user = useAuthStore((state) => state.user);
  const patient = draft.isFamily ? draft.infomation : undefined;
  const country = CALLING_CODES.find(({ code }) => code === patient?.callingCodes);
  const doctor = draft.doctor;

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <Row label={t('summary.patient')}>{patient ? patient.fullName : t('summary.self', { name: user?.fullName ?? '' })}</Row>
          {patient && (
            <>
              <Row
                label={t('summary.phone')}
              >{`${patient.callingCodes ?? VN_CALLING_CODE} ${patient.phone}${country ? ` (${t(`countries.${country.country}`)})` : ''}`}</Row>
              <Row label={t('summary.gender')}>{t(`genders.${patient.gender ?? 'male'}`)}</Row>
              <Row label={t('summary.dateOfBirth')}>
                {patient.dateOfBirth ? formatCalendarDay(patient.dateOfBirth, DATE_INPUT_FORMAT) : ''}
              </Row>
              <Row label={t('summary.email')}>{patient.email || t('summary.none')}</Row>
              <Row label={t('summary.address')}>{patient.address}</Row>
            </>
          )}
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <Row label={t('summary.mode')}>{t(`modes.${mode}`)}</Row>
          <Row label={t('summary.specialty')}>{draft.specialtyName ?? ''}</Row>
          <Row label={t('summary.examType')}>{draft.examTypeName ?? ''}</Row>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('summary.doctor')}
            </Text>
            {doctor && (
              <Group gap="sm" wrap="nowrap">
                <Avatar src={doctor.urlImage} alt="" radius="xl" name={doctor.fullName} color="initials" />
                <div>
                  <Text fw={500}>{doctor.fullName}</Text>
                  <Text size="sm" c="dimmed">
                    {isDegree(doctor.degree) ? t(`degrees.${doctor.degree}`) : doctor.degree} · {doctor.workPlace}
                  </Text>
                </div>
              </Group>
            )}
          </Stack>
          <Row label={t('summary.day')}>{draft.checkDay ? formatCalendarDay(draft.checkDay, DATE_INPUT_FORMAT) : ''}</Row>
          <Row label={t('summary.hour')}>{draft.checkHour ?? ''}</Row>
          <Row label={t('summary.timeKind')}>{draft.timeCustome ? t('summary.customTime') : t('summary.doctorTime')}</Row>
          <Row label={t('summary.reason')}>{draft.reasonForExamination ?? ''}</Row>
          <Row label={t('summary.note')}>{draft.note || t('summary.none')}</Row>
        </SimpleGrid>
      </Paper>
      <Alert color="blue" icon={<IconInfoCircle aria-hidden="true" />}>
        {mode === 'online' ? t('summary.onlineLater') : t('summary.clinicLater')}
      </Alert>
    </Stack>
  );
}
