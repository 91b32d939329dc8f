import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { DATE_INPUT_FORMAT } from '@rhc/domain';
import { IconCalendarPlus, IconStethoscope } from '@tabler/icons-react';
import { generatePath, Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { paths } from '../../../config/paths.ts';
import { formatCalendarDay, todayInDisplayZone } from '../../../lib/dates.ts';
import { useClinicalRecord, useOrder } from '../api.ts';
import { PrescriptionView } from './prescription-view.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * The booking page of `mode` with the doctor, the specialty and the re-exam day chosen (its `doctor`, `specialty` and
 * `day` query parameters), for the patient to book the re-examination (issue 17).
 */
export function reExamBookingPath(mode: 'direct' | 'online', doctorId: string, specialtyId: number | undefined, day: string): string {
  const query = new URLSearchParams({ doctor: doctorId, day });
  if (specialtyId !== undefined) query.set('specialty', String(specialtyId));
  return `${mode === 'online' ? paths.healthcareOnline : paths.healthcare}?${query.toString()}`;
}

/**
 * The examination result on an order's page (issue 17): diagnosis, medical history, re-exam date, advice and the
 * prescriptions, newest first (a replaced one kept and marked). The order's doctor also gets the way to the edit screen.
 */
export function ClinicalSummary({ orderId, mode, asDoctor }: { orderId: string; mode: 'direct' | 'online'; asDoctor: boolean }) {
  const { t } = useTranslation('clinical');
  const record = useClinicalRecord(orderId);
  const editPath = generatePath(mode === 'online' ? paths.healthcareOnlineDoctorEdit : paths.healthcareDoctorEdit, { id: orderId });
  const examination = record.data?.examination;
  // The order's page has read the order already: the same query, answered from the cache (its specialty for the link).
  const order = useOrder(asDoctor || !examination ? '' : orderId).data;
  const reExamAhead = examination && examination.reExamDate >= todayInDisplayZone() ? examination.reExamDate : null;
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="clinical-summary">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('view.title')}
        </Title>
        {record.isPending ? (
          <LoadingState />
        ) : record.error ? (
          <ErrorState message={`${t('view.loadFailed')} ${record.error.message}`} onRetry={() => void record.refetch()} />
        ) : !examination ? (
          <Text c="dimmed">{t('view.empty')}</Text>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <LabelledValue wrap="pre-wrap" label={t('view.diagnostic')}>
                {examination.diagnostic}
              </LabelledValue>
              <LabelledValue wrap="pre-wrap" label={t('view.reExamDate')}>
                {formatCalendarDay(examination.reExamDate, DATE_INPUT_FORMAT)}
              </LabelledValue>
              <LabelledValue wrap="pre-wrap" label={t('view.medicalHistory')}>
                {examination.medicalHistory}
              </LabelledValue>
              {examination.advice ? (
                <LabelledValue wrap="pre-wrap" label={t('view.advice')}>
                  {examination.advice}
                </LabelledValue>
              ) : null}
            </SimpleGrid>
            <Title order={3} size="h5">
              {t('view.prescriptions')}
            </Title>
            {record.data.prescriptions.length === 0 ? (
              <Text c="dimmed">{t('prescription.none')}</Text>
            ) : (
              record.data.prescriptions.map((prescription) => <PrescriptionView key={prescription.id} prescription={prescription} />)
            )}
          </>
        )}
        {!asDoctor && examination && reExamAhead && (
          <div>
            <Button
              component={Link}
              to={reExamBookingPath(mode, examination.doctor.id, order?.specialty?.id, reExamAhead)}
              leftSection={<IconCalendarPlus size={18} aria-hidden="true" />}
            >
              {t('reExam.book')}
            </Button>
          </div>
        )}
        {asDoctor && (
          <div>
            <Button component={Link} to={editPath} leftSection={<IconStethoscope size={18} aria-hidden="true" />} variant="light">
              {t('view.openEdit')}
            </Button>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
