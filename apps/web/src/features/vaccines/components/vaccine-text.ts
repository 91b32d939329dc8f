import type { ScheduledDose } from '@rhc/contracts';
import type { AgeBand, VaccineId } from '@rhc/domain';
import { calendarDayName } from '../../../lib/dates.ts';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';

/** The feature's strings: its own and the fact sheets' (`vaccine-facts`: each vaccine's name and sheet). */
export const VACCINE_STRINGS = ['vaccines', 'vaccine-facts'] as const;
export type VaccineT = TFunction<typeof VACCINE_STRINGS>;

/** A vaccine's name in the reader's language, from its fact sheet. */
export function vaccineName(t: VaccineT, id: VaccineId): string {
  return t(`vaccine-facts:${id}.name`);
}

export function useVaccineName(): (id: VaccineId) => string {
  const { t } = useTranslation(VACCINE_STRINGS);
  return (id) => vaccineName(t, id);
}

/** One age of the notation (`1D`, `2M`, `9Y`, `32W`, `birth`) in words: "1 day", "2 months", "9 years", "week 32". */
function ageWords(t: VaccineT, token: string): string {
  if (token === 'birth') return t('ages.birth');
  const match = /^(\d+)([DWMY])$/.exec(token);
  if (!match) return token;
  const count = Number(match[1]);
  if (match[2] === 'W') return t('ages.weeks', { count });
  if (count === 0) return t('ages.birth');
  if (match[2] === 'D') return t('ages.days', { count });
  if (match[2] === 'M') return t('ages.months', { count });
  return t('ages.years', { count });
}

/**
 * The age notation (spec §3, domain-rules §5.0, @rhc/domain's vaccine-age.ts) in the reader's words: `2M` "2 months",
 * `0D-1D` "at birth – 1 day", `1Y-2Y` "1 year – 2 years",
 * `5Y+` "5 years and older", `preg:32W-36W` "in pregnancy, week 32 – week 36". Anything else is shown as written.
 */
export function agesText(t: VaccineT, ages: string): string {
  const pregnancy = ages.startsWith('preg');
  const rest = pregnancy ? ages.replace(/^preg:?/, '') : ages;
  let words: string;
  if (rest === '') words = '';
  else if (rest.endsWith('+')) words = t('ages.from', { age: ageWords(t, rest.slice(0, -1)) });
  else if (rest.includes('-')) {
    const [from = '', to = ''] = rest.split('-');
    words = t('ages.range', { from: ageWords(t, from), to: ageWords(t, to) });
  } else words = ageWords(t, rest);
  return pregnancy ? (words ? t('ages.pregnancyAt', { ages: words }) : t('ages.pregnancy')) : words;
}

/** The age band a dose's first age falls in (spec §1: 0–6, 7–18, 19–65+ years); a pregnancy dose is an adult's. */
export function bandOfAges(ages: string): AgeBand | null {
  if (ages.startsWith('preg')) return 'ADULT';
  if (ages === 'birth') return 'INFANT';
  const match = /^(\d+)([DWMY])/.exec(ages);
  if (!match) return null;
  const count = Number(match[1]);
  const perYear = { D: 365, W: 52, M: 12, Y: 1 }[match[2] as 'D' | 'W' | 'M' | 'Y'];
  const years = count / perYear;
  return years < 7 ? 'INFANT' : years < 19 ? 'CHILD' : 'ADULT';
}

/** The band a person is in today (whole years between the date of birth and today, both calendar days). */
export function bandOfPerson(dateOfBirth: string, today: string): AgeBand {
  let years = Number(today.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  if (today.slice(5) < dateOfBirth.slice(5)) years -= 1;
  return years < 7 ? 'INFANT' : years < 19 ? 'CHILD' : 'ADULT';
}

/**
 * A dose's due window in the reader's words and date order ("due 1 tháng 2 2027 to …"): calendar days of Vietnam
 * (Asia/Ho_Chi_Minh), as the server worked them out, named from their own digits.
 */
export function dueWindowText(t: VaccineT, dose: Pick<ScheduledDose, 'dueFrom' | 'dueUntil'>): string {
  const { dueFrom, dueUntil } = dose;
  if (dueFrom && dueUntil) return t('list.window', { from: calendarDayName(dueFrom), until: calendarDayName(dueUntil) });
  if (dueFrom) return t('list.windowFrom', { from: calendarDayName(dueFrom) });
  if (dueUntil) return t('list.windowUntil', { until: calendarDayName(dueUntil) });
  return t('list.windowOpen');
}
