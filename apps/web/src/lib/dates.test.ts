import { afterEach, describe, expect, it } from 'vitest';
import { calendarDayName, formatCalendarDay, formatInstant, todayInDisplayZone, weekdayName } from './dates.ts';
import { changeLanguage } from './i18n.ts';

const WEEK = [1, 2, 3, 4, 5, 6, 7];

describe('dates', () => {
  afterEach(() => changeLanguage('vi'));

  it("shows an instant in Vietnam's time, DD-MM-YYYY in lists", () => {
    // 18:30 UTC on 31 December is already 1 January in Vietnam (UTC+7).
    expect(formatInstant('2025-12-31T18:30:00Z')).toBe('01-01-2026');
    expect(formatInstant('2025-12-31T18:30:00Z', 'DD/MM/YYYY HH:mm')).toBe('01/01/2026 01:30');
    expect(formatInstant(new Date('2026-11-26T16:59:59.999Z'), 'YYYY-MM-DD HH:mm')).toBe('2026-11-26 23:59');
    expect(formatInstant('2026-11-26T17:00:00Z', `HH:mm DD/MM/YYYY`)).toBe('00:00 27/11/2026');
    expect(todayInDisplayZone(new Date('2026-11-26T17:00:00Z'))).toBe('2026-11-27');
  });

  it("follows the zone's history: Saigon's clock was an hour ahead (UTC+8) from 1960 to 13 June 1975", () => {
    expect(formatInstant('1959-12-31T15:59:00Z', 'YYYY-MM-DD HH:mm')).toBe('1959-12-31 22:59');
    expect(formatInstant('1959-12-31T16:00:00Z', 'YYYY-MM-DD HH:mm')).toBe('1960-01-01 00:00');
    expect(formatInstant('1970-06-01T15:30:00Z', 'YYYY-MM-DD HH:mm')).toBe('1970-06-01 23:30');
    expect(formatInstant('1975-06-12T15:59:00Z', 'YYYY-MM-DD HH:mm')).toBe('1975-06-12 23:59');
    expect(formatInstant('1975-06-12T16:00:00Z', 'YYYY-MM-DD HH:mm')).toBe('1975-06-12 23:00');
    expect(formatInstant('2026-06-01T15:30:00Z', 'YYYY-MM-DD HH:mm')).toBe('2026-06-01 22:30');
  });

  it("reads every instant since June 1975 as the zone's rules do, without a time-zone formatter", () => {
    const rules = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Ho_Chi_Minh',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    const asRules = (date: Date) => rules.format(date).replace(', ', ' ');
    const from = Date.UTC(1975, 5, 12, 16);
    const to = Date.UTC(2100, 0, 1);
    // Steps of a prime number of minutes land on every hour of the day and every day of the month over the years.
    for (let at = from; at < to; at += 7_919 * 60_000) {
      expect(formatInstant(new Date(at), 'YYYY-MM-DD HH:mm')).toBe(asRules(new Date(at)));
    }
  });

  it('formats the first and last years without failing, and says so of an instant that is none', () => {
    expect(formatInstant('9999-12-31T23:59:59Z', 'YYYY-MM-DD HH:mm')).toBe('10000-01-01 06:59');
    expect(formatInstant('0001-01-01T12:00:00Z', 'DD-MM-YYYY')).toBe('01-01-0001');
    expect(formatInstant('not a date')).toBe('Invalid Date');
  });

  it('shows a calendar day as it is, without moving it across time zones', () => {
    expect(formatCalendarDay('2026-03-09')).toBe('09-03-2026');
    expect(formatCalendarDay('2026-03-09', 'DD/MM/YYYY')).toBe('09/03/2026');
    expect(formatCalendarDay('0001-01-01')).toBe('01-01-0001');
    expect(formatCalendarDay('9999-12-31', 'DD/MM/YYYY')).toBe('31/12/9999');
  });

  it('names a calendar day from the number a calendar shows, its month in the current language', async () => {
    await changeLanguage('vi');
    expect(calendarDayName('2026-11-01')).toBe('1 tháng 11 2026');
    expect(calendarDayName('2026-03-09')).toBe('9 tháng 3 2026');
    await changeLanguage('en');
    expect(calendarDayName('2026-11-01')).toBe('1 November 2026');
    expect(calendarDayName('2026-03-09')).toBe('9 March 2026');
    await changeLanguage('zh');
    expect(calendarDayName('2026-11-01')).toBe('2026年11月1日');
    expect(calendarDayName('2026-03-09')).toBe('2026年3月9日');
    await changeLanguage('vi');
    expect(calendarDayName('0001-01-01')).toBe('1 tháng 1 0001');
    expect(calendarDayName('9999-12-31')).toBe('31 tháng 12 9999');
  });

  it('starts weeks on Monday in every language, with short names that tell the days apart', async () => {
    const expected = {
      vi: { short: ['T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'CN'], monday: 'Thứ Hai', sunday: 'Chủ Nhật' },
      en: { short: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], monday: 'Monday', sunday: 'Sunday' },
      zh: { short: ['一', '二', '三', '四', '五', '六', '日'], monday: '星期一', sunday: '星期日' },
    };
    for (const language of ['vi', 'en', 'zh'] as const) {
      await changeLanguage(language);
      expect(WEEK.map((weekday) => weekdayName(weekday, 'short'))).toEqual(expected[language].short);
      expect(weekdayName(1, 'long')).toBe(expected[language].monday);
      expect(weekdayName(7, 'long')).toBe(expected[language].sunday);
    }
  });
});
