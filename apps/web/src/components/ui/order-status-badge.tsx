import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.layer.css';
import type { OrderCategory, OrderStatus, WorkMode } from '@rhc/domain';
import { STATUS_COLORS, statusLabel } from '../../lib/order-status.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** The coloured status of a booking (spec §4 labels; a lab or imaging order is confirmed by its clinic, not a doctor). */
export function OrderStatusBadge({ status, mode, category }: { status: OrderStatus; mode: WorkMode; category: OrderCategory }) {
  const { t } = useTranslation('orders');
  const label = statusLabel(status, mode, category);
  return (
    <Badge color={STATUS_COLORS[label]} variant="light" radius="sm" style={{ textTransform: 'none' }}>
      {t(`status.${label}`)}
    </Badge>
  );
}
