import { DATE_LIST_FORMAT, DISPLAY_TIME_ZONE, VIETNAM_UTC_OFFSET_MINUTES } from '@rhc/domain';
import { LANGUAGE_LOCALES, type Language } from '@rhc/i18n';
import { currentLanguage } from './i18n.ts';

/*
 * Dates with the platform's Intl, no date library. Formats are the app's few patterns (DATE_LIST_FORMAT and the like):
 * YYYY, MM, DD, HH and mm are replaced, everything else is kept as written. Month and weekday names follow the app's
 * language, read at each call (this module loads with the first screen that shows or picks a date, never with the
 * shell); each language's formatters are made once, on first use.
 */

/** What a format's tokens stand for, each already written out (YYYY with four digits, the rest with two). */
type Fields = Record<'YYYY' | 'MM' | 'DD' | 'HH' | 'mm', string>;

const TOKENS = /YYYY|MM|DD|HH|mm/g;
const fill = (format: string, fields: Fields) => format.replace(TOKENS, (token) => fields[token as keyof Fields]);
const pad = (value: number, digits = 2) => String(value).padStart(digits, '0');

/** One value per language, made on first use. */
function perLanguage<T>(make: (locale: string) => T): () => T {
  const made = new Map<Language, T>();
  return () => {
    const language = currentLanguage();
    let value = made.get(language);
    if (value === undefined) {
      value = make(LANGUAGE_LOCALES[language]);
      made.set(language, value);
    }
    return value;
  };
}

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

const monthNames = perLanguage((locale) => {
  const inDate = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'long' });
  const alone = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long' });
  return Array.from({ length: 12 }, (_, index) => {
    const date = new Date(Date.UTC(2024, index, 1));
    const name = inDate.formatToParts(date).find((part) => part.type === 'month')?.value ?? '';
    // As the month reads in a date ("tháng 11", lower-case, not the title's "Tháng 11"); Chinese writes it as a number
    // there ("11月1日"), so it takes the name alone ("十一月").
    return /^\d+$/.test(name) ? alone.format(date) : name;
  });
});

/**
 * A calendar day's spoken name, starting with the number a calendar shows ("1 tháng 11 2026", "1 November 2026",
 * "1 十一月 2026"), as the app's calendars (components/calendar) name their days: a name that contains the visible
 * text (WCAG 2.5.3). Made from the day's own digits, so never moved across time zones.
 */
export function calendarDayName(day: string): string {
  return `${Number(day.slice(8, 10))} ${monthNames()[Number(day.slice(5, 7)) - 1] ?? ''} ${day.slice(0, 4)}`;
}

// 1 January 2024 was a Monday: the weekday names are read from that week, Monday first (spec §5).
const A_WEEK = [1, 2, 3, 4, 5, 6, 7].map((date) => new Date(Date.UTC(2024, 0, date)));

const weekdayNames = perLanguage((locale) => {
  const names = (weekday: 'narrow' | 'short' | 'long') => {
    const format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday });
    return A_WEEK.map((date) => format.format(date));
  };
  const narrow = names('narrow');
  // The narrowest names that still tell the days apart: "T2" and "一", but "Mon" rather than English's "M" and "T".
  return { short: new Set(narrow).size === narrow.length ? narrow : names('short'), long: names('long') };
});

/** A weekday's name (1 = Monday … 7 = Sunday) in the current language: short above a calendar's columns, or long. */
export function weekdayName(weekday: number, width: 'short' | 'long'): string {
  return weekdayNames()[width][weekday - 1] ?? '';
}

/** Today's calendar day in Vietnam (YYYY-MM-DD), e.g. the latest date of birth a form accepts. */
export function todayInDisplayZone(now: Date = new Date()): string {
  return formatInstant(now, 'YYYY-MM-DD');
}
