import { Button, Container, Group, SimpleGrid, Stack } from '@mantine/core';
import '../styles.ts';
import { DATE_INPUT_FORMAT } from '@rhc/domain';
import { generatePath, Link } from 'react-router';
import { BookingSteps, NoBookingNotice } from '../../../components/booking/booking-steps.tsx';
import { BookingDone } from '../../../components/booking/summary-parts.tsx';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useBookingStore } from '../../../stores/booking-store.ts';
import { doseLabel } from '../dose-ages.ts';
import { REGISTRATION_PATHS, REGISTRATION_STRINGS } from '../registration-paths.ts';

/** Step 3 (spec §2 /vaccine-registration/complete/, §8 "vaccine order saved"): the order just made, with its code. */
export function VaccineCompletePage() {
  const { t } = useTranslation(REGISTRATION_STRINGS);
  usePageTitle(t('pages.complete'));
  const last = useBookingStore((state) => state.orderSuccessList.at(-1));
  const order = last?.category === 'vaccine' ? last : undefined;

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <BookingSteps active={2} />
        {order ? (
          <BookingDone title={t('complete.title')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <LabelledValue fw={600} label={t('complete.code')}>
                {order.code}
              </LabelledValue>
              <LabelledValue fw={600} label={t('summary.patient')}>
                {order.infomation.fullName}
              </LabelledValue>
              {order.vaccine && (
                <LabelledValue fw={600} label={t('complete.vaccine')}>
                  {`${t(`vaccine-facts:${order.vaccine.vaccineId}.name`)} — ${doseLabel(t, order.vaccine.scheduleId, order.vaccine.vaccineDoseId)}`}
                </LabelledValue>
              )}
              <LabelledValue fw={600} label={t('complete.when')}>
                {`${formatCalendarDay(order.checkDay, DATE_INPUT_FORMAT)} ${order.checkHour}`}
              </LabelledValue>
              <LabelledValue fw={600} label={t('complete.clinic')}>
                {order.workUnit ? `${order.workUnit.name}, ${order.workUnit.address}` : t('complete.clinicUnknown')}
              </LabelledValue>
              <LabelledValue fw={600} label={t('complete.status')}>
                {t('complete.statusBooked')}
              </LabelledValue>
            </SimpleGrid>
            <Group gap="sm">
              <Button component={Link} to={generatePath(paths.allOrders, { id: order.id })}>
                {t('complete.details')}
              </Button>
              {/* The record of the person vaccinated (their own, or a profile kept); a person typed in has none here. */}
              <Button
                component={Link}
                to={order.profileId ? `${paths.vaccines}?person=${encodeURIComponent(order.profileId)}` : paths.vaccines}
                variant="default"
              >
                {t('complete.record')}
              </Button>
            </Group>
          </BookingDone>
        ) : (
          <NoBookingNotice to={REGISTRATION_PATHS.form} text={t('complete.empty')} action={t('complete.another')} />
        )}
      </Stack>
    </Container>
  );
}
