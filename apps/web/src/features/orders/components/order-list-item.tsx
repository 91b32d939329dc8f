import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import '../styles.ts';
import type { Order } from '@rhc/contracts';
import { isActiveOrder, ORDER_KIND } from '@rhc/domain';
import { generatePath, Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatInstant } from '../../../lib/dates.ts';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { CATEGORY_WORDS } from '../../../lib/order-status.ts';

/**
 * One booking of a list: code, Vietnam date and hour, what and with whom, the form, the status and a link to the
 * detail. The person examined is named in a doctor's list, and in mine when I booked for someone else.
 */
export function OrderListItem({ order, showPatient = false }: { order: Order; showPatient?: boolean }) {
  const { t } = useTranslation('orders');
  // Another category names its service as the server words it (a vaccination "Viêm gan B, mũi 2", lab tests
  // "Xét nghiệm: HbA1c"); an examination its specialty and type.
  const service =
    (order.category !== 'exam' && order.service) ||
    [order.specialty?.name, order.examType?.name].filter(Boolean).join(' · ') ||
    t(`category.${order.category}`);
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={order.code}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>{order.code}</Text>
          <Group gap="xs">
            {order.kind === ORDER_KIND.doctor && (
              <Badge variant="light" color="teal" radius="sm" style={{ textTransform: 'none' }}>
                {t('kind.2')}
              </Badge>
            )}
            {/* Left outside the doctor's working time (a day off, hours changed; decision 047): someone has to move or cancel it. */}
            {order.outsideWorkTime && isActiveOrder(order.status) && (
              <Badge variant="light" color="orange" radius="sm" style={{ textTransform: 'none' }}>
                {t('list.needsDecision')}
              </Badge>
            )}
            <OrderStatusBadge status={order.status} mode={order.mode} category={order.category} />
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4}>
          <Text size="sm">
            {t('common.date')}: {formatInstant(order.startsAt)} · {formatInstant(order.startsAt, 'HH:mm')}
          </Text>
          {/* In person or online is an examination's choice; another category is done in person. */}
          {order.category === 'exam' && (
            <Text size="sm">
              {t('common.mode')}: {t(`mode.${order.mode}`)}
            </Text>
          )}
          <Text size="sm">
            {t('common.service')}: {service}
          </Text>
          {(showPatient || order.kind !== ORDER_KIND.self) && (
            <Text size="sm">
              {t(CATEGORY_WORDS[order.category].person)}: {order.infomation.fullName}
            </Text>
          )}
          <Text size="sm">
            {t(CATEGORY_WORDS[order.category].staff)}: {order.doctor?.fullName ?? t('common.noDoctor')}
          </Text>
        </SimpleGrid>
        {order.cancelReason && (
          <Text size="sm" c="red.9">
            {t('detail.cancelReason')}: {order.cancelReason}
          </Text>
        )}
        <Group justify="flex-end">
          <Anchor
            component={Link}
            to={generatePath(paths.allOrders, { id: order.id })}
            aria-label={t('common.viewDetail', { code: order.code })}
          >
            {t('common.details')}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
