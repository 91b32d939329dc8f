import { Timeline, Text } from '@mantine/core';
import '../styles.ts';
import { ORDER_STATUS, type OrderCategory, type OrderStatus } from '@rhc/domain';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import { CATEGORY_WORDS } from '../../../lib/order-status.ts';

/** booked → verified → completed, or booked → cancelled (spec §4), with the steps reached marked; who verifies is the category's. */
export function StatusTimeline({ status, category }: { status: OrderStatus; category: OrderCategory }) {
  const { t } = useTranslation('orders');
  const cancelled = status === ORDER_STATUS.cancelled;
  const steps = cancelled ? (['booked', 'cancelled'] as const) : (['booked', 'verified', 'completed'] as const);
  const reached = cancelled
    ? 1
    : status === ORDER_STATUS.done || status === ORDER_STATUS.infostore
      ? 2
      : status === ORDER_STATUS.verified
        ? 1
        : 0;
  return (
    <Timeline active={reached} bulletSize={24} lineWidth={2} color={cancelled ? 'red' : undefined} aria-label={t('tracking.timeline')}>
      {steps.map((step, index) => (
        <Timeline.Item
          key={step}
          bullet={
            index <= reached ? (
              step === 'cancelled' ? (
                <IconX size={14} aria-hidden="true" />
              ) : (
                <IconCheck size={14} aria-hidden="true" />
              )
            ) : null
          }
          title={
            <Text
              fw={index <= reached ? 700 : 400}
              c={index <= reached ? undefined : 'dimmed'}
              aria-current={index === reached ? 'step' : undefined}
            >
              {t(step === 'verified' ? CATEGORY_WORDS[category].confirmedStep : `tracking.${step}`)}
            </Text>
          }
        />
      ))}
    </Timeline>
  );
}
