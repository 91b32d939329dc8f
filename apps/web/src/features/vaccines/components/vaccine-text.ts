import type { ScheduledDose } from '@rhc/contracts';
import type { AgeBand, VaccineId } from '@rhc/domain';
import { calendarDayName } from '../../../lib/dates.ts';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { VACCINE_AGES } from '../../../lib/vaccine-ages.ts';

/** The feature's strings: its own, the fact sheets' (`vaccine-facts`: each vaccine's name and sheet) and the ages' words. */
export const VACCINE_STRINGS = ['vaccines', 'vaccine-facts', VACCINE_AGES] as const;
export type VaccineT = TFunction<typeof VACCINE_STRINGS>;

/** A vaccine's name in the reader's language, from its fact sheet. */
export function vaccineName(t: VaccineT, id: VaccineId): string {
  return t(`vaccine-facts:${id}.name`);
}

export function useVaccineName(): (id: VaccineId) => string {
  const { t } = useTranslation(VACCINE_STRINGS);
  return (id) => vaccineName(t, id);
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
