/**
 * Reminders before a booking (issue 12): the lead times a person may choose, and which reminders are due. A person has
 * a default (users.reminder_minutes, 1 day and 2 hours before); a booking may choose its own (orders.reminder_minutes,
 * null = follow the default). An empty list means "no reminders".
 */

/** The lead times offered, in minutes before the start: 30 min, 1 h, 2 h, 4 h, 12 h, 1 day, 2 days. */
export const REMINDER_CHOICES = [30, 60, 120, 240, 720, 1440, 2880] as const;
export type ReminderChoice = (typeof REMINDER_CHOICES)[number];
/** At most this many reminders per booking (and in the default). */
export const MAX_REMINDERS = 3;
/** What a new account starts with (the column's default): one day and two hours before. */
export const DEFAULT_REMINDER_MINUTES: readonly ReminderChoice[] = [1440, 120];
/** The longest lead time: no booking starting later than this from now has a reminder due. */
export const LONGEST_REMINDER_MINUTES = Math.max(...REMINDER_CHOICES);

export function isReminderChoice(minutes: number): minutes is ReminderChoice {
  return (REMINDER_CHOICES as readonly number[]).includes(minutes);
}

export type ReminderListProblem = 'notAllowed' | 'duplicate' | 'tooMany';

/** Why a chosen list cannot be kept, or null when it can: only offered lead times, each once, at most three. */
export function reminderListProblem(minutes: readonly number[]): ReminderListProblem | null {
  if (minutes.some((value) => !isReminderChoice(value))) return 'notAllowed';
  if (new Set(minutes).size !== minutes.length) return 'duplicate';
  if (minutes.length > MAX_REMINDERS) return 'tooMany';
  return null;
}

/** The list as it is kept and shown: the earliest reminder (the longest lead time) first. */
export function sortReminderMinutes(minutes: readonly number[]): number[] {
  return [...new Set(minutes)].sort((a, b) => b - a);
}

export interface ReminderBooking {
  startsAt: Date;
  /** When the booking got its current time: made, or last changed. A reminder whose moment was before it is never sent. */
  since: Date;
  /** The lead times that apply: the booking's own, else its patient's default. */
  minutes: readonly number[];
  /** Lead times already sent for this start. */
  sent?: readonly number[];
}

/** The instant a reminder `minutes` before `startsAt` is due. */
export function reminderAt(startsAt: Date, minutes: number): Date {
  return new Date(startsAt.getTime() - minutes * 60_000);
}

/**
 * The lead times of a booking due at `now` and not sent yet: their moment has come, the appointment has not started, and
 * the moment came after the booking got its time (a booking made 90 minutes ahead gets no "2 hours before"). When several
 * are due at once (the server was stopped), only the nearest one is worth sending: the others are returned in `skipped`,
 * to be claimed without a message.
 */
export function dueReminders(booking: ReminderBooking, now: Date): { send: number[]; skipped: number[] } {
  if (now.getTime() >= booking.startsAt.getTime()) return { send: [], skipped: [] };
  const sent = new Set(booking.sent ?? []);
  const due = sortReminderMinutes(booking.minutes.filter((minutes) => isReminderChoice(minutes) && !sent.has(minutes))).filter(
    (minutes) => {
      const at = reminderAt(booking.startsAt, minutes).getTime();
      return at <= now.getTime() && at > booking.since.getTime();
    },
  );
  const nearest = due.at(-1);
  return nearest === undefined ? { send: [], skipped: [] } : { send: [nearest], skipped: due.slice(0, -1) };
}
