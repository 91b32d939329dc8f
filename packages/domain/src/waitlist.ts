import { vietnamDay } from './dates.ts';

/** How long a freed slot is held for the person it is offered to (issue 12, decision 021). */
export const OFFER_HOLD_MINUTES = 15;

/** Where an entry waits: its days (Vietnam, inclusive) and the booking it would move. */
export interface WaitlistEntryFacts {
  /** null: any doctor of the entry's specialty at its clinic (whoever finds the candidates has matched those). */
  doctorId: string | null;
  mode: string;
  /** The exam's length: a freed slot shorter than it cannot take the booking. */
  slotMinutes: number;
  fromDay: string;
  toDay: string;
  /** The start of the booking it waits to move earlier. */
  bookedStartsAt: Date;
}

/** A time of a doctor that has just become free. */
export interface FreedSlot {
  doctorId: string;
  mode: string;
  startsAt: Date;
  endsAt: Date;
}

/** When an offer made at `now` stops holding the slot. */
export function offerExpiresAt(now: Date): Date {
  return new Date(now.getTime() + OFFER_HOLD_MINUTES * 60_000);
}

/**
 * Whether a freed slot may be offered to a waiting entry: the same doctor (or any, for an entry that waits for any doctor
 * of its specialty) and mode, a slot long enough for the exam, on one of the entry's days, earlier than the booking it
 * would move, and not begun.
 */
export function slotFitsEntry(slot: FreedSlot, entry: WaitlistEntryFacts, now: Date): boolean {
  if ((entry.doctorId !== null && slot.doctorId !== entry.doctorId) || slot.mode !== entry.mode) return false;
  if (slot.endsAt.getTime() - slot.startsAt.getTime() < entry.slotMinutes * 60_000) return false;
  if (slot.startsAt.getTime() <= now.getTime()) return false;
  if (slot.startsAt.getTime() >= entry.bookedStartsAt.getTime()) return false;
  const day = vietnamDay(slot.startsAt);
  return day >= entry.fromDay && day <= entry.toDay;
}

/** Why a range of days cannot be waited on for a booking, or null when it can. */
export type WaitlistRangeRefusal = 'range_order' | 'range_past' | 'range_after_booking';

/** The days asked must run forward, not be over already, and end before the booking's own day. */
export function checkWaitlistRange(
  range: { fromDay: string; toDay: string },
  bookedStartsAt: Date,
  now: Date,
): WaitlistRangeRefusal | null {
  if (range.fromDay > range.toDay) return 'range_order';
  if (range.toDay < vietnamDay(now)) return 'range_past';
  if (range.toDay > vietnamDay(bookedStartsAt)) return 'range_after_booking';
  return null;
}
