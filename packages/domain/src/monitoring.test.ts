import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analysisRangeProblem,
  assessReading,
  bloodPressureBand,
  bloodPressureColour,
  bloodPressureProblem,
  bloodSugarBand,
  bloodSugarColour,
  bmiAsiaClass,
  bmiBand,
  bmiColour,
  colourRank,
  computeBmi,
  heartRateBand,
  heartRateColour,
  isMinorOn,
  mgPerDlToMmol,
  mmolToMgPerDl,
  type HealthColour,
} from './monitoring.ts';

const RUNS = { numRuns: 1000 };

/** A value's colour and band, for an `it.each` of [value, colour, band] rows. */
function colourAndBand<B>(colourOf: (value: number) => HealthColour, bandOf: (value: number) => B) {
  return (value: number, colour: HealthColour, band: B) => {
    expect(colourOf(value)).toBe(colour);
    expect(bandOf(value)).toBe(band);
  };
}

/** Moving a value `away` from the normal range (by `step`) never gives it a better colour. */
function neverBetterAway(
  values: fc.Arbitrary<number>,
  steps: fc.Arbitrary<number>,
  away: (value: number, step: number) => number,
  colourOf: (value: number) => HealthColour,
) {
  fc.assert(
    fc.property(values, steps, (value, step) => {
      expect(colourRank(colourOf(away(value, step)))).toBeGreaterThanOrEqual(colourRank(colourOf(value)));
    }),
    RUNS,
  );
}

describe('blood pressure (spec §9, ESC/ESH 2018)', () => {
  it.each([
    // [systolic, diastolic, colour, band]
    [129, 84, 'green', 'normal'],
    [130, 84, 'yellow', 'normal_high'],
    [129, 85, 'yellow', 'normal_high'],
    [139, 89, 'yellow', 'normal_high'],
    [140, 80, 'yellow', 'grade_1'],
    [120, 90, 'yellow', 'grade_1'],
    [159, 99, 'yellow', 'grade_1'],
    [160, 80, 'yellow', 'grade_2'],
    [120, 100, 'yellow', 'grade_2'],
    [179, 109, 'yellow', 'grade_2'],
    [180, 80, 'red', 'emergency'],
    [181, 80, 'red', 'emergency'],
    [120, 110, 'red', 'emergency'],
    [120, 111, 'red', 'emergency'],
    [100, 60, 'green', 'normal'],
  ] as const)('%i/%i mmHg is %s (%s)', (systolic, diastolic, colour, band) => {
    expect(bloodPressureColour(systolic, diastolic)).toBe(colour);
    expect(bloodPressureBand(systolic, diastolic)).toBe(band);
  });

  it('takes the worse of the two values (a high diastolic alone makes it red)', () => {
    expect(bloodPressureColour(110, 112)).toBe('red');
    expect(bloodPressureBand(185, 70)).toBe('emergency');
  });

  it('never gets a better colour when either value rises above the normal range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (s, d, ds, dd) => {
          const before = colourRank(bloodPressureColour(s, d));
          expect(colourRank(bloodPressureColour(s + ds, d))).toBeGreaterThanOrEqual(before);
          expect(colourRank(bloodPressureColour(s, d + dd))).toBeGreaterThanOrEqual(before);
        },
      ),
      RUNS,
    );
  });
});

describe('heart rate (spec §9, 60–100 bpm)', () => {
  it.each([
    [59, 'yellow', 'slow'],
    [60, 'green', 'normal'],
    [61, 'green', 'normal'],
    [99, 'green', 'normal'],
    [100, 'green', 'normal'],
    [101, 'yellow', 'fast'],
  ] as const)('%i bpm is %s (%s)', colourAndBand(heartRateColour, heartRateBand));

  it('never gets a better colour when the rate moves away from 60–100', () => {
    neverBetterAway(
      fc.integer({ min: 1, max: 300 }),
      fc.integer({ min: 0, max: 100 }),
      (rate, step) => (rate < 60 ? Math.max(1, rate - step) : rate > 100 ? rate + step : rate),
      heartRateColour,
    );
  });
});

describe('blood sugar (spec §9, ADA 2025 fasting values)', () => {
  it.each([
    [69, 'red', 'low'],
    [69.9, 'red', 'low'],
    [70, 'green', 'normal'],
    [71, 'green', 'normal'],
    [99, 'green', 'normal'],
    [100, 'green', 'pre_diabetes'],
    [125, 'green', 'pre_diabetes'],
    [125.9, 'green', 'pre_diabetes'],
    [126, 'yellow', 'diabetes'],
    [127, 'yellow', 'diabetes'],
    [299, 'yellow', 'diabetes'],
    [300, 'yellow', 'diabetes'],
    [300.1, 'red', 'diabetes'],
    [301, 'red', 'diabetes'],
  ] as const)('%d mg/dL is %s (%s)', colourAndBand(bloodSugarColour, bloodSugarBand));

  it('never gets a better colour when the value moves away from the normal range (below 70 down, above it up)', () => {
    neverBetterAway(
      fc.double({ min: 1, max: 2000, noNaN: true }),
      fc.double({ min: 0, max: 500, noNaN: true }),
      (value, step) => (value < 70 ? Math.max(0.1, value - step) : value + step),
      bloodSugarColour,
    );
  });

  it('converts with 1 mmol/L = 18 mg/dL, one decimal, matching ADA’s own pairs', () => {
    expect(mmolToMgPerDl(7)).toBe(126);
    expect(mmolToMgPerDl(3.9)).toBe(70.2);
    expect(mgPerDlToMmol(126)).toBe(7);
    expect(mgPerDlToMmol(70)).toBe(3.9);
    expect(mgPerDlToMmol(100)).toBe(5.6);
    expect(mgPerDlToMmol(200)).toBe(11.1);
  });
});

describe('BMI (spec §9, WHO and the Asia-Pacific class)', () => {
  it.each([
    [18.4, 'yellow', 'underweight', 'underweight'],
    [18.5, 'green', 'normal', 'normal'],
    [18.6, 'green', 'normal', 'normal'],
    [22.9, 'green', 'normal', 'normal'],
    [23, 'green', 'normal', 'overweight'],
    [24.9, 'green', 'normal', 'overweight'],
    [25, 'yellow', 'overweight', 'obese_1'],
    [25.1, 'yellow', 'overweight', 'obese_1'],
    [29.9, 'yellow', 'overweight', 'obese_1'],
    [30, 'red', 'obese', 'obese_2'],
    [30.1, 'red', 'obese', 'obese_2'],
  ] as const)('%d kg/m² is %s (%s; Asia-Pacific %s)', (bmi, colour, band, asia) => {
    expect(bmiColour(bmi)).toBe(colour);
    expect(bmiBand(bmi)).toBe(band);
    expect(bmiAsiaClass(bmi)).toBe(asia);
  });

  it('is weight over height squared, one decimal', () => {
    expect(computeBmi(160, 56)).toBe(21.9);
    expect(computeBmi(170, 86.7)).toBe(30);
    expect(computeBmi(155, 44.4)).toBe(18.5);
    expect(() => computeBmi(0, 50)).toThrow(RangeError);
    expect(() => computeBmi(160, -1)).toThrow(RangeError);
  });

  it('never gets a better colour when the BMI moves away from 18.5–24.9', () => {
    neverBetterAway(
      fc.double({ min: 5, max: 100, noNaN: true }),
      fc.double({ min: 0, max: 50, noNaN: true }),
      (bmi, step) => (bmi < 18.5 ? Math.max(1, bmi - step) : bmi >= 25 ? bmi + step : bmi),
      bmiColour,
    );
  });

  it('computes a BMI that rises with weight and falls with height', () => {
    fc.assert(
      fc.property(fc.integer({ min: 50, max: 250 }), fc.integer({ min: 3, max: 400 }), (height, weight) => {
        expect(computeBmi(height, weight + 1)).toBeGreaterThanOrEqual(computeBmi(height, weight));
        expect(computeBmi(height + 1, weight)).toBeLessThanOrEqual(computeBmi(height, weight));
      }),
      RUNS,
    );
  });
});

describe('a reading', () => {
  it('needs systolic, diastolic and heart rate together, the diastolic below the systolic', () => {
    expect(bloodPressureProblem({ systolic: null, diastolic: null, heartRate: null })).toBeNull();
    expect(bloodPressureProblem({ systolic: 120, diastolic: 80, heartRate: 70 })).toBeNull();
    expect(bloodPressureProblem({ systolic: 120, diastolic: 80, heartRate: null })).toBe('incomplete');
    expect(bloodPressureProblem({ systolic: 120, diastolic: null, heartRate: 70 })).toBe('incomplete');
    expect(bloodPressureProblem({ systolic: null, diastolic: null, heartRate: 70 })).toBe('incomplete');
    expect(bloodPressureProblem({ systolic: 80, diastolic: 80, heartRate: 70 })).toBe('diastolic_not_below');
  });

  it('is assessed per measure present; under 18, blood pressure, heart rate and BMI show no band, saying why', () => {
    const values = { systolic: 182, diastolic: 90, heartRate: 110, bloodSugar: 65, bmi: 31 };
    expect(assessReading(values, false)).toEqual({
      bloodPressure: { band: 'emergency', colour: 'red' },
      heartRate: { band: 'fast', colour: 'yellow' },
      bloodSugar: { band: 'low', colour: 'red' },
      bmi: { band: 'obese', colour: 'red', asiaPacific: 'obese_2' },
    });
    expect(assessReading(values, true)).toEqual({
      bloodPressure: { band: null, colour: null, reason: 'under_18' },
      heartRate: { band: null, colour: null, reason: 'under_18' },
      bloodSugar: { band: 'low', colour: 'red' },
      bmi: { band: null, colour: null, reason: 'under_18', asiaPacific: null },
    });
    expect(assessReading({ systolic: null, diastolic: null, heartRate: null, bloodSugar: 90, bmi: null }, false)).toEqual({
      bloodSugar: { band: 'normal', colour: 'green' },
    });
  });

  it('counts a person as under 18 until their 18th birthday', () => {
    expect(isMinorOn('2008-11-25', '2026-11-24')).toBe(true);
    expect(isMinorOn('2008-11-25', '2026-11-25')).toBe(false);
  });
});

describe('the analysis range (spec §5: end after start, at most 365 days apart)', () => {
  it('accepts 0 to 365 days and refuses 366 or an end before the start', () => {
    expect(analysisRangeProblem('2026-01-01', '2026-01-01')).toBeNull();
    expect(analysisRangeProblem('2025-01-01', '2026-01-01')).toBeNull();
    expect(analysisRangeProblem('2024-01-01', '2024-12-31')).toBeNull();
    expect(analysisRangeProblem('2024-01-01', '2025-01-01')).toBe('range_too_long');
    expect(analysisRangeProblem('2026-01-02', '2026-01-01')).toBe('end_before_start');
  });
});
