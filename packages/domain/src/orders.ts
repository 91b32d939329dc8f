/**
 * The order lifecycle (spec §4; design in docs/decisions/007-order-lifecycle.md and docs/order-lifecycle.md).
 * Status codes are the spec's numbers, which the wire carries: 0 booked, 1 done, 2 cancel, 3 verified, 4 infostore.
 */
export const ORDER_STATUS = { booked: 0, done: 1, cancelled: 2, verified: 3, infostore: 4 } as const;
export type OrderStatusName = keyof typeof ORDER_STATUS;
export type OrderStatus = (typeof ORDER_STATUS)[OrderStatusName];
export const ORDER_STATUS_CODES = Object.values(ORDER_STATUS) as readonly OrderStatus[];

/** Spec §4 order kinds: 0 for oneself, 1 for a relative (or any other person), 2 made by a doctor. */
export const ORDER_KIND = { self: 0, relative: 1, doctor: 2 } as const;
export type OrderKind = (typeof ORDER_KIND)[keyof typeof ORDER_KIND];

export const ORDER_CATEGORIES = ['exam', 'lab', 'imaging', 'vaccine'] as const;
export type OrderCategory = (typeof ORDER_CATEGORIES)[number];

/** Statuses whose order still holds its time (the database's no-overlap constraint uses the same set). */
export const SLOT_HOLDING_STATUSES: readonly OrderStatus[] = [ORDER_STATUS.booked, ORDER_STATUS.verified, ORDER_STATUS.done];

export type OrderAction = 'verify' | 'complete' | 'cancel' | 'delete' | 'edit';
export type OrderRole = 'patient' | 'doctor';

export type TransitionRefusal =
  /** This person may never do this to this order. */
  | 'not_allowed'
  /** The order is not (or no longer) in a status that allows it: a stale or repeated action. */
  | 'wrong_status'
  /** The appointment has begun: a patient can no longer cancel or change it. */
  | 'started';

export type TransitionCheck = { ok: true; to: OrderStatus | null } | { ok: false; reason: TransitionRefusal };

/** From which statuses each action may start, and where it leads (null: the order is removed). */
const RULES: Record<OrderAction, { roles: readonly OrderRole[]; from: readonly OrderStatus[]; to: OrderStatus | null }> = {
  verify: { roles: ['doctor'], from: [ORDER_STATUS.booked], to: ORDER_STATUS.verified },
  complete: { roles: ['doctor'], from: [ORDER_STATUS.booked, ORDER_STATUS.verified], to: ORDER_STATUS.done },
  cancel: { roles: ['patient', 'doctor'], from: [ORDER_STATUS.booked, ORDER_STATUS.verified], to: ORDER_STATUS.cancelled },
  edit: { roles: ['patient', 'doctor'], from: [ORDER_STATUS.booked, ORDER_STATUS.verified], to: null },
  // Nothing clinical is attached to an order that was never verified or completed; a cancelled one keeps its history.
  delete: { roles: ['doctor'], from: [ORDER_STATUS.booked, ORDER_STATUS.cancelled], to: null },
};

/**
 * Whether `role` may do `action` to an order in `status` that starts at `startsAt`, at `now`.
 * A patient may cancel or change only before the appointment starts; a doctor may still cancel (no-show) after.
 * An edit keeps the status (`to` is the current one).
 */
export function checkOrderTransition(input: {
  action: OrderAction;
  role: OrderRole;
  status: OrderStatus;
  startsAt: Date;
  now: Date;
}): TransitionCheck {
  const rule = RULES[input.action];
  if (!rule.roles.includes(input.role)) return { ok: false, reason: 'not_allowed' };
  if (!rule.from.includes(input.status)) return { ok: false, reason: 'wrong_status' };
  if (input.role === 'patient' && input.startsAt.getTime() <= input.now.getTime()) return { ok: false, reason: 'started' };
  return { ok: true, to: input.action === 'edit' ? input.status : rule.to };
}

/** What an edit would change, compared with the order as it stands. */
export interface OrderEditChanges {
  /** Another doctor. */
  doctor: boolean;
  /** Another day or hour. */
  time: boolean;
  /** In person instead of online, or the reverse. */
  mode: boolean;
  /** For whom (oneself or a relative) or the patient's details: name, phone, birthday, address, e-mail… */
  patient: boolean;
  /** The patient's own words: the reason for the examination. */
  reason: boolean;
}

/** Why an allowed edit still cannot be made by this person. */
export type OrderEditRefusal =
  /** Only the patient may hand the booking to another doctor: the doctor would lose it from their hands. */
  | 'doctor_change'
  /** The patient's details and reason are the patient's to give. */
  | 'patient_change';

export type OrderEditCheck = { ok: true; status: OrderStatus; clearMeetingLink: boolean } | { ok: false; reason: OrderEditRefusal };

/**
 * What an edit (allowed by `checkOrderTransition`) may change, and what it does to the status. The patient may change
 * anything; the doctor only the time, the service and the note. A verified order the patient moves to another doctor,
 * time or mode goes back to booked, for the (new) doctor to confirm, and loses its meeting link; the doctor's own
 * change of the time is their confirmation and keeps it verified, while a change of mode asks for a new confirmation
 * (an online booking gets its link when it is confirmed). Such a change answers booked whatever the status was.
 */
export function checkOrderEdit(input: { role: OrderRole; status: OrderStatus; changes: OrderEditChanges }): OrderEditCheck {
  const { role, status, changes } = input;
  if (role === 'doctor' && changes.doctor) return { ok: false, reason: 'doctor_change' };
  if (role === 'doctor' && (changes.patient || changes.reason)) return { ok: false, reason: 'patient_change' };
  // Whatever the status read before (a confirmation may land meanwhile), such a change is written as booked.
  const reconfirm = changes.mode || (role === 'patient' && (changes.doctor || changes.time));
  return reconfirm ? { ok: true, status: ORDER_STATUS.booked, clearMeetingLink: true } : { ok: true, status, clearMeetingLink: false };
}

/** The statuses an action may start from (the conditional UPDATE's `WHERE status IN (…)`). */
export function statusesAllowing(action: OrderAction): readonly OrderStatus[] {
  return RULES[action].from;
}

/** Initials only, for the public tracking page: "Nguyễn Thị Lan" → "N.T.L." */
export function nameInitials(fullName: string): string {
  return fullName
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => `${[...part][0]?.toLocaleUpperCase('vi') ?? ''}.`)
    .join('');
}
