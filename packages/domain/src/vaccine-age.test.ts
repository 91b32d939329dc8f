import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addAge,
  addDaysTo,
  AgeNotationError,
  ageInMonths,
  ageWindow,
  calendarDaysBetween,
  isCalendarDay,
  offsetInDays,
  parseAgeNotation,
  parseAgeOffset,
} from './vaccine-age.ts';
import { VACCINE_SCHEDULES } from './vaccine-schedules.ts';
import { AGE_BANDS, VACCINE_IDS, VACCINE_SCHEDULE_IDS, DEFAULT_VACCINE_SCHEDULE } from './vaccines.ts';

describe('parseAgeNotation: every form of the notation (spec §3, domain-rules §5.0)', () => {
  it.each([
    ['birth', { kind: 'age', from: { amount: 0, unit: 'D' }, through: { amount: 0, unit: 'D' } }],
    ['6W', { kind: 'age', from: { amount: 6, unit: 'W' }, through: { amount: 6, unit: 'W' } }],
    ['2M', { kind: 'age', from: { amount: 2, unit: 'M' }, through: { amount: 2, unit: 'M' } }],
    ['18M', { kind: 'age', from: { amount: 18, unit: 'M' }, through: { amount: 18, unit: 'M' } }],
    ['1Y-2Y', { kind: 'age', from: { amount: 1, unit: 'Y' }, through: { amount: 2, unit: 'Y' } }],
    ['5Y+', { kind: 'age', from: { amount: 5, unit: 'Y' }, through: null }],
    ['4Y-6Y', { kind: 'age', from: { amount: 4, unit: 'Y' }, through: { amount: 6, unit: 'Y' } }],
    ['19Y-26Y', { kind: 'age', from: { amount: 19, unit: 'Y' }, through: { amount: 26, unit: 'Y' } }],
    ['65Y+', { kind: 'age', from: { amount: 65, unit: 'Y' }, through: null }],
    ['12M-15M', { kind: 'age', from: { amount: 12, unit: 'M' }, through: { amount: 15, unit: 'M' } }],
    ['24M-4Y', { kind: 'age', from: { amount: 24, unit: 'M' }, through: { amount: 4, unit: 'Y' } }],
    ['0D-1D', { kind: 'age', from: { amount: 0, unit: 'D' }, through: { amount: 1, unit: 'D' } }],
    ['preg:27W-36W', { kind: 'pregnancy', fromWeek: 27, throughWeek: 36 }],
    ['preg:32W-36W', { kind: 'pregnancy', fromWeek: 32, throughWeek: 36 }],
    ['preg', { kind: 'pregnancy', fromWeek: null, throughWeek: null }],
  ])('%s', (text, expected) => expect(parseAgeNotation(text)).toEqual(expected));

  it.each([
    '',
    ' 2M',
    '2m',
    '2',
    'M',
    '02M',
    '2M-',
    '-2M',
    '2M+3M',
    '1Y-2Y-3Y',
    '6Y-4Y',
    '2Y-18M',
    '2M++',
    '1.5Y',
    '-1Y',
    'preg:36W-27W',
    'preg:27W-60W',
    'preg:27M-36M',
    'preg:',
    'Birth',
    '1000Y',
  ])('refuses %j', (text) => expect(() => parseAgeNotation(text)).toThrow(AgeNotationError));

  it('reads offsets, and knows which are whole days (4 weeks = 28 days, [V11])', () => {
    expect(parseAgeOffset('4W')).toEqual({ amount: 4, unit: 'W' });
    expect(offsetInDays(parseAgeOffset('4W'))).toBe(28);
    expect(offsetInDays(parseAgeOffset('28D'))).toBe(28);
    expect(offsetInDays(parseAgeOffset('6M'))).toBeNull();
    expect(() => parseAgeOffset('4W+')).toThrow(AgeNotationError);
  });
});

describe('calendar arithmetic', () => {
  it('adds calendar months and years, keeping the day or the month end', () => {
    expect(addAge('2026-01-31', parseAgeOffset('1M'))).toBe('2026-02-28');
    expect(addAge('2024-01-31', parseAgeOffset('1M'))).toBe('2024-02-29');
    expect(addAge('2024-02-29', parseAgeOffset('1Y'))).toBe('2025-02-28');
    expect(addAge('2026-09-06', parseAgeOffset('2M'))).toBe('2026-11-06');
    expect(addAge('2026-09-06', parseAgeOffset('6W'))).toBe('2026-10-18');
    expect(addAge('2026-12-31', parseAgeOffset('3D'))).toBe('2027-01-03');
  });

  it('works at years 0000 and 9999, clamping past the last day', () => {
    expect(addDaysTo('0000-01-01', 1)).toBe('0000-01-02');
    expect(addDaysTo('0000-03-01', -1)).toBe('0000-02-29'); // year 0 is a leap year (proleptic Gregorian)
    expect(addDaysTo('9999-12-31', 1)).toBe('9999-12-31');
    expect(addAge('9999-06-01', parseAgeOffset('1Y'))).toBe('9999-12-31');
    expect(calendarDaysBetween('0000-01-01', '0001-01-01')).toBe(366);
  });

  it('refuses what is not a day', () => {
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(() => addDaysTo('2026-13-01', 1)).toThrow(RangeError);
  });

  it('counts whole months of age', () => {
    expect(ageInMonths('2026-01-31', '2026-02-27')).toBe(0);
    expect(ageInMonths('2026-01-31', '2026-02-28')).toBe(1);
    expect(ageInMonths('2026-09-06', '2026-12-05')).toBe(2);
    expect(ageInMonths('2026-09-06', '2026-12-06')).toBe(3);
  });

  it('agrees with Date on days added, across four centuries', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 146_096 }), fc.integer({ min: -4000, max: 4000 }), (offset, add) => {
        const day = new Date(Date.UTC(2000, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
        const expected = new Date(Date.parse(`${day}T00:00:00Z`) + add * 86_400_000).toISOString().slice(0, 10);
        expect(addDaysTo(day, add)).toBe(expected);
        expect(calendarDaysBetween(day, expected)).toBe(add);
      }),
    );
  });
});

describe('ageWindow: a window as days for a date of birth', () => {
  const born = '2026-03-15';
  it.each([
    ['birth', '2026-03-15', '2026-03-15'],
    ['0D-1D', '2026-03-15', '2026-03-16'],
    ['6W', '2026-04-26', '2026-05-02'],
    ['2M', '2026-05-15', '2026-06-14'],
    ['18M', '2027-09-15', '2027-10-14'],
    ['12M-15M', '2027-03-15', '2027-07-14'],
    ['1Y-2Y', '2027-03-15', '2029-03-14'],
    ['4Y-6Y', '2030-03-15', '2033-03-14'],
    ['19Y-26Y', '2045-03-15', '2053-03-14'],
    ['5Y+', '2031-03-15', null],
    ['65Y+', '2091-03-15', null],
  ])('%s → %s … %s', (notation, from, until) => expect(ageWindow(notation, born)).toEqual({ from, until }));

  it('has no days for a pregnancy window', () => {
    expect(ageWindow('preg:27W-36W', born)).toBeNull();
    expect(ageWindow('preg', born)).toBeNull();
  });
});

describe('the schedules as data', () => {
  const schedules = VACCINE_SCHEDULE_IDS.map((id) => VACCINE_SCHEDULES[id]);

  it('has both schedules, Vietnam the default, each with its day and an https source', () => {
    expect(DEFAULT_VACCINE_SCHEDULE).toBe('VN-TT10-2024');
    for (const schedule of schedules) {
      expect(schedule.id).toBe(VACCINE_SCHEDULE_IDS.find((id) => id === schedule.id));
      expect(isCalendarDay(schedule.publishedOn)).toBe(true);
      expect(new URL(schedule.source).protocol).toBe('https:');
    }
    expect(VACCINE_SCHEDULES['VN-TT10-2024'].publishedOn).toBe('2024-06-13'); // §5.4 [V10a]
  });

  it.each(schedules.map((schedule) => [schedule.id, schedule] as const))(
    '%s: every notation parses, every number is sourced',
    (_id, schedule) => {
      const vaccines = schedule.entries.map((entry) => entry.vaccineId);
      expect(new Set(vaccines).size).toBe(vaccines.length);
      for (const entry of schedule.entries) {
        expect(VACCINE_IDS).toContain(entry.vaccineId);
        expect(entry.source).toMatch(/§5\.[0-5]/);
        expect(entry.courses.length).toBeGreaterThan(0);
        expect(entry.bands.length).toBeGreaterThan(0);
        expect([...entry.bands]).toEqual(AGE_BANDS.filter((band) => entry.bands.includes(band)));
        if (entry.recurring) {
          expect(entry.courses).toHaveLength(1);
          expect(entry.courses[0]?.doses).toHaveLength(1);
          if (entry.recurring.kind === 'interval') parseAgeOffset(entry.recurring.every);
        }
        const orders = entry.courses.flatMap((course) => course.doses.map((dose) => dose.order));
        expect(new Set(orders).size).toBe(orders.length);
        for (const course of entry.courses) {
          expect(course.doses.length).toBeGreaterThan(0);
          if (course.startAges) expect(parseAgeNotation(course.startAges).kind).toBe('age');
          if (course.completeBy) parseAgeOffset(course.completeBy);
          for (const dose of course.doses) {
            expect(dose.order).toBeGreaterThanOrEqual(1);
            expect(dose.order).toBeLessThan(100); // the dose id's pattern (contracts VaccineDoseIdSchema)
            const notation = parseAgeNotation(dose.ages);
            for (const offset of [dose.minAge, dose.minInterval, dose.minIntervalFromFirst]) if (offset) parseAgeOffset(offset);
            // The band of the age a dose starts at is one of the entry's bands (a pregnancy dose: its course's ages).
            const courseStart = course.startAges ? parseAgeNotation(course.startAges) : null;
            const from = notation.kind === 'age' ? notation.from : courseStart?.kind === 'age' ? courseStart.from : null;
            if (from) {
              const years = from.unit === 'Y' ? from.amount : from.unit === 'M' ? Math.floor(from.amount / 12) : 0;
              const band = years <= 6 ? 'INFANT' : years <= 18 ? 'CHILD' : 'ADULT';
              expect(entry.bands, `${entry.vaccineId}.${dose.order}`).toContain(band);
            }
          }
        }
      }
    },
  );

  it('Vietnam has the EPI vaccines of Circular 10/2024 and CDC does not (§5.4)', () => {
    const vn = VACCINE_SCHEDULES['VN-TT10-2024'].entries.map((entry) => entry.vaccineId);
    const cdc = VACCINE_SCHEDULES['CDC-2025'].entries.map((entry) => entry.vaccineId);
    for (const id of ['bcg', 'dtp_hepb_hib', 'opv', 'measles', 'measles_rubella', 'japanese_encephalitis'] as const) {
      expect(vn).toContain(id);
      expect(cdc).not.toContain(id);
    }
    for (const id of ['pneumococcal', 'hepatitis_a', 'varicella', 'hpv', 'men_acwy', 'influenza'] as const) expect(vn).not.toContain(id);
    // Every vaccine with a fact sheet is in one of them.
    const known = new Set([...vn, ...cdc]);
    expect(VACCINE_IDS.filter((id) => !known.has(id))).toEqual([]);
  });
});
