/**
 * Doctors' working time (spec §3 "Doctor work time", §5 work-time rules): recurrence expansion and free slots.
 * Days are calendar days in Vietnam (YYYY-MM-DD) and times are wall-clock HH:mm in Asia/Ho_Chi_Minh, which has
 * had no daylight saving since 1975 (UTC+7 all year), so a local time maps to exactly one instant.
 */

import { VIETNAM_UTC_OFFSET_MINUTES } from './dates.ts';

/** How a doctor sees patients: in person at a clinic, or online. The one list of modes. */
export const WORK_MODES = ['direct', 'online'] as const;
export type WorkMode = (typeof WORK_MODES)[number];
/** How a work time repeats: every N days, weeks, months or years (or not at all, type 'none'). */
export const RECURRENCE_UNITS = ['day', 'week', 'month', 'year'] as const;
export type RecurrenceUnit = (typeof RECURRENCE_UNITS)[number];

export type Recurrence =
  | { type: 'none' }
  | {
      type: RecurrenceUnit;
      /** Every N units (≥ 1). */
      interval: number;
      /** For weekly recurrence: ISO weekdays 1 (Monday) … 7 (Sunday); empty means the first day's weekday. */
      weekdays?: number[];
      /** Last day (inclusive) an occurrence may fall on. Required (spec §5). */
      until: string;
    };

export interface WorkTime {
  /** The first day of the work time. */
  day: string;
  start: string;
  end: string;
  mode: WorkMode;
  recurrence: Recurrence;
}

export interface Holiday {
  startDate: string;
  endDate: string;
}

export interface Slot {
  day: string;
  startsAt: Date;
  endsAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01 of a YYYY-MM-DD calendar day. */
function dayNumber(day: string): number {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

function dayFromNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

function minutesOf(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}

/** ISO weekday of a day number: 1 Monday … 7 Sunday (1970-01-01 was a Thursday). */
function weekdayOf(n: number): number {
  return ((((n + 3) % 7) + 7) % 7) + 1;
}

/** ISO weekday of a day: 1 Monday … 7 Sunday. */
export function isoWeekday(day: string): number {
  return weekdayOf(dayNumber(day));
}

/** The instant of a Vietnamese wall-clock time on a day. */
export function vietnamInstant(day: string, time: string): Date {
  return new Date((dayNumber(day) * 24 * 60 + minutesOf(time) - VIETNAM_UTC_OFFSET_MINUTES) * 60 * 1000);
}

function isValidDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/**
 * The days a work time falls on within [from, to] (inclusive), in order. A monthly time on the 31st skips
 * months without one; a yearly time on 29 February falls only in leap years.
 */
export function workTimeDays(workTime: WorkTime, from: string, to: string): string[] {
  const first = dayNumber(workTime.day);
  const lo = Math.max(first, dayNumber(from));
  const recurrence = workTime.recurrence;
  const hi = Math.min(dayNumber(to), recurrence.type === 'none' ? first : dayNumber(recurrence.until));
  if (lo > hi) return [];
  if (recurrence.type === 'none') return [workTime.day];

  const interval = Math.max(1, Math.floor(recurrence.interval));
  const days: string[] = [];
  switch (recurrence.type) {
    case 'day': {
      const startOffset = Math.ceil((lo - first) / interval) * interval;
      for (let n = first + startOffset; n <= hi; n += interval) days.push(dayFromNumber(n));
      break;
    }
    case 'week': {
      const weekdays = new Set(recurrence.weekdays?.length ? recurrence.weekdays : [isoWeekday(workTime.day)]);
      const firstMonday = first - (isoWeekday(workTime.day) - 1);
      for (let n = lo; n <= hi; n += 1) {
        const weekIndex = Math.floor((n - firstMonday) / 7);
        if (weekIndex % interval === 0 && weekdays.has(weekdayOf(n))) days.push(dayFromNumber(n));
      }
      break;
    }
    case 'month':
    case 'year': {
      const [y0 = 0, m0 = 1, d0 = 1] = workTime.day.split('-').map(Number);
      const stepMonths = recurrence.type === 'month' ? interval : interval * 12;
      for (let k = 0; ; k += 1) {
        const monthIndex = m0 - 1 + k * stepMonths;
        const y = y0 + Math.floor(monthIndex / 12);
        const m = (monthIndex % 12) + 1;
        if (Date.UTC(y, m - 1, 1) / DAY_MS > hi) break;
        if (!isValidDay(y, m, d0)) continue;
        const n = dayNumber(`${pad(y, 4)}-${pad(m)}-${pad(d0)}`);
        if (n >= lo && n <= hi) days.push(dayFromNumber(n));
      }
      break;
    }
  }
  return days;
}

/** Whether a calendar day (YYYY-MM-DD) falls in one of a doctor's days off (both ends included). */
export function isHoliday(day: string, holidays: readonly Holiday[]): boolean {
  return holidays.some((holiday) => day >= holiday.startDate && day <= holiday.endDate);
}

/** A stretch of time, start included, end excluded. */
export interface TimeSpan {
  startsAt: Date;
  endsAt: Date;
}

export interface FreeSlotsInput {
  workTimes: readonly WorkTime[];
  holidays: readonly Holiday[];
  /** Times already held by bookings: a slot that shares any moment with one is not offered. */
  busy: readonly TimeSpan[];
  from: string;
  to: string;
  now: Date;
  slotMinutes: number;
  mode?: WorkMode;
}

/**
 * The bookable slots of a doctor between two days: every occurrence of every work time cut into
 * `slotMinutes` pieces from its start, minus holidays, times held by bookings and anything not after `now`.
 * A piece that would run past the end of the work time is not offered.
 */
export function freeSlots(input: FreeSlotsInput): Slot[] {
  const slotMs = input.slotMinutes * 60 * 1000;
  const nowMs = input.now.getTime();
  const seen = new Set<number>();
  const slots: Slot[] = [];
  for (const workTime of input.workTimes) {
    if (input.mode && workTime.mode !== input.mode) continue;
    for (const day of workTimeDays(workTime, input.from, input.to)) {
      if (isHoliday(day, input.holidays)) continue;
      const start = vietnamInstant(day, workTime.start).getTime();
      const end = vietnamInstant(day, workTime.end).getTime();
      for (let t = start; t + slotMs <= end; t += slotMs) {
        if (t <= nowMs || seen.has(t)) continue;
        seen.add(t);
        slots.push({ day, startsAt: new Date(t), endsAt: new Date(t + slotMs) });
      }
    }
  }
  slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return withoutBusy(slots, input.busy);
}

/**
 * Slots (in time order, all of one length) minus those that share a moment with a busy span, in one pass: a slot
 * overlaps some span starting before the slot ends exactly when the latest end among those spans is after the
 * slot's start, and as the slots move on, that set of spans only grows.
 */
function withoutBusy(slots: Slot[], busy: readonly TimeSpan[]): Slot[] {
  if (busy.length === 0) return slots;
  const spans = [...busy].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  let next = 0;
  let latestEnd = -Infinity;
  return slots.filter((slot) => {
    const slotEnd = slot.endsAt.getTime();
    for (; next < spans.length && (spans[next]?.startsAt.getTime() ?? Infinity) < slotEnd; next += 1) {
      latestEnd = Math.max(latestEnd, spans[next]?.endsAt.getTime() ?? -Infinity);
    }
    return latestEnd <= slot.startsAt.getTime();
  });
}

/** Minutes one examination slot lasts unless a service says otherwise. */
export const DEFAULT_SLOT_MINUTES = 30;

/**
 * Whether two work times of one doctor share any moment (spec: no overlapping work times), checked over
 * the days both can fall on. Holidays do not matter: a work time is a promise of availability.
 */
export function workTimesOverlap(a: WorkTime, b: WorkTime): boolean {
  const lastDay = (w: WorkTime) => (w.recurrence.type === 'none' ? w.day : w.recurrence.until);
  const from = a.day > b.day ? a.day : b.day;
  const to = lastDay(a) < lastDay(b) ? lastDay(a) : lastDay(b);
  if (from > to) return false;
  const daysOfB = new Set(workTimeDays(b, from, to));
  return workTimeDays(a, from, to).some(
    (day) => daysOfB.has(day) && minutesOf(a.start) < minutesOf(b.end) && minutesOf(b.start) < minutesOf(a.end),
  );
}
