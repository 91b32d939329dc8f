import { Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import '../styles.ts';
import type { Order } from '@rhc/contracts';
import { formatInstant } from '../../../lib/dates.ts';
import { DetailRow } from '../../../components/ui/detail-row.tsx';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';
import { OrderCodeLine } from './order-code-line.tsx';
import { CalendarLink, TrackingLink } from './tracking-link.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** What a booking summary needs of an order (the booking store's entries may carry less than a full order). */
export type OrderSummary = Pick<Order, 'id' | 'code' | 'secureCode' | 'status' | 'mode' | 'startsAt'> &
  Partial<Pick<Order, 'doctor' | 'workUnit' | 'specialty' | 'examType'>>;

/** A booking just made: code, Vietnam date and hour, doctor, the clinic or the online notice, tracking link and .ics. */
export function OrderSummaryCard({ order }: { order: OrderSummary }) {
  const { t } = useTranslation('orders');
  return (
    <Paper component="article" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-label={order.code}>
      <Stack gap="md">
        {/* The card of an examination just booked (the other categories have their own complete pages). */}
        <OrderCodeLine code={order.code} badge={<OrderStatusBadge status={order.status} mode={order.mode} category="exam" />} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <DetailRow label={t('common.date')}>{formatInstant(order.startsAt)}</DetailRow>
          <DetailRow label={t('common.hour')}>{formatInstant(order.startsAt, 'HH:mm')}</DetailRow>
          <DetailRow label={t('common.specialty')}>{[order.specialty?.name, order.examType?.name].filter(Boolean).join(' · ')}</DetailRow>
          <DetailRow label={t('common.doctor')}>{order.doctor?.fullName}</DetailRow>
          <DetailRow label={order.mode === 'online' ? t('common.mode') : t('common.clinic')}>
            {order.mode === 'online'
              ? t('common.onlineNotice')
              : order.workUnit
                ? `${order.workUnit.name} — ${order.workUnit.address}`
                : null}
          </DetailRow>
        </SimpleGrid>
        <TrackingLink secureCode={order.secureCode} />
        <Group>
          <CalendarLink orderId={order.id} />
        </Group>
      </Stack>
    </Paper>
  );
}
