/*
 * The spec's age notation for vaccine doses (spec §3 "Vaccine data": `2M`, `1Y-2Y`, `5Y+`; domain-rules.md §5.0), and
 * the calendar arithmetic the status rules need (§5.0, [V11]: 4 weeks = 28 days, months are calendar months).
 *
 * Forms:
 * - `birth`                      the day of birth (§5.0 `0M`)
 * - `6W`, `2M`, `18M`, `7Y`      a point age, read as CDC reads "at 2 months": from 2 months through the day before 3
 * - `1Y-2Y`, `12M-15M`           a window, inclusive ("through", §5.0): until the day before 3 years
 * - `5Y+`, `65Y+`                open-ended
 * - `preg`, `preg:27W-36W`       during a pregnancy (gestational weeks, inclusive, §5.0), not a date of the person
 * An offset alone (`4W`, `6M`, `10Y`, `3D`) is a minimum age, an interval or a limit.
 *
 * Days are YYYY-MM-DD strings; the arithmetic is on proleptic Gregorian day numbers, so years 0000 and 9999 work and
 * nothing depends on the machine's time zone.
 */
import { civilFromDays, daysFromCivil } from './civil-days.ts';

export const AGE_UNITS = ['D', 'W', 'M', 'Y'] as const;
export type AgeUnit = (typeof AGE_UNITS)[number];

export interface AgeOffset {
  readonly amount: number;
  readonly unit: AgeUnit;
}

export type AgeNotation =
  | {
      readonly kind: 'age';
      readonly from: AgeOffset;
      /** The last age of the window, inclusive in its unit; null when open-ended (`5Y+`). */
      readonly through: AgeOffset | null;
    }
  | {
      readonly kind: 'pregnancy';
      /** Gestational weeks, inclusive; null for "any time in a pregnancy" (`preg`). */
      readonly fromWeek: number | null;
      readonly throughWeek: number | null;
    };

/** A term pregnancy ends by about week 42: a pregnancy window past it is a typing error. */
const LAST_GESTATIONAL_WEEK = 42;
const OFFSET = /^(0|[1-9][0-9]{0,2})([DWMY])$/;

export class AgeNotationError extends Error {
  constructor(notation: string) {
    super(`Not an age in the vaccine notation: ${JSON.stringify(notation)}`);
    this.name = 'AgeNotationError';
  }
}

/** `4W` → { amount: 4, unit: 'W' }. Throws AgeNotationError on anything else. */
export function parseAgeOffset(text: string): AgeOffset {
  const match = OFFSET.exec(text);
  if (!match) throw new AgeNotationError(text);
  return { amount: Number(match[1]), unit: match[2] as AgeUnit };
}

/** Parses the notation of a dose's ages. Throws AgeNotationError on anything it does not know. */
export function parseAgeNotation(text: string): AgeNotation {
  if (text === 'birth') return { kind: 'age', from: { amount: 0, unit: 'D' }, through: { amount: 0, unit: 'D' } };
  if (text === 'preg') return { kind: 'pregnancy', fromWeek: null, throughWeek: null };
  const pregnancy = /^preg:(0|[1-9][0-9]?)W-(0|[1-9][0-9]?)W$/.exec(text);
  if (pregnancy) {
    const fromWeek = Number(pregnancy[1]);
    const throughWeek = Number(pregnancy[2]);
    if (fromWeek > throughWeek || throughWeek > LAST_GESTATIONAL_WEEK) throw new AgeNotationError(text);
    return { kind: 'pregnancy', fromWeek, throughWeek };
  }
  if (text.endsWith('+')) return { kind: 'age', from: parseAgeOffset(text.slice(0, -1)), through: null };
  const parts = text.split('-');
  if (parts.length === 1) {
    const at = parseAgeOffset(text);
    return { kind: 'age', from: at, through: at };
  }
  if (parts.length !== 2) throw new AgeNotationError(text);
  const from = parseAgeOffset(parts[0] ?? '');
  const through = parseAgeOffset(parts[1] ?? '');
  // A window ends after it starts, whatever the units: compared on one date of birth.
  if (addAge('2000-01-31', through) < addAge('2000-01-31', from)) throw new AgeNotationError(text);
  return { kind: 'age', from, through };
}

/** The offset in days when it is a whole number of days (D, W); null for calendar units (M, Y). */
export function offsetInDays(offset: AgeOffset): number | null {
  if (offset.unit === 'D') return offset.amount;
  if (offset.unit === 'W') return offset.amount * 7; // 4 weeks = 28 days [V11]
  return null;
}

/* ---------- calendar days ---------- */

const DAY = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
/** The last day the arithmetic answers: later results are clamped (they stay four-digit YYYY-MM-DD). */
export const LAST_CALENDAR_DAY = '9999-12-31';

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 31;
}

function parts(day: string): [number, number, number] {
  const match = DAY.exec(day);
  if (!match) throw new RangeError(`Not a day: ${JSON.stringify(day)}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const date = Number(match[3]);
  if (month < 1 || month > 12 || date < 1 || date > daysInMonth(year, month)) throw new RangeError(`Not a day: ${day}`);
  return [year, month, date];
}

function fromDayNumber(days: number): string {
  return format(...civilFromDays(days));
}

function format(year: number, month: number, date: number): string {
  if (year > 9999) return LAST_CALENDAR_DAY;
  if (year < 0) return '0000-01-01';
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

/** Whether a string is a real calendar day YYYY-MM-DD. */
export function isCalendarDay(day: string): boolean {
  try {
    parts(day);
    return true;
  } catch {
    return false;
  }
}

/** A day plus (or minus) whole days. */
export function addDaysTo(day: string, days: number): string {
  const [year, month, date] = parts(day);
  return fromDayNumber(daysFromCivil(year, month, date) + days);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function calendarDaysBetween(from: string, to: string): number {
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  return daysFromCivil(ty, tm, td) - daysFromCivil(fy, fm, fd);
}

/** A day plus calendar months: the same day of the month, or the month's last day when it has none (31 Jan + 1M = 28/29 Feb). */
function addMonths(day: string, months: number): string {
  const [year, month, date] = parts(day);
  const total = year * 12 + (month - 1) + months;
  const newYear = Math.floor(total / 12);
  const newMonth = total - newYear * 12 + 1;
  if (newYear > 9999) return LAST_CALENDAR_DAY;
  if (newYear < 0) return '0000-01-01';
  return format(newYear, newMonth, Math.min(date, daysInMonth(newYear, newMonth)));
}

/** The day a person born on `day` reaches an age (or the day an interval after `day` ends): [V11] conventions. */
export function addAge(day: string, offset: AgeOffset, times = 1): string {
  const amount = offset.amount * times;
  if (offset.unit === 'D') return addDaysTo(day, amount);
  if (offset.unit === 'W') return addDaysTo(day, amount * 7);
  if (offset.unit === 'M') return addMonths(day, amount);
  return addMonths(day, amount * 12);
}

/** A dose window as days for one date of birth: [from, until], until null when open-ended. */
export interface AgeWindow {
  readonly from: string;
  readonly until: string | null;
}

/**
 * The days of a window for a date of birth: `2M` is from the day the person is 2 months old through the day before
 * 3 months; `1Y-2Y` through the day before the third birthday; `5Y+` has no end. A pregnancy window is not a date of
 * the person: null.
 */
export function ageWindow(notation: AgeNotation | string, dateOfBirth: string): AgeWindow | null {
  const parsed = typeof notation === 'string' ? parseAgeNotation(notation) : notation;
  if (parsed.kind === 'pregnancy') return null;
  const from = addAge(dateOfBirth, parsed.from);
  if (parsed.through === null) return { from, until: null };
  const next = addAge(dateOfBirth, { amount: parsed.through.amount + 1, unit: parsed.through.unit });
  return { from, until: next === LAST_CALENDAR_DAY ? next : addDaysTo(next, -1) };
}

/** Whole calendar months from a date of birth to a day (the spec's "age in months", §3). */
export function ageInMonths(dateOfBirth: string, today: string): number {
  const [by, bm] = parts(dateOfBirth);
  const [ty, tm] = parts(today);
  const months = (ty - by) * 12 + (tm - bm);
  return addMonths(dateOfBirth, months) > today ? months - 1 : months;
}
