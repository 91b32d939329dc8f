import { Button, Container, Group, SimpleGrid, Stack } from '@mantine/core';
import './styles.ts';
import { DATE_INPUT_FORMAT } from '@rhc/domain';
import { generatePath, Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { formatCalendarDay } from '../../lib/dates.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useBookingStore, type KitCategory } from '../../stores/booking-store.ts';
import { LabelledValue } from '../ui/labelled-value.tsx';
import { BookingSteps, NoBookingNotice } from './booking-steps.tsx';
import type { CompleteParts, OrderKit } from './order-kit.ts';
import { BookingDone } from './summary-parts.tsx';

/** When the order is, as its complete page says it: the day, the time, and until when where the category knows it. */
export function whenText(day: string, hour: string, endHour?: string): string {
  return `${formatCalendarDay(day, DATE_INPUT_FORMAT)} ${hour}${endHour ? ` – ${endHour}` : ''}`;
}

/** Step 3 of a category's booking: the order just made, with its code, and the ways to it and on. */
export function OrderCompletePage<C extends KitCategory>({ kit, parts }: { kit: OrderKit<C>; parts: CompleteParts }) {
  const { t } = useTranslation(kit.strings);
  usePageTitle(t('pages.complete'));
  const last = useBookingStore((state) => state.orderSuccessList.at(-1));
  const order = last?.category === kit.category ? last : undefined;
  const more = order && parts.more(order, t);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <BookingSteps active={2} />
        {order && more ? (
          <BookingDone title={t('complete.title')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <LabelledValue fw={600} label={t('complete.code')}>
                {order.code}
              </LabelledValue>
              <LabelledValue fw={600} label={t('summary.patient')}>
                {order.infomation.fullName}
              </LabelledValue>
              {parts.lines(order, t).map(({ label, value }) => (
                <LabelledValue key={label} fw={600} label={label}>
                  {value}
                </LabelledValue>
              ))}
              <LabelledValue fw={600} label={t('complete.status')}>
                {parts.status ? parts.status(order, t) : t('complete.statusBooked')}
              </LabelledValue>
            </SimpleGrid>
            {parts.notice?.(order)}
            <Group gap="sm">
              <Button component={Link} to={generatePath(paths.allOrders, { id: order.id })}>
                {t('complete.details')}
              </Button>
              <Button component={Link} to={more.to} variant="default">
                {more.label}
              </Button>
            </Group>
          </BookingDone>
        ) : (
          <NoBookingNotice to={kit.paths.form} text={t('complete.empty')} action={t('complete.another')} />
        )}
      </Stack>
    </Container>
  );
}
