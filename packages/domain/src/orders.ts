/**
 * The order lifecycle (spec §4; design in docs/decisions/007-order-lifecycle.md and docs/order-lifecycle.md).
 * Status codes are the spec's numbers, which the wire carries: 0 booked, 1 done, 2 cancel, 3 verified, 4 infostore.
 */
import { vietnamDay } from './dates.ts';

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

/** Statuses of a booking still ahead: it can be confirmed, moved, cancelled or completed, and is reminded of. */
export const ACTIVE_ORDER_STATUSES: readonly OrderStatus[] = [ORDER_STATUS.booked, ORDER_STATUS.verified];

/** Whether a booking in `status` is still ahead (booked or confirmed). */
export function isActiveOrder(status: number): boolean {
  return (ACTIVE_ORDER_STATUSES as readonly number[]).includes(status);
}

export type OrderAction = 'verify' | 'complete' | 'cancel' | 'delete' | 'edit';
export type OrderRole = 'patient' | 'doctor';

export type TransitionRefusal =
  /** This person may never do this to this order. */
  | 'not_allowed'
  /** The order is not (or no longer) in a status that allows it: a stale or repeated action. */
  | 'wrong_status'
  /** The appointment has begun: a patient can no longer cancel or change it. */
  | 'started'
  /** Too close to the start for the patient to change or cancel online (the clinic's cut-off): they call the clinic. */
  | 'cutoff'
  /** Too early to complete: completion is offered only from shortly before the start, on the same Vietnam day. */
  | 'too_early';

/**
 * How long before the start a patient may still move or cancel a booking themselves, unless the clinic sets otherwise
 * (app setting `booking_change_cutoff_minutes`): 4 hours, like the clinics patients compare us with (decision 020).
 * Leaves the doctor time to fill the slot and keeps a patient from moving a visit the clinic is already preparing.
 */
export const DEFAULT_CHANGE_CUTOFF_MINUTES = 240;
/** The clinic's cut-off may be set between none and one week. */
export const MAX_CHANGE_CUTOFF_MINUTES = 10_080;
/** A doctor may mark a booking done from this long before its start (the patient came early), never on an earlier day. */
export const COMPLETE_FROM_MINUTES_BEFORE = 30;

const MINUTE_MS = 60_000;

/** The last instant a patient may change or cancel a booking starting at `startsAt` themselves (decision 020). */
export function changeableUntil(startsAt: Date, cutoffMinutes: number): Date {
  return new Date(startsAt.getTime() - cutoffMinutes * MINUTE_MS);
}

/** From when a doctor may complete a booking starting at `startsAt`: 30 minutes before, but on its own Vietnam day. */
export function completableFrom(startsAt: Date): Date {
  const early = new Date(startsAt.getTime() - COMPLETE_FROM_MINUTES_BEFORE * MINUTE_MS);
  // A booking at 00:15 is not completed the evening before: from midnight of its own day at the earliest.
  const midnight = Date.parse(`${vietnamDay(startsAt)}T00:00:00+07:00`);
  return new Date(Math.max(early.getTime(), midnight));
}

/**
 * Whether the visit of a booking starting at `startsAt` is still too far off, at `now`, for the doctor's work on it:
 * completing it, and writing its diagnosis and prescription (issue 54 item 4). One gate for both: `completableFrom`.
 */
export function isBeforeVisit(startsAt: Date, now: Date): boolean {
  return now.getTime() < completableFrom(startsAt).getTime();
}

/**
 * From when a refused write on a booking (its result, a lab or imaging result step) may be made, when it was refused for
 * its time (`too_early`): `completableFrom(startsAt)`, what the doctor's and the staff's screens say; null otherwise.
 */
export function writableFrom(refusal: string | null, startsAt: Date): Date | null {
  return refusal === 'too_early' ? completableFrom(startsAt) : null;
}

/** Why the assigned doctor may not write a booking's result now: it was cancelled, or its visit has not come yet. */
export type ResultWriteRefusal = 'cancelled' | 'too_early';

/**
 * Whether the doctor may write a booking's diagnosis and prescription at `now` (issue 54 item 4): never on a cancelled
 * booking, and only from when it may be completed (`isBeforeVisit`, the complete gate) — whether confirmed or not,
 * as completing; a completed booking's result may still be written and a prescription replaced.
 */
export function checkResultWrite(input: { status: number; startsAt: Date; now: Date }): ResultWriteRefusal | null {
  if (input.status === ORDER_STATUS.cancelled) return 'cancelled';
  if (isBeforeVisit(input.startsAt, input.now)) return 'too_early';
  return null;
}

/** Why a booking has no result to export or send: it was cancelled, or its result is not written yet. */
export type ExportRefusal = 'cancelled' | 'no_result';

/**
 * Whether a booking has a result to export as a file or send by e-mail (issue 54 item 21): its examination written, and
 * not cancelled. Where there is none, the export is neither offered (web) nor made (server, 409).
 */
export function checkResultExport(input: { status: number; examined: boolean }): ExportRefusal | null {
  if (input.status === ORDER_STATUS.cancelled) return 'cancelled';
  return input.examined ? null : 'no_result';
}

export type TransitionCheck = { ok: true; to: OrderStatus | null } | { ok: false; reason: TransitionRefusal };

/** From which statuses each action may start, and where it leads (null: the order is removed). */
const RULES: Record<OrderAction, { roles: readonly OrderRole[]; from: readonly OrderStatus[]; to: OrderStatus | null }> = {
  verify: { roles: ['doctor'], from: [ORDER_STATUS.booked], to: ORDER_STATUS.verified },
  complete: { roles: ['doctor'], from: ACTIVE_ORDER_STATUSES, to: ORDER_STATUS.done },
  cancel: { roles: ['patient', 'doctor'], from: ACTIVE_ORDER_STATUSES, to: ORDER_STATUS.cancelled },
  edit: { roles: ['patient', 'doctor'], from: ACTIVE_ORDER_STATUSES, to: null },
  // Only a cancelled booking, whose patient was told of the cancel and its reason: a doctor never removes a patient's
  // live booking without a word (they cancel it with a reason instead; decision 020). Spec §7's DELETE stays for this.
  delete: { roles: ['doctor'], from: [ORDER_STATUS.cancelled], to: null },
};

/**
 * Whether `role` may do `action` to an order in `status` that starts at `startsAt`, at `now`.
 * A patient may cancel or change only until the clinic's cut-off before the start (`cutoffMinutes`, default
 * `DEFAULT_CHANGE_CUTOFF_MINUTES`); a doctor is not bound by it and may still cancel (no-show) after the start, and
 * completes only from `completableFrom(startsAt)`.
 * An edit keeps the status (`to` is the current one).
 */
export function checkOrderTransition(input: {
  action: OrderAction;
  role: OrderRole;
  status: OrderStatus;
  startsAt: Date;
  now: Date;
  /** The clinic's cut-off (minutes before the start) for the patient's own changes; the doctor is not bound by it. */
  cutoffMinutes?: number;
}): TransitionCheck {
  const rule = RULES[input.action];
  const now = input.now.getTime();
  if (!rule.roles.includes(input.role)) return { ok: false, reason: 'not_allowed' };
  if (!rule.from.includes(input.status)) return { ok: false, reason: 'wrong_status' };
  if (input.role === 'patient' && input.startsAt.getTime() <= now) return { ok: false, reason: 'started' };
  const cutoff = input.cutoffMinutes ?? DEFAULT_CHANGE_CUTOFF_MINUTES;
  if (input.role === 'patient' && changeableUntil(input.startsAt, cutoff).getTime() <= now) return { ok: false, reason: 'cutoff' };
  if (input.action === 'complete' && isBeforeVisit(input.startsAt, input.now)) return { ok: false, reason: 'too_early' };
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
  /**
   * A new answer that the clinic's staff must review before they confirm it (an imaging safety answer turned "yes",
   * decision 045); absent for a category without such answers.
   */
  review?: boolean;
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
  const reconfirm = changes.mode || (role === 'patient' && (changes.doctor || changes.time || changes.review === true));
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
