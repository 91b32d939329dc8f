import { Alert, Button, Container, Group, Paper, SimpleGrid, Stack, ThemeIcon, Title } from '@mantine/core';
import '../styles.ts';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import type { WorkMode } from '@rhc/contracts';
import { DATE_INPUT_FORMAT, ORDER_STATUS } from '@rhc/domain';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { generatePath, Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { BOOKING_PATHS } from '../booking-paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { useBookingStore } from '../../../stores/booking-store.ts';
import { BookingSteps, NoBookingNotice } from '../../../components/booking/booking-steps.tsx';
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
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="lg">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon color="teal" variant="light" size="xl" radius="xl">
                  <IconCircleCheck aria-hidden="true" />
                </ThemeIcon>
                <Title order={1} size="h2">
                  {t('complete.title')}
                </Title>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <LabelledValue fw={600} label={t('complete.code')}>
                  {order.code}
                </LabelledValue>
                <LabelledValue fw={600} label={t('complete.status')}>
                  {order.mode === 'online' && order.status === ORDER_STATUS.booked
                    ? t('complete.statusPending')
                    : t('complete.statusBooked')}
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
            </Stack>
          </Paper>
        ) : (
          <NoBookingNotice to={BOOKING_PATHS[mode].form} text={t('complete.empty')} action={t('complete.newBooking')} />
        )}
      </Stack>
    </Container>
  );
}
