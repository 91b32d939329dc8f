import { ORDER_STATUS, type OrderStatus, type WorkMode } from '@rhc/domain';

/** The label of a status (spec §4); a booked online order waits for the doctor, so it reads "pending confirmation". */
export type StatusLabel = 'registered' | 'pendingConfirmation' | 'verified' | 'completed' | 'cancelled' | 'infostore';

export function statusLabel(status: OrderStatus, mode: WorkMode): StatusLabel {
  switch (status) {
    case ORDER_STATUS.booked:
      return mode === 'online' ? 'pendingConfirmation' : 'registered';
    case ORDER_STATUS.verified:
      return 'verified';
    case ORDER_STATUS.done:
      return 'completed';
    case ORDER_STATUS.cancelled:
      return 'cancelled';
    case ORDER_STATUS.infostore:
      return 'infostore';
  }
}

export const STATUS_COLORS: Record<StatusLabel, string> = {
  registered: 'blue',
  pendingConfirmation: 'yellow',
  verified: 'teal',
  completed: 'green',
  cancelled: 'red',
  infostore: 'gray',
};

/** The statuses offered by the list's filter, in the order of the lifecycle. */
export const FILTER_STATUSES: readonly { status: OrderStatus; label: StatusLabel }[] = [
  { status: ORDER_STATUS.booked, label: 'registered' },
  { status: ORDER_STATUS.verified, label: 'verified' },
  { status: ORDER_STATUS.done, label: 'completed' },
  { status: ORDER_STATUS.cancelled, label: 'cancelled' },
  { status: ORDER_STATUS.infostore, label: 'infostore' },
];
