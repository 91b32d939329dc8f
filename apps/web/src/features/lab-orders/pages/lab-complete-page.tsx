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
import { LAB_PATHS, LAB_STRINGS } from '../lab-paths.ts';
import { formatVnd } from '../../../lib/format-vnd.ts';
import { itemNames } from '../lab-words.ts';

/** Step 3 (spec §2 /diagnostictest/complete/): the lab order just made, with its code, and the ways to it and to the lists. */
export function LabCompletePage() {
  const { t } = useTranslation(LAB_STRINGS);
  usePageTitle(t('pages.complete'));
  const last = useBookingStore((state) => state.orderSuccessList.at(-1));
  const order = last?.category === 'lab' ? last : undefined;
  const lab = order?.lab;

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
              {lab && (
                <LabelledValue fw={600} label={t('summary.items')}>
                  {itemNames(t, lab.packageTestItems, lab.requestTestItems).join(', ')}
                </LabelledValue>
              )}
              <LabelledValue fw={600} label={t('complete.when')}>
                {`${formatCalendarDay(order.checkDay, DATE_INPUT_FORMAT)} ${order.checkHour}${lab ? ` – ${lab.endHour}` : ''}`}
              </LabelledValue>
              <LabelledValue fw={600} label={t('summary.place')}>
                {lab?.atHome
                  ? `${t('summary.atHome')}: ${lab.orderAdress ?? ''}`
                  : order.workUnit
                    ? `${order.workUnit.name}, ${order.workUnit.address}`
                    : ''}
              </LabelledValue>
              {lab && (
                <LabelledValue fw={600} label={t('summary.total')}>
                  {formatVnd(lab.totalVnd)}
                </LabelledValue>
              )}
              <LabelledValue fw={600} label={t('complete.status')}>
                {t('complete.statusBooked')}
              </LabelledValue>
            </SimpleGrid>
            <Group gap="sm">
              <Button component={Link} to={generatePath(paths.allOrders, { id: order.id })}>
                {t('complete.details')}
              </Button>
              <Button component={Link} to={paths.applicationList} variant="default">
                {t('complete.list')}
              </Button>
            </Group>
          </BookingDone>
        ) : (
          <NoBookingNotice to={LAB_PATHS.form} text={t('complete.empty')} action={t('complete.another')} />
        )}
      </Stack>
    </Container>
  );
}
