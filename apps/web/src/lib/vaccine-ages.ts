import { AgeNotationError, parseAgeNotation, type AgeOffset } from '@rhc/domain';
import type { QualifiedKey, TranslationValues } from '@rhc/i18n';

/** The namespace of the ages' words: a page that shows a dose's ages loads it with its own. */
export const VACCINE_AGES = 'vaccine-ages';

/** Any page's `t`: the keys are named with their namespace (`vaccine-ages:…`). */
type AnyT = (key: QualifiedKey, values?: TranslationValues) => string;

const UNIT_KEYS = { D: 'vaccine-ages:days', W: 'vaccine-ages:weeks', M: 'vaccine-ages:months', Y: 'vaccine-ages:years' } as const;

function offsetWords(t: AnyT, { amount, unit }: AgeOffset): string {
  return amount === 0 ? t('vaccine-ages:birth') : t(UNIT_KEYS[unit], { count: amount });
}

/**
 * A dose's ages (the spec's notation, parsed by @rhc/domain: `2M`, `1Y-2Y`, `5Y+`, `preg:27W-36W`) in the reader's
 * words, the same on the vaccines page and in the registration: "at 2 months", "1 year – 2 years", "5 years and older",
 * "in pregnancy, weeks 27–36". A notation the parser does not know is shown as written.
 */
export function agesText(t: AnyT, ages: string): string {
  let notation;
  try {
    notation = parseAgeNotation(ages);
  } catch (error) {
    if (error instanceof AgeNotationError) return ages;
    throw error;
  }
  if (notation.kind === 'pregnancy')
    return notation.fromWeek === null
      ? t('vaccine-ages:pregnancy')
      : t('vaccine-ages:pregnancyWeeks', { from: notation.fromWeek, to: notation.throughWeek ?? notation.fromWeek });
  const { from, through } = notation;
  if (!through) return t('vaccine-ages:from', { age: offsetWords(t, from) });
  if (from.amount === through.amount && from.unit === through.unit)
    return from.amount === 0 ? t('vaccine-ages:birth') : t('vaccine-ages:at', { age: offsetWords(t, from) });
  return t('vaccine-ages:range', { from: offsetWords(t, from), to: offsetWords(t, through) });
}
