import { describe, expect, it } from 'vitest';
import { bandOfAges, bandOfPerson } from './vaccine-text.ts';

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
