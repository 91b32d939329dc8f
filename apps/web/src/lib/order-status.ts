import { ORDER_STATUS, type OrderCategory, type OrderStatus, type WorkMode } from '@rhc/domain';

/** The label of a status (spec §4); a booked online order waits for the doctor, so it reads "pending confirmation". */
export type StatusLabel = 'registered' | 'pendingConfirmation' | 'verified' | 'clinicConfirmed' | 'completed' | 'cancelled' | 'infostore';

/**
 * The words of an order's screens that depend on its category, in one place (`orders` keys): an examination and a
 * vaccination are a doctor's, who confirms them; lab tests and a scan are a clinic's, whose staff confirm them, and the
 * person is not "examined". `staff` names who is assigned, `person` whom the order is for, `confirmed` the verified status (its badge),
 * `confirmedStep` that step of the tracking timeline.
 */
export const CATEGORY_WORDS = {
  exam: { staff: 'common.doctor', person: 'detail.patient', confirmed: 'verified', confirmedStep: 'tracking.verified' },
  vaccine: { staff: 'common.doctor', person: 'detail.vaccinatedPerson', confirmed: 'verified', confirmedStep: 'tracking.verified' },
  lab: { staff: 'common.staff', person: 'detail.testedPerson', confirmed: 'clinicConfirmed', confirmedStep: 'status.clinicConfirmed' },
  imaging: { staff: 'common.staff', person: 'detail.scannedPerson', confirmed: 'clinicConfirmed', confirmedStep: 'status.clinicConfirmed' },
} as const satisfies Record<OrderCategory, { staff: string; person: string; confirmed: StatusLabel; confirmedStep: string }>;

export function statusLabel(status: OrderStatus, mode: WorkMode, category: OrderCategory): StatusLabel {
  switch (status) {
    case ORDER_STATUS.booked:
      return mode === 'online' ? 'pendingConfirmation' : 'registered';
    case ORDER_STATUS.verified:
      return CATEGORY_WORDS[category].confirmed;
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
  clinicConfirmed: 'teal',
  completed: 'green',
  cancelled: 'red',
  infostore: 'gray',
};

/**
 * The statuses offered by the list's filter, in the order of the lifecycle. The list holds every category, so the
 * confirmed status is named without saying by whom (`confirmed`: a doctor's or the clinic's).
 */
export const FILTER_STATUSES: readonly { status: OrderStatus; label: StatusLabel | 'confirmed' }[] = [
  { status: ORDER_STATUS.booked, label: 'registered' },
  { status: ORDER_STATUS.verified, label: 'confirmed' },
  { status: ORDER_STATUS.done, label: 'completed' },
  { status: ORDER_STATUS.cancelled, label: 'cancelled' },
  { status: ORDER_STATUS.infostore, label: 'infostore' },
];
