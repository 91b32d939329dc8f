import { AgeNotationError, parseAgeNotation, parseVaccineDoseId, type AgeOffset, type VaccineScheduleId } from '@rhc/domain';
import type { TFunction } from '../../lib/i18n.ts';
import { dosesOf } from './vaccine-values.ts';

type RegistrationT = TFunction<'vaccine-registration'>;

const UNIT_KEYS = { D: 'ages.days', W: 'ages.weeks', M: 'ages.months', Y: 'ages.years' } as const;

function offsetWords(t: RegistrationT, { amount, unit }: AgeOffset): string {
  return amount === 0 ? t('ages.birth') : t(UNIT_KEYS[unit], { count: amount });
}

/**
 * A dose's ages (the spec's notation, parsed by @rhc/domain: `2M`, `1Y-2Y`, `5Y+`, `preg:27W-36W`) in the reader's
 * words: "at 2 months", "1 year – 2 years", "5 years and older", "in pregnancy, weeks 27–36". A notation the parser does
 * not know is shown as written.
 */
export function doseAgesText(t: RegistrationT, ages: string): string {
  let notation;
  try {
    notation = parseAgeNotation(ages);
  } catch (error) {
    if (error instanceof AgeNotationError) return ages;
    throw error;
  }
  if (notation.kind === 'pregnancy')
    return notation.fromWeek === null
      ? t('ages.pregnancy')
      : t('ages.pregnancyWeeks', { from: notation.fromWeek, to: notation.throughWeek ?? notation.fromWeek });
  const { from, through } = notation;
  if (!through) return t('ages.from', { age: offsetWords(t, from) });
  if (from.amount === through.amount && from.unit === through.unit)
    return from.amount === 0 ? t('ages.birth') : t('ages.at', { age: offsetWords(t, from) });
  return t('ages.range', { from: offsetWords(t, from), to: offsetWords(t, through) });
}

/** A dose as the person reads it, "Dose 2 · at 3 months" (its ages as the schedule gives them), "Dose 2" when it has none. */
export function doseLabel(t: RegistrationT, scheduleId: VaccineScheduleId, doseId: string): string {
  const parsed = parseVaccineDoseId(doseId);
  if (!parsed) return '';
  const dose = dosesOf(scheduleId, parsed.vaccineId).find(({ id }) => id === doseId);
  return dose
    ? t('form.doseOption', { order: dose.order, ages: doseAgesText(t, dose.ages) })
    : t('form.doseOrder', { order: parsed.order });
}
