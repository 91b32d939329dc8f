import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@rhc/i18n';

/*
 * Month and weekday names in the app's three languages, as the platform's Intl writes them (CLDR), without Intl: a
 * page's first Intl.DateTimeFormat loads ICU's date data, about 25 ms of the main thread here and 100 ms on a phone's
 * CPU (bench/main-thread.ts on /schedulemanagement/, issue 13), to read a dozen fixed words. calendar-names.test.ts
 * holds every name, title and week here to Intl's output, so a change of CLDR shows there.
 */

interface CalendarNames {
  /** A month alone, capitalised as a choice in a list ("Tháng 11", "November", "十一月"). */
  month: readonly string[];
  /** A month with its year, as a calendar's title. */
  title(year: number, month: number): string;
  /**
   * A whole date in the language's own order ("7 tháng 12 2026", "7 December 2026", "2026年12月7日"; issue 54 item 24):
   * Intl's long date, Vietnamese without CLDR's comma before the year.
   */
  date(year: string, month: number, day: number): string;
  /** Monday first: the narrowest names that still tell the days apart ("T2", "Mon", "一"), and the full ones. */
  weekdayShort: readonly string[];
  weekdayLong: readonly string[];
}

const numbers = (prefix: string) => Array.from({ length: 12 }, (_, index) => `${prefix}${index + 1}`);
const ENGLISH_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const CHINESE_MONTHS = ['一月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '十一月', '十二月'];

const NAMES: Record<Language, CalendarNames> = {
  vi: {
    month: numbers('Tháng '),
    title: (year, month) => `Tháng ${month} năm ${year}`,
    date: (year, month, day) => `${day} tháng ${month} ${year}`,
    weekdayShort: ['T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'CN'],
    weekdayLong: ['Thứ Hai', 'Thứ Ba', 'Thứ Tư', 'Thứ Năm', 'Thứ Sáu', 'Thứ Bảy', 'Chủ Nhật'],
  },
  en: {
    month: ENGLISH_MONTHS,
    title: (year, month) => `${ENGLISH_MONTHS[month - 1] ?? ''} ${year}`,
    date: (year, month, day) => `${day} ${ENGLISH_MONTHS[month - 1] ?? ''} ${year}`,
    weekdayShort: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
    weekdayLong: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  },
  zh: {
    month: CHINESE_MONTHS,
    title: (year, month) => `${year}年${month}月`,
    date: (year, month, day) => `${year}年${month}月${day}日`,
    weekdayShort: ['一', '二', '三', '四', '五', '六', '日'],
    weekdayLong: ['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日'],
  },
};

/** The names of a language; Vietnamese, the app's default, for anything else. */
export function calendarNames(language: string): CalendarNames {
  return NAMES[isLanguage(language) ? language : DEFAULT_LANGUAGE];
}
