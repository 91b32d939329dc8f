import { isoWeekday } from '@rhc/domain';
import { calendarNames } from '../../lib/calendar-names.ts';

function pad(n: number, digits = 2): string {
  return String(n).padStart(digits, '0');
}

/** The YYYY-MM-DD day of a year, month (1–12) and day of the month. */
export function calendarDay(year: number, month: number, date: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(date)}`;
}

/** Every day of a month, in order. */
export function daysOfMonth(year: number, month: number): string[] {
  const count = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return Array.from({ length: count }, (_, index) => calendarDay(year, month, index + 1));
}

/** How many empty cells come before the 1st in a week starting on Monday (spec §5). */
export function leadingBlanks(year: number, month: number): number {
  return isoWeekday(calendarDay(year, month, 1)) - 1;
}

/** The month of a YYYY-MM-DD day, as { year, month }. */
export function monthOf(day: string): { year: number; month: number } {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

/** The month before or after, as { year, month }. */
export function shiftMonth({ year, month }: { year: number; month: number }, by: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** A month's name with its year in a language, as a title ("Tháng 11 năm 2026", "November 2026", "2026年11月"). */
export function monthTitle(year: number, month: number, language: string): string {
  return calendarNames(language).title(year, month);
}

/** The day `by` days after (or, negative, before) a YYYY-MM-DD day. */
export function addDays(day: string, by: number): string {
  const date = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) + by));
  return calendarDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** The same day `by` months later (or earlier), or that month's last day when it is shorter (31 January → 28 February). */
export function addMonths(day: string, by: number): string {
  const { year, month } = shiftMonth(monthOf(day), by);
  const last = daysOfMonth(year, month).length;
  return calendarDay(year, month, Math.min(Number(day.slice(8, 10)), last));
}

/** A day kept within `min`–`max` (YYYY-MM-DD, either may be absent). */
export function clampDay(day: string, min?: string, max?: string): string {
  if (min && day < min) return min;
  if (max && day > max) return max;
  return day;
}

/** Whether a day lies outside `min`–`max` (YYYY-MM-DD, either may be absent). */
export function beyondDays(day: string, min?: string, max?: string): boolean {
  return clampDay(day, min, max) !== day;
}

/** The first day of a month, as YYYY-MM-DD: of a day's month, or of a `{ year, month }`. */
export function firstOfMonth(of: string | { year: number; month: number }): string {
  const { year, month } = typeof of === 'string' ? monthOf(of) : of;
  return calendarDay(year, month, 1);
}

/** How many months `to` comes after `from` (negative when before). */
export function monthsBetween(from: { year: number; month: number }, to: { year: number; month: number }): number {
  return to.year * 12 + to.month - (from.year * 12 + from.month);
}

/** A month's name alone, capitalised as a choice in a list ("Tháng 11", "November", "十一月"). */
export function monthName(month: number, language: string): string {
  return calendarNames(language).month[month - 1] ?? '';
}
