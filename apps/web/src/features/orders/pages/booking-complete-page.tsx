import { Alert, Button, Container, Group, SimpleGrid, Stack } from '@mantine/core';
import '../styles.ts';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import type { WorkMode } from '@rhc/contracts';
import { DATE_INPUT_FORMAT, ORDER_STATUS } from '@rhc/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { generatePath, Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { BOOKING_PATHS } from '../booking-paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { useBookingStore } from '../../../stores/booking-store.ts';
import { BookingSteps, NoBookingNotice } from '../../../components/booking/booking-steps.tsx';
import { BookingDone } from '../../../components/booking/summary-parts.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** Step 3 (spec §2 /healthcare/complete/ and /healthcare/complete-online/): the booking just made, with its code. */
export function BookingCompletePage({ mode }: { mode: WorkMode }) {
  const { t } = useTranslation('booking');
  usePageTitle(t('pages.complete'));
  const last = useBookingStore((state) => state.orderSuccessList.at(-1));
  const order = last?.mode === mode && last.category === 'exam' ? last : undefined;

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
              <LabelledValue fw={600} label={t('complete.status')}>
                {order.mode === 'online' && order.status === ORDER_STATUS.booked ? t('complete.statusPending') : t('complete.statusBooked')}
              </LabelledValue>
              <LabelledValue
                fw={600}
                label={t('complete.when')}
              >{`${formatCalendarDay(order.checkDay, DATE_INPUT_FORMAT)} ${order.checkHour}`}</LabelledValue>
              {order.mode === 'direct' && (
                <LabelledValue fw={600} label={t('complete.clinic')}>
                  {order.workUnit ? `${order.workUnit.name}, ${order.workUnit.address}` : t('complete.clinicUnknown')}
                </LabelledValue>
              )}
            </SimpleGrid>
            {order.mode === 'online' && (
              <Alert color="blue" icon={<IconInfoCircle aria-hidden="true" />}>
                {t('complete.onlineNext')}
              </Alert>
            )}
            <Group gap="sm">
              <Button component={Link} to={generatePath(paths.bookingSuccessDetail, { id: order.id })}>
                {t('complete.details')}
              </Button>
              <Button component={Link} to={paths.applicationList} variant="default">
                {t('complete.list')}
              </Button>
            </Group>
          </BookingDone>
        ) : (
          <NoBookingNotice to={BOOKING_PATHS[mode].form} text={t('complete.empty')} action={t('complete.newBooking')} />
        )}
      </Stack>
    </Container>
  );
}
