import { describe, expect, it } from 'vitest';
import { agesText, bandOfAges, bandOfPerson, type VaccineT } from './vaccine-text.ts';

/** A `t` that writes the key and its values, so the parsing is read without the translations. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key}(${Object.values(values).join(',')})` : key) as unknown as VaccineT;

describe('the age notation in words', () => {
  it.each([
    ['birth', 'ages.birth'],
    ['0M', 'ages.birth'],
    ['2M', 'ages.months(2)'],
    ['7Y', 'ages.years(7)'],
    ['0D-1D', 'ages.range(ages.birth,ages.days(1))'],
    ['1Y-2Y', 'ages.range(ages.years(1),ages.years(2))'],
    ['5Y+', 'ages.from(ages.years(5))'],
    ['preg', 'ages.pregnancy'],
    ['preg:32W-36W', 'ages.pregnancyAt(ages.range(ages.weeks(32),ages.weeks(36)))'],
    ['later', 'later'],
  ])('%s → %s', (ages, words) => {
    expect(agesText(t, ages)).toBe(words);
  });
});

describe('the age band of a dose and of a person (spec §1: 0–6, 7–18, 19–65+)', () => {
  it.each([
    ['birth', 'INFANT'],
    ['0D-1D', 'INFANT'],
    ['18M', 'INFANT'],
    ['4Y-6Y', 'INFANT'],
    ['7Y', 'CHILD'],
    ['16Y-18Y', 'CHILD'],
    ['19Y+', 'ADULT'],
    ['preg:32W-36W', 'ADULT'],
    ['someday', null],
  ])('a dose at %s is in %s', (ages, band) => {
    expect(bandOfAges(ages)).toBe(band);
  });

  it.each([
    ['2020-06-15', '2027-06-14', 'INFANT'],
    ['2020-06-15', '2027-06-15', 'CHILD'],
    ['2008-06-15', '2027-06-14', 'CHILD'],
    ['2008-06-15', '2027-06-15', 'ADULT'],
  ])('born %s, on %s: %s', (born, today, band) => {
    expect(bandOfPerson(born, today)).toBe(band);
  });
});
