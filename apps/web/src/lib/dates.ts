import dayjs, { type ConfigType, type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import updateLocale from 'dayjs/plugin/updateLocale';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/vi';
import 'dayjs/locale/zh-cn';
import { DATE_LIST_FORMAT, DISPLAY_TIME_ZONE, FIRST_DAY_OF_WEEK } from '@rhc/domain';
import type { Language } from '@rhc/i18n';
import { currentLanguage, i18n } from './i18n.ts';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(updateLocale);
// vi and zh-cn already start weeks on Monday; dayjs's English starts on Sunday, and spec §5 wants Monday everywhere.
dayjs.updateLocale('en', { weekStart: FIRST_DAY_OF_WEEK });

/** dayjs with the app's plugins and locales, in the current language: what a module formatting names should use. */
export { dayjs };

const DAYJS_LOCALES: Record<Language, string> = { vi: 'vi', en: 'en', zh: 'zh-cn' };

/*
 * Month and weekday names follow the app's language. This module (and dayjs with it) loads with the first screen
 * that shows or picks a date, never with the shell, so it follows the language from here rather than from i18n.ts.
 */
const followLanguage = () => dayjs.locale(DAYJS_LOCALES[currentLanguage()]);
followLanguage();
i18n.onLanguageChange(followLanguage);

/** The display zone's wall clock, read by one formatter made once (dayjs's `tz()` makes a new one on every call). */
const displayZoneClock = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Minutes the display zone is ahead of UTC at an instant (Vietnam: 420, as it has been since 1975). */
function displayZoneOffset(date: Date): number {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of displayZoneClock.formatToParts(date)) parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return Math.round((wall - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/**
 * An instant as a person in Vietnam sees it, whatever the device's own time zone. What dayjs's `tz()` returns, at a
 * small part of its cost (a list or chart shows hundreds of times); an instant the formatter cannot place (before
 * year 1, say) takes dayjs's own way.
 */
export function inDisplayZone(instant: ConfigType): Dayjs {
  const moment = dayjs(instant);
  if (!moment.isValid()) return moment;
  const date = moment.toDate();
  const offset = date.getUTCFullYear() >= 1 ? displayZoneOffset(date) : Number.NaN;
  return Number.isFinite(offset) ? moment.utcOffset(offset) : moment.tz(DISPLAY_TIME_ZONE);
}

/** An instant from the wire (ISO 8601 in UTC) formatted in Vietnam's time; lists use DD-MM-YYYY. */
export function formatInstant(instant: string | Date, format: string = DATE_LIST_FORMAT): string {
  return inDisplayZone(instant).format(format);
}

/**
 * A calendar day from the wire (YYYY-MM-DD) is a date, not an instant: it is formatted without any
 * time-zone conversion, which would move it to the previous day on a device east of Vietnam (Japan, Australia).
 */
export function formatCalendarDay(day: string, format: string = DATE_LIST_FORMAT): string {
  return dayjs(day).format(format);
}

/**
 * A calendar day's spoken name, starting with the number a calendar shows ("1 tháng 11 2026", "1 November 2026"),
 * as the app's calendars (components/calendar) name their days: a name that contains the visible text (WCAG 2.5.3).
 */
export function calendarDayName(day: string): string {
  return dayjs(day).format('D MMMM YYYY');
}

/** Today's calendar day in Vietnam (YYYY-MM-DD), e.g. the latest date of birth a form accepts. */
export function todayInDisplayZone(now: Date = new Date()): string {
  return inDisplayZone(now).format('YYYY-MM-DD');
}
