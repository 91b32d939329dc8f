import { LANGUAGE_LOCALES, LANGUAGES } from '@rhc/i18n';
import { describe, expect, it } from 'vitest';
import { calendarNames } from './calendar-names.ts';

/** The first day of a month of any year (Date.UTC reads 0–99 as 1900–1999). */
function firstDay(year: number, month: number): Date {
  const date = new Date(Date.UTC(2000, month - 1, 1));
  date.setUTCFullYear(year);
  return date;
}
const capitalised = (text: string, language: string) => text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);
const YEARS = [1, 9, 10, 99, 100, 999, 1000, ...Array.from({ length: 301 }, (_, index) => 1900 + index), 5000, 9999];

describe.each(LANGUAGES)('the calendar names in %s', (language) => {
  const names = calendarNames(language);
  const locale = LANGUAGE_LOCALES[language];

  it('title each month of a year as Intl does, capitalised', () => {
    const format = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (const year of YEARS)
      for (const month of MONTHS) expect(names.title(year, month)).toBe(capitalised(format.format(firstDay(year, month)), language));
  });

  it('name a month alone as Intl does', () => {
    const alone = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
    for (const month of MONTHS) expect(names.month[month - 1]).toBe(capitalised(alone.format(firstDay(2024, month)), language));
  });

  it('write a whole date as Intl does (Vietnamese without the comma before the year; the year as the day has it)', () => {
    const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (const year of [1000, 2026, 9999])
      for (const month of MONTHS)
        for (const day of [1, 9, 10, 28]) {
          const date = firstDay(year, month);
          date.setUTCDate(day);
          const written = format.format(date);
          expect(names.date(String(year), month, day)).toBe(language === 'vi' ? written.replace(', ', ' ') : written);
        }
  });

  it('name the week from Monday as Intl does: the narrowest names that tell the days apart, and the full ones', () => {
    const week = [1, 2, 3, 4, 5, 6, 7].map((date) => new Date(Date.UTC(2024, 0, date))); // 1 January 2024 was a Monday
    const written = (weekday: 'narrow' | 'short' | 'long') => {
      const format = new Intl.DateTimeFormat(locale, { weekday, timeZone: 'UTC' });
      return week.map((date) => format.format(date));
    };
    const narrow = written('narrow');
    expect(names.weekdayShort).toEqual(new Set(narrow).size === 7 ? narrow : written('short'));
    expect(names.weekdayLong).toEqual(written('long'));
  });
});

describe('calendar names for an unknown language', () => {
  it('are the Vietnamese ones, the app’s default', () => {
    expect(calendarNames('fr').title(2026, 11)).toBe('Tháng 11 năm 2026');
  });
});
