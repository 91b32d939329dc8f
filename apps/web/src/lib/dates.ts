import { DATE_LIST_FORMAT, DISPLAY_TIME_ZONE, VIETNAM_UTC_OFFSET_MINUTES } from '@rhc/domain';
import { calendarNames } from './calendar-names.ts';
import { currentLanguage } from './i18n.ts';

/*
 * Dates without a date library, and without Intl but for what only the time zone's rules know. Formats are the app's
 * few patterns (DATE_LIST_FORMAT and the like): YYYY, MM, DD, HH and mm are replaced, everything else is kept as
 * written. Month and weekday names follow the app's language, read at each call (calendar-names.ts).
 */

/** What a format's tokens stand for, each already written out (YYYY with four digits, the rest with two). */
type Fields = Record<'YYYY' | 'MM' | 'DD' | 'HH' | 'mm', string>;

const TOKENS = /YYYY|MM|DD|HH|mm/g;
const fill = (format: string, fields: Fields) => format.replace(TOKENS, (token) => fields[token as keyof Fields]);
const pad = (value: number, digits = 2) => String(value).padStart(digits, '0');

/*
 * Vietnam's wall clock. Since 13 June 1975 (00:00 at UTC+8, 16:00 UTC the day before) it has been UTC+7 all year
 * (@rhc/domain's VIETNAM_UTC_OFFSET_MINUTES), so an instant since then is read by moving it 7 hours and taking its UTC
 * fields. An Intl formatter with a time zone costs the page's first use of Intl, some 20 ms of the main thread to load
 * ICU's data (80 ms on a phone's CPU, issue 13), for what is arithmetic; it is made only for an instant before then,
 * when Saigon's clock was an hour ahead (1960–1975), which the zone's rules know.
 */
const UTC_PLUS_7_SINCE = Date.UTC(1975, 5, 12, 16);
const VIETNAM_OFFSET_MS = VIETNAM_UTC_OFFSET_MINUTES * 60_000;

let historicClock: Intl.DateTimeFormat | undefined;
/** The zone's rules for an instant before June 1975. The era places an instant before year 1. */
function historicWallClock(date: Date): Fields {
  historicClock ??= new Intl.DateTimeFormat('en-US', {
    timeZone: DISPLAY_TIME_ZONE,
    hourCycle: 'h23',
    era: 'short',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of historicClock.formatToParts(date)) parts[part.type] = part.value;
  const year = Number(parts.year);
  return {
    YYYY: pad(parts.era === 'BC' ? 1 - year : year, 4),
    MM: pad(Number(parts.month)),
    DD: pad(Number(parts.day)),
    HH: pad(Number(parts.hour)),
    mm: pad(Number(parts.minute)),
  };
}

function wallClock(date: Date): Fields {
  if (date.getTime() < UTC_PLUS_7_SINCE) return historicWallClock(date);
  const shifted = new Date(date.getTime() + VIETNAM_OFFSET_MS);
  return {
    YYYY: pad(shifted.getUTCFullYear(), 4),
    MM: pad(shifted.getUTCMonth() + 1),
    DD: pad(shifted.getUTCDate()),
    HH: pad(shifted.getUTCHours()),
    mm: pad(shifted.getUTCMinutes()),
  };
}

/**
 * An instant from the wire (ISO 8601 in UTC) formatted in Vietnam's time, whatever the device's own time zone; lists
 * use DD-MM-YYYY.
 */
export function formatInstant(instant: string | Date, format: string = DATE_LIST_FORMAT): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return String(date);
  return fill(format, wallClock(date));
}

/**
 * A calendar day from the wire (YYYY-MM-DD) is a date, not an instant: it is formatted from its own digits, without
 * any time-zone conversion, which would move it to the previous day on a device east of Vietnam (Japan, Australia).
 */
export function formatCalendarDay(day: string, format: string = DATE_LIST_FORMAT): string {
  return fill(format, { YYYY: day.slice(0, 4), MM: day.slice(5, 7), DD: day.slice(8, 10), HH: '00', mm: '00' });
}

/**
 * A calendar day's spoken name in the language's own date order ("1 tháng 11 2026", "1 November 2026", "2026年11月1日"),
 * as the app's calendars (components/calendar) name their days: a name that contains the number the calendar shows
 * (WCAG 2.5.3). Made from the day's own digits, so never moved across time zones.
 */
export function calendarDayName(day: string): string {
  return calendarNames(currentLanguage()).date(day.slice(0, 4), Number(day.slice(5, 7)), Number(day.slice(8, 10)));
}

/** A weekday's name (1 = Monday … 7 = Sunday) in the current language: short above a calendar's columns, or long. */
export function weekdayName(weekday: number, width: 'short' | 'long'): string {
  const names = calendarNames(currentLanguage());
  return (width === 'short' ? names.weekdayShort : names.weekdayLong)[weekday - 1] ?? '';
}

/** Today's calendar day in Vietnam (YYYY-MM-DD), e.g. the latest date of birth a form accepts. */
export function todayInDisplayZone(now: Date = new Date()): string {
  return formatInstant(now, 'YYYY-MM-DD');
}
