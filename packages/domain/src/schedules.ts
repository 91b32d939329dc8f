/**
 * Doctors' working time (spec §3 "Doctor work time", §5 work-time rules): recurrence expansion and free slots.
 * Days are calendar days in Vietnam (YYYY-MM-DD) and times are wall-clock HH:mm in Asia/Ho_Chi_Minh, which has
 * had no daylight saving since 1975 (UTC+7 all year), so a local time maps to exactly one instant.
 */

import { civilFromDays } from './civil-days.ts';
import { VIETNAM_UTC_OFFSET_MINUTES } from './dates.ts';

/** How a doctor sees patients: in person at a clinic, or online. The one list of modes. */
export const WORK_MODES = ['direct', 'online'] as const;
export type WorkMode = (typeof WORK_MODES)[number];
/** How a work time repeats: every N days, weeks, months or years (or not at all, type 'none'). */
export const RECURRENCE_UNITS = ['day', 'week', 'month', 'year'] as const;
export type RecurrenceUnit = (typeof RECURRENCE_UNITS)[number];

/**
 * How long a recurrence may run: its last day is at most this many years after its first day (the same day of the
 * month, or the month's last day). Spec §5 asks for an end; this bounds it, so a series a doctor saves stays one a
 * calendar can show. The messages `errors:validation.until_too_far` state the figure: change them with it.
 */
export const MAX_RECURRENCE_YEARS = 2;

/**
 * The years a schedule's days may fall in (days off, work times, the months asked for). PostgreSQL has no year 0 and
 * YYYY-MM-DD has no room past 9999; this is the range the booking calendar offers. The messages
 * `errors:validation.date_out_of_range` and `year_out_of_range` state it: change them with it.
 */
export const SCHEDULE_FIRST_YEAR = 2000;
export const SCHEDULE_LAST_YEAR = 2100;

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
  /** Its start and end as instants (each built when read: a month's read needs neither). */
  readonly startsAt: Date;
  readonly endsAt: Date;
  /** Its start in ms since the epoch, and in minutes after midnight on Vietnam's wall clock (its HH:mm). */
  start: number;
  minute: number;
  /** Which of the given work times the slot was cut from (its index): where it takes place. */
  workTime: number;
}

/** A slot as `freeSlots` cuts it: numbers, with its instants built only when somebody reads them. */
class CutSlot implements Slot {
  readonly day: string;
  readonly start: number;
  readonly end: number;
  readonly minute: number;
  readonly workTime: number;
  constructor(day: string, start: number, end: number, minute: number, workTime: number) {
    this.day = day;
    this.start = start;
    this.end = end;
    this.minute = minute;
    this.workTime = workTime;
  }
  get startsAt(): Date {
    return new Date(this.start);
  }
  get endsAt(): Date {
    return new Date(this.end);
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The digit at `index` of `text`, or NaN for any other character. */
function digitAt(text: string, index: number): number {
  const code = text.charCodeAt(index) - 48;
  return code >= 0 && code <= 9 ? code : Number.NaN;
}

/** Days since 1970-01-01 of a YYYY-MM-DD calendar day (read digit by digit: a month's slots read hundreds of days). */
function dayNumber(day: string): number {
  if (day.length === 10 && day.charCodeAt(4) === 45 && day.charCodeAt(7) === 45) {
    const y = digitAt(day, 0) * 1000 + digitAt(day, 1) * 100 + digitAt(day, 2) * 10 + digitAt(day, 3);
    const m = digitAt(day, 5) * 10 + digitAt(day, 6);
    const d = digitAt(day, 8) * 10 + digitAt(day, 9);
    if (!Number.isNaN(y + m + d)) return Date.UTC(y, m - 1, d) / DAY_MS;
  }
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/** Two digits of a day or month, written once. */
const TWO_DIGITS = Array.from({ length: 32 }, (_, n) => String(n).padStart(2, '0'));

/** The YYYY-MM-DD of a day number (years 1000–9999 without a Date; others as toISOString writes them). */
function dayFromNumber(n: number): string {
  const [y, m, d] = civilFromDays(n);
  if (!Number.isInteger(n) || y < 1000 || y > 9999) return new Date(n * DAY_MS).toISOString().slice(0, 10);
  return `${y}-${TWO_DIGITS[m]}-${TWO_DIGITS[d]}`;
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

/** The last day a recurrence starting on `firstDay` may run to (MAX_RECURRENCE_YEARS later; 29 Feb → 28 Feb). */
export function latestRecurrenceUntil(firstDay: string): string {
  const [y = 0, m = 1, d = 1] = firstDay.split('-').map(Number);
  const year = y + MAX_RECURRENCE_YEARS;
  const lastOfMonth = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(m)}-${pad(Math.min(d, lastOfMonth))}`;
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
      // From the first occurrence that can reach the window asked for, not from the first day.
      const [yLo = 0, mLo = 1] = dayFromNumber(lo).split('-').map(Number);
      const monthsToLo = (yLo - y0) * 12 + (mLo - m0);
      for (let k = Math.max(0, Math.floor(monthsToLo / stepMonths)); ; k += 1) {
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

/** The first of `holidays` sharing at least one day with `range` (both ends of each included), if any. */
export function overlappingHoliday<T extends Holiday>(range: Holiday, holidays: readonly T[]): T | undefined {
  return holidays.find((holiday) => holiday.startDate <= range.endDate && holiday.endDate >= range.startDate);
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
  const slots: CutSlot[] = [];
  for (const [index, workTime] of input.workTimes.entries()) {
    if (input.mode && workTime.mode !== input.mode) continue;
    const startMinute = minutesOf(workTime.start);
    const endMinute = minutesOf(workTime.end);
    for (const day of workTimeDays(workTime, input.from, input.to)) {
      if (isHoliday(day, input.holidays)) continue;
      // Numbers from here on: the instant of the day's Vietnamese midnight, then of each candidate.
      const midnight = (dayNumber(day) * 24 * 60 - VIETNAM_UTC_OFFSET_MINUTES) * 60 * 1000;
      const end = midnight + endMinute * 60 * 1000;
      for (let t = midnight + startMinute * 60 * 1000, minute = startMinute; t + slotMs <= end; t += slotMs, minute += input.slotMinutes) {
        if (t <= nowMs || seen.has(t)) continue;
        seen.add(t);
        slots.push(new CutSlot(day, t, t + slotMs, minute, index));
      }
    }
  }
  slots.sort((a, b) => a.start - b.start);
  return withoutBusy(slots, input.busy);
}

/**
 * Slots (in time order, all of one length) minus those that share a moment with a busy span, in one pass: a slot
 * overlaps some span starting before the slot ends exactly when the latest end among those spans is after the
 * slot's start, and as the slots move on, that set of spans only grows.
 */
function withoutBusy(slots: CutSlot[], busy: readonly TimeSpan[]): CutSlot[] {
  if (busy.length === 0) return slots;
  const spans = busy.map((span) => ({ start: span.startsAt.getTime(), end: span.endsAt.getTime() })).sort((a, b) => a.start - b.start);
  let next = 0;
  let latestEnd = -Infinity;
  return slots.filter((slot) => {
    for (; next < spans.length && (spans[next]?.start ?? Infinity) < slot.end; next += 1) {
      latestEnd = Math.max(latestEnd, spans[next]?.end ?? -Infinity);
    }
    return latestEnd <= slot.start;
  });
}

/** Minutes one examination slot lasts unless a service says otherwise. */
export const DEFAULT_SLOT_MINUTES = 30;

/** Counts the steps of an overlap check, so a test can see that they do not grow with the series. */
export interface OverlapWork {
  steps: number;
}

/** The days n = start + k·step (k ≥ 0) up to a last day; a single day has step 0. */
interface Progression {
  start: number;
  step: number;
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return Math.abs(a);
}

function mod(a: number, m: number): number {
  return ((a % m) + m) % m;
}

/** x with a·x ≡ 1 (mod m), for a and m coprime (extended Euclid). */
function inverse(a: number, m: number): number {
  let [r0, r1, t0, t1] = [mod(a, m), m, 1, 0];
  while (r1 !== 0) {
    const q = Math.floor(r0 / r1);
    [r0, r1] = [r1, r0 - q * r1];
    [t0, t1] = [t1, t0 - q * t1];
  }
  return mod(t0, m);
}

/**
 * The first n ≥ from lying on both progressions n ≡ a.start (mod a.step) and n ≡ b.start (mod b.step), by the
 * Chinese remainder theorem, or null. Steps are ≥ 1 here.
 */
function firstCommon(a: Progression, b: Progression, from: number): number | null {
  const g = gcd(a.step, b.step);
  const gap = b.start - a.start;
  if (mod(gap, g) !== 0) return null;
  const bg = b.step / g;
  const k = bg === 1 ? 0 : mod((gap / g) * inverse(a.step / g, bg), bg);
  const period = (a.step / g) * b.step;
  const first = a.start + a.step * k;
  return first + Math.max(0, Math.ceil((from - first) / period)) * period;
}

/** The last day a work time may fall on. */
function lastDayNumber(w: WorkTime): number {
  return dayNumber(w.recurrence.type === 'none' ? w.day : w.recurrence.until);
}

/** A work time of type none, day or week as progressions of day numbers (a weekly one: one per weekday); else null. */
function progressionsOf(w: WorkTime): Progression[] | null {
  const first = dayNumber(w.day);
  const r = w.recurrence;
  if (r.type === 'none') return [{ start: first, step: 0 }];
  const interval = Math.max(1, Math.floor(r.interval));
  if (r.type === 'day') return [{ start: first, step: interval }];
  if (r.type !== 'week') return null;
  const weekday = weekdayOf(first);
  const firstMonday = first - (weekday - 1);
  const weekdays = [...new Set(r.weekdays?.length ? r.weekdays : [weekday])];
  return weekdays.map((d) => {
    const start = firstMonday + (d - 1);
    return { start: start < first ? start + 7 * interval : start, step: 7 * interval };
  });
}

/** Whether a work time falls on a day (by its number), without expanding it. */
function fallsOn(w: WorkTime, n: number): boolean {
  const first = dayNumber(w.day);
  if (n < first || n > lastDayNumber(w)) return false;
  const r = w.recurrence;
  if (r.type === 'none') return n === first;
  const interval = Math.max(1, Math.floor(r.interval));
  switch (r.type) {
    case 'day':
      return (n - first) % interval === 0;
    case 'week': {
      const weekday = weekdayOf(first);
      const weekIndex = Math.floor((n - (first - (weekday - 1))) / 7);
      return weekIndex % interval === 0 && (r.weekdays?.length ? r.weekdays.includes(weekdayOf(n)) : weekdayOf(n) === weekday);
    }
    case 'month':
    case 'year': {
      const date = new Date(n * DAY_MS);
      const [y0 = 0, m0 = 1, d0 = 1] = w.day.split('-').map(Number);
      const months = (date.getUTCFullYear() - y0) * 12 + (date.getUTCMonth() + 1 - m0);
      return date.getUTCDate() === d0 && months % (r.type === 'month' ? interval : interval * 12) === 0;
    }
  }
}

/** Month index (year·12 + month − 1), day of month and step in months of a monthly or yearly work time. */
function monthlyOf(w: WorkTime): { month0: number; dayOfMonth: number; step: number } {
  const [y0 = 0, m0 = 1, d0 = 1] = w.day.split('-').map(Number);
  const r = w.recurrence;
  const interval = r.type === 'none' ? 1 : Math.max(1, Math.floor(r.interval));
  return { month0: y0 * 12 + m0 - 1, dayOfMonth: d0, step: r.type === 'year' ? interval * 12 : interval };
}

/** The day number of a day of a month (by month index), or null when that month has no such day. */
function dayOfMonthIndex(monthIndex: number, dayOfMonth: number): number | null {
  const y = Math.floor(monthIndex / 12);
  const m = mod(monthIndex, 12) + 1;
  return isValidDay(y, m, dayOfMonth) ? Date.UTC(y, m - 1, dayOfMonth) / DAY_MS : null;
}

/** Whether two work times fall on a common day within [lo, hi], with the steps counted. */
function shareADay(a: WorkTime, b: WorkTime, lo: number, hi: number, work: OverlapWork): boolean {
  const pa = progressionsOf(a);
  const pb = progressionsOf(b);
  if (pa && pb) {
    // None, daily and weekly: arithmetic progressions, met or not by the remainder theorem, whatever their length.
    for (const x of pa)
      for (const y of pb) {
        work.steps += 1;
        if (x.step === 0 || y.step === 0) {
          const [single, other] = x.step === 0 ? [x, y] : [y, x];
          const n = single.start;
          if (n >= lo && n <= hi && n >= other.start && (other.step === 0 ? n === other.start : (n - other.start) % other.step === 0))
            return true;
          continue;
        }
        const n = firstCommon(x, y, Math.max(lo, x.start, y.start));
        if (n !== null && n <= hi) return true;
      }
    return false;
  }
  if (!pa && !pb) {
    // Monthly and yearly both: the same day of the month, in a month both reach (the remainder theorem on month
    // indices), that has the day; which months have a 29th–31st repeats every 400 years, so at most 401 tries.
    const ma = monthlyOf(a);
    const mb = monthlyOf(b);
    if (ma.dayOfMonth !== mb.dayOfMonth) return false;
    const loDate = new Date(lo * DAY_MS);
    const loMonth = loDate.getUTCFullYear() * 12 + loDate.getUTCMonth();
    const common = firstCommon(
      { start: ma.month0, step: ma.step },
      { start: mb.month0, step: mb.step },
      Math.max(loMonth, ma.month0, mb.month0),
    );
    if (common === null) return false;
    const period = (ma.step / gcd(ma.step, mb.step)) * mb.step;
    for (let month = common, tries = 0; tries <= 400 * 12; month += period, tries += 1) {
      work.steps += 1;
      const n = dayOfMonthIndex(month, ma.dayOfMonth);
      if (n !== null && n > hi) return false;
      if (n === null) {
        if ((dayOfMonthIndex(month, 1) ?? Infinity) > hi) return false;
        continue;
      }
      if (n >= lo) return true;
    }
    return false;
  }
  // One monthly or yearly, one not: each of the monthly occurrences in the window, asked of the other without
  // expanding it. At most a dozen a year; a saved series is at most MAX_RECURRENCE_YEARS long.
  const [monthly, other] = pa ? [b, a] : [a, b];
  const m = monthlyOf(monthly);
  const loDate = new Date(lo * DAY_MS);
  const loMonth = loDate.getUTCFullYear() * 12 + loDate.getUTCMonth();
  for (let month = m.month0 + Math.max(0, Math.floor((loMonth - m.month0) / m.step)) * m.step; ; month += m.step) {
    work.steps += 1;
    const n = dayOfMonthIndex(month, m.dayOfMonth);
    if (n === null) {
      if ((dayOfMonthIndex(month, 1) ?? Infinity) > hi) return false;
      continue;
    }
    if (n > hi) return false;
    if (n >= lo && fallsOn(other, n)) return true;
  }
}

/**
 * Whether two work times of one doctor share any moment (spec: no overlapping work times): their hours meet and
 * they fall on a common day while both run. Holidays do not matter: a work time is a promise of availability.
 * Computed, not expanded: daily and weekly series are arithmetic progressions of days, so the cost does not grow
 * with their length (a check that expanded two daily series to 9999-12-31 held the server for about 10 s).
 */
export function workTimesOverlap(a: WorkTime, b: WorkTime, work: OverlapWork = { steps: 0 }): boolean {
  if (!(minutesOf(a.start) < minutesOf(b.end) && minutesOf(b.start) < minutesOf(a.end))) return false;
  const lo = Math.max(dayNumber(a.day), dayNumber(b.day));
  const hi = Math.min(lastDayNumber(a), lastDayNumber(b));
  if (lo > hi) return false;
  return shareADay(a, b, lo, hi, work);
}
