import { describe, expect, it } from 'vitest';
import { agesText } from './vaccine-ages.ts';

/** A `t` that writes the key and its values, so the parsing is read without the translations. */
const t = (key: string, values?: Record<string, unknown>) => (values ? `${key}(${Object.values(values).join(',')})` : key);

describe("a dose's ages in words, the same on the vaccines page and in the registration", () => {
  it.each([
    ['birth', 'vaccine-ages:birth'],
    ['0M', 'vaccine-ages:birth'],
    ['2M', 'vaccine-ages:at(vaccine-ages:months(2))'],
    ['7Y', 'vaccine-ages:at(vaccine-ages:years(7))'],
    ['0D-1D', 'vaccine-ages:range(vaccine-ages:birth,vaccine-ages:days(1))'],
    ['1Y-2Y', 'vaccine-ages:range(vaccine-ages:years(1),vaccine-ages:years(2))'],
    ['5Y+', 'vaccine-ages:from(vaccine-ages:years(5))'],
    ['preg', 'vaccine-ages:pregnancy'],
    ['preg:32W-36W', 'vaccine-ages:pregnancyWeeks(32,36)'],
    ['later', 'later'],
  ])('%s → %s', (ages, words) => {
    expect(agesText(t, ages)).toBe(words);
  });
});
