import { Stack } from '@mantine/core';
import type { Order } from '@rhc/contracts';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { OrderListItem } from './order-list-item.tsx';

type OrderListProps = {
  orders: Order[] | undefined;
  error: Error | null;
  onRetry: () => void;
  /** What shows when the list is empty. */
  empty: ReactNode;
  label: string;
  /** A doctor's list names each booking's patient. */
  showPatient?: boolean;
};

/** A list of bookings with its loading, error and empty states. */
export function OrderList({ orders, error, onRetry, empty, label, showPatient = false }: OrderListProps) {
  if (error && !orders) return <ErrorState message={error.message} onRetry={onRetry} />;
  if (!orders) return <LoadingState />;
  if (orders.length === 0) return <>{empty}</>;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {orders.map((order) => (
        <OrderListItem key={order.id} order={order} showPatient={showPatient} />
      ))}
    </Stack>
  );
}
