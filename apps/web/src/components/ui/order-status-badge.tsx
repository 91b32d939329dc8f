import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.layer.css';
import type { OrderStatus, WorkMode } from '@rhc/domain';
import { STATUS_COLORS, statusLabel } from '../../lib/order-status.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** The coloured status of a booking (spec §4 labels). */
export function OrderStatusBadge({ status, mode }: { status: OrderStatus; mode: WorkMode }) {
  const { t } = useTranslation('orders');
  const label = statusLabel(status, mode);
  return (
    <Badge color={STATUS_COLORS[label]} variant="light" radius="sm" style={{ textTransform: 'none' }}>
      {t(`status.${label}`)}
    </Badge>
  );
}
