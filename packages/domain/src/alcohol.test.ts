import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALCOHOL_PENALTIES,
  type AlcoholInput,
  alcoholAt,
  alcoholCurve,
  alcoholEffectLevel,
  alcoholFallsTo,
  breathFromBlood,
  DRINK_KINDS,
  DRINK_PRESETS,
  estimateAlcohol,
  gramsOfAlcohol,
  penaltyLevelOfBlood,
  penaltyLevelOfBreath,
  VEHICLES,
} from './alcohol.ts';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-12-05T12:00:00Z');
const beerCans = (count: number) => [{ abv: 5, volumeMl: 330, count }];
const oneSession = (over: Partial<AlcoholInput> = {}): AlcoholInput => ({
  sessions: [{ start: T0, drinks: beerCans(2) }],
  end: T0,
  sex: 'male',
  weightKg: 70,
  ...over,
});

describe('grams of alcohol (domain-rules §1.1)', () => {
  it('gives the reference worked values', () => {
    expect(gramsOfAlcohol(330, 5)).toBeCloseTo(13.0, 1);
    expect(gramsOfAlcohol(30, 40)).toBeCloseTo(9.5, 1);
    expect(gramsOfAlcohol(150, 12)).toBeCloseTo(14.2, 1);
  });

  it('has a default strength for every drink but "other", and a serving for each', () => {
    for (const kind of DRINK_KINDS.filter((k) => k !== 'other')) {
      expect(DRINK_PRESETS[kind].abv, kind).toBeGreaterThan(0);
      expect(DRINK_PRESETS[kind].servings.length, kind).toBeGreaterThan(0);
    }
    expect(DRINK_PRESETS.other.abv).toBeNull();
    expect(DRINK_PRESETS.beer.abv).toBe(5);
    expect(DRINK_PRESETS.riceSpirit.abv).toBe(40);
  });
});

describe('the Widmark estimate (domain-rules §1.2 worked example)', () => {
  it('a 70 kg man after two 330 ml cans of 5 % beer: peak about 55 mg/100 ml, 40 after 1 h, 25 after 2 h, zero after about 3.6 h', () => {
    const estimate = estimateAlcohol(oneSession(), T0);
    expect(estimate.grams).toBeCloseTo(26.0, 1);
    expect(estimate.peak.mgPer100ml).toBeCloseTo(54.7, 1);
    expect(alcoholAt(estimate.points, T0 + HOUR)).toBeCloseTo(39.7, 1);
    expect(alcoholAt(estimate.points, T0 + 2 * HOUR)).toBeCloseTo(24.7, 1);
    expect((estimate.zero - T0) / HOUR).toBeCloseTo(3.65, 2);
  });

  it('a 55 kg woman after the same drinks: peak about 86 mg/100 ml', () => {
    expect(estimateAlcohol(oneSession({ sex: 'female', weightKg: 55 }), T0).peak.mgPer100ml).toBeCloseTo(86.1, 1);
  });

  it('gives the times the levels are left: below 80, below 50 and zero', () => {
    const estimate = estimateAlcohol(oneSession({ sex: 'female', weightKg: 55 }), T0);
    expect((estimate.below80 - T0) / HOUR).toBeCloseTo((86.08 - 80) / 15, 2);
    expect((estimate.below50 - T0) / HOUR).toBeCloseTo((86.08 - 50) / 15, 2);
    expect((estimate.zero - T0) / HOUR).toBeCloseTo(86.08 / 15, 2);
  });

  it('a level never reached is left at the start', () => {
    const estimate = estimateAlcohol(oneSession(), T0);
    expect(estimate.below80).toBe(T0);
    expect(estimate.below50).toBeGreaterThan(T0);
  });

  it('adds a second session on what is left of the first', () => {
    const input = oneSession({
      sessions: [
        { start: T0, drinks: beerCans(2) },
        { start: T0 + 2 * HOUR, drinks: beerCans(2) },
      ],
      end: T0 + 2 * HOUR,
    });
    const points = alcoholCurve(input);
    // 54.7 − 30 = 24.7 left at 2 h, then another 54.7 at once.
    expect(alcoholAt(points, T0 + 2 * HOUR)).toBeCloseTo(79.4, 1);
    expect(estimateAlcohol(input, T0).peak.mgPer100ml).toBeCloseTo(79.4, 1);
    expect(((points.at(-1)?.time ?? 0) - T0) / HOUR).toBeCloseTo(2 + 79.4 / 15, 2);
  });

  it('starts again from zero when the first session has worn off', () => {
    const points = alcoholCurve(
      oneSession({
        sessions: [
          { start: T0, drinks: beerCans(1) },
          { start: T0 + 6 * HOUR, drinks: beerCans(1) },
        ],
        end: T0 + 6 * HOUR,
      }),
    );
    expect(alcoholAt(points, T0 + 3 * HOUR)).toBe(0);
    expect(alcoholAt(points, T0 + 6 * HOUR)).toBeCloseTo(27.35, 1);
  });

  it('spreads a session over the time until drinking ended, so it peaks lower, and ends when taken at once would have ended', () => {
    const atOnce = estimateAlcohol(oneSession({ sessions: [{ start: T0, drinks: beerCans(6) }] }), T0);
    const spread = estimateAlcohol(oneSession({ sessions: [{ start: T0, drinks: beerCans(6) }], end: T0 + 3 * HOUR }), T0);
    // 164 mg/100 ml over 3 h, less 45 eliminated meanwhile: 119 when drinking ended; elimination never paused, so zero comes
    // at the same time.
    expect(spread.peak.mgPer100ml).toBeCloseTo(164.1 - 45, 0);
    expect(spread.atEnd).toBeCloseTo(119.1, 0);
    expect(spread.peak.mgPer100ml).toBeLessThan(atOnce.peak.mgPer100ml);
    expect(spread.zero).toBeCloseTo(atOnce.zero, -3);
  });

  it('keeps a slow sip at zero: what comes in slower than it leaves never builds up', () => {
    // One 330 ml can over 2 hours: 27 mg/100 ml in at 13.7 per hour, below β.
    const estimate = estimateAlcohol(oneSession({ sessions: [{ start: T0, drinks: beerCans(1) }], end: T0 + 2 * HOUR }), T0);
    expect(estimate.peak.mgPer100ml).toBe(0);
    expect(estimate.zero).toBe(T0 + 2 * HOUR);
  });

  it('is zero before the first drink and after the end', () => {
    const points = alcoholCurve(oneSession());
    expect(alcoholAt(points, T0 - HOUR)).toBe(0);
    expect(alcoholAt(points, T0 + 10 * HOUR)).toBe(0);
  });

  it('holds for any drinks, sessions and body: never negative, back to zero, peak no more than all of it at once', () => {
    const drink = fc.record({
      abv: fc.double({ min: 0.5, max: 100, noNaN: true }),
      volumeMl: fc.integer({ min: 10, max: 10_000 }),
      count: fc.integer({ min: 1, max: 50 }),
    });
    const session = fc.record({
      offsetMinutes: fc.integer({ min: 0, max: 24 * 60 }),
      drinks: fc.array(drink, { minLength: 1, maxLength: 5 }),
    });
    fc.assert(
      fc.property(
        fc.array(session, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 24 * 60 }),
        fc.constantFrom('male' as const, 'female' as const),
        fc.integer({ min: 20, max: 300 }),
        (sessions, extraMinutes, sex, weightKg) => {
          const withStarts = sessions.map((s) => ({ start: T0 + s.offsetMinutes * 60_000, drinks: s.drinks }));
          const end = Math.max(...withStarts.map((s) => s.start)) + extraMinutes * 60_000;
          const input = { sessions: withStarts, end, sex, weightKg };
          const estimate = estimateAlcohol(input, end);
          const allAtOnce = (estimate.grams / ((sex === 'male' ? 0.68 : 0.55) * weightKg)) * 100;
          expect(estimate.points.every((p) => p.mgPer100ml >= 0 && Number.isFinite(p.mgPer100ml))).toBe(true);
          expect(estimate.points.at(-1)?.mgPer100ml).toBe(0);
          expect(estimate.peak.mgPer100ml).toBeLessThanOrEqual(allAtOnce + 1e-6);
          expect(estimate.zero).toBeGreaterThanOrEqual(estimate.below50);
          expect(estimate.below50).toBeGreaterThanOrEqual(estimate.below80);
          const times = estimate.points.map((p) => p.time);
          expect(times).toEqual([...times].sort((a, b) => a - b));
        },
      ),
    );
  });

  it('finds the crossing on a falling line', () => {
    const points = [
      { time: 0, mgPer100ml: 0 },
      { time: 0, mgPer100ml: 100 },
      { time: 1000, mgPer100ml: 0 },
    ];
    expect(alcoholFallsTo(points, 50)).toBe(500);
    expect(alcoholFallsTo(points, 100)).toBe(0);
  });
});

describe('blood and breath (domain-rules §1.3)', () => {
  it('converts at 2000:1, so the legal pairs match', () => {
    expect(breathFromBlood(50)).toBe(0.25);
    expect(breathFromBlood(80)).toBe(0.4);
    expect(breathFromBlood(100)).toBe(0.5);
  });
});

describe('effect levels (spec §4, domain-rules §1.5)', () => {
  it.each([
    [0, 'none'],
    [0.1, 'slight'],
    [49.9, 'slight'],
    [50, 'average'],
    [79.9, 'average'],
    [80, 'severe'],
    [299.9, 'severe'],
    [300, 'lifeThreatening'],
    [450, 'lifeThreatening'],
  ] as const)('%s mg/100 ml is %s', (mg, level) => {
    expect(alcoholEffectLevel(mg)).toBe(level);
  });
});

describe('penalty levels of Decree 168/2024 (domain-rules §2.2)', () => {
  it.each([
    [0, 0, 0],
    [0.1, 0.0005, 1],
    [50, 0.25, 1],
    [50.01, 0.2501, 2],
    [80, 0.4, 2],
    [80.01, 0.4001, 3],
    [300, 1.5, 3],
  ] as const)('blood %s mg/100 ml and breath %s mg/L are level %s', (blood, breath, level) => {
    expect(penaltyLevelOfBlood(blood)).toBe(level);
    expect(penaltyLevelOfBreath(breath)).toBe(level);
    expect(penaltyLevelOfBreath(breathFromBlood(blood))).toBe(level);
  });

  it('fines and licences per vehicle and level, with clauses', () => {
    expect(ALCOHOL_PENALTIES.car[1]).toEqual({
      fine: { min: 6_000_000, max: 8_000_000 },
      licence: { points: 4, clause: '6.16.b' },
      clause: '6.6.c',
    });
    expect(ALCOHOL_PENALTIES.car[2].fine).toEqual({ min: 18_000_000, max: 20_000_000 });
    expect(ALCOHOL_PENALTIES.car[3].licence).toEqual({ suspendedMonths: { min: 22, max: 24 }, clause: '6.15.c' });
    expect(ALCOHOL_PENALTIES.motorbike[1].fine).toEqual({ min: 2_000_000, max: 3_000_000 });
    expect(ALCOHOL_PENALTIES.motorbike[2].licence).toEqual({ points: 10, clause: '7.13.d' });
    expect(ALCOHOL_PENALTIES.motorbike[3].fine).toEqual({ min: 8_000_000, max: 10_000_000 });
    expect(ALCOHOL_PENALTIES.bicycle[1].fine).toEqual({ min: 100_000, max: 200_000 });
    expect(ALCOHOL_PENALTIES.bicycle[3].fine).toEqual({ min: 400_000, max: 600_000 });
    for (const vehicle of VEHICLES) {
      expect(ALCOHOL_PENALTIES[vehicle][1].fine.max).toBeLessThanOrEqual(ALCOHOL_PENALTIES[vehicle][2].fine.min);
      expect(ALCOHOL_PENALTIES[vehicle][2].fine.max).toBeLessThanOrEqual(ALCOHOL_PENALTIES[vehicle][3].fine.min);
    }
    expect(VEHICLES.map((v) => ALCOHOL_PENALTIES[v][1].licence === null)).toEqual([false, false, true]);
  });
});
