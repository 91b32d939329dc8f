import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assessNutrition,
  glim,
  MUSCLE_DEFICITS,
  nrs2002,
  nrsNutritionalStatusScore,
  nrsRiskLevel,
  NRS_INTAKE_BANDS,
  NUTRITION_CONCLUSIONS,
  nutritionConclusion,
  weightLossPercent,
  type GlimInput,
  type NutritionMeasures,
} from './nutrition.ts';

const noEtiology = { noEating5Days: false, reducedEating1Week: false, chronicDigestiveDisease: false, inflammation: false };
const base: GlimInput = { ageYears: 50, muscleDeficit: 'none', peripheralOedema: false, ...noEtiology };

describe('NRS-2002 (reference §4.2)', () => {
  it('maps the total to the four risk levels: 0–2 none, 3–4 moderate, 5 high, 6–7 very high', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(nrsRiskLevel)).toEqual([
      'none',
      'none',
      'none',
      'moderate',
      'moderate',
      'high',
      'veryHigh',
      'veryHigh',
    ]);
  });

  it('adds a point at 70, not at 69', () => {
    expect(nrs2002(2, 1, 69)).toEqual({ nutritionalStatus: 2, diseaseSeverity: 1, agePoint: 0, total: 3, level: 'moderate' });
    expect(nrs2002(2, 1, 70)).toMatchObject({ agePoint: 1, total: 4, level: 'moderate' });
    expect(nrs2002(3, 3, 80)).toMatchObject({ total: 7, level: 'veryHigh' });
  });

  it('refuses a part outside 0–3', () => {
    expect(() => nrs2002(4, 0, 30)).toThrow(RangeError);
    expect(() => nrs2002(1.5, 0, 30)).toThrow(RangeError);
    expect(() => nrs2002(0, -1, 30)).toThrow(RangeError);
  });

  it('grades the nutritional status by its highest row: loss by period, BMI with an impaired condition, intake', () => {
    const none = { weightLossMonths: 3, impairedGeneralCondition: false, intake: 'normal' } as const;
    expect(nrsNutritionalStatusScore(none)).toBe(0);
    expect(nrsNutritionalStatusScore({ ...none, weightLossPercent: 5 })).toBe(0);
    expect(nrsNutritionalStatusScore({ ...none, weightLossPercent: 6 })).toBe(1);
    expect(nrsNutritionalStatusScore({ ...none, weightLossPercent: 6, weightLossMonths: 2 })).toBe(2);
    expect(nrsNutritionalStatusScore({ ...none, weightLossPercent: 6, weightLossMonths: 1 })).toBe(3);
    expect(nrsNutritionalStatusScore({ ...none, weightLossPercent: 16 })).toBe(3);
    expect(nrsNutritionalStatusScore({ ...none, bmi: 19 })).toBe(0);
    expect(nrsNutritionalStatusScore({ ...none, bmi: 19, impairedGeneralCondition: true })).toBe(2);
    expect(nrsNutritionalStatusScore({ ...none, bmi: 18.4, impairedGeneralCondition: true })).toBe(3);
    expect(nrsNutritionalStatusScore({ ...none, bmi: 20.5, impairedGeneralCondition: true })).toBe(0);
    expect(NRS_INTAKE_BANDS.map((intake) => nrsNutritionalStatusScore({ ...none, intake }))).toEqual([0, 1, 2, 3]);
  });

  it('computes the weight lost as a share of the earlier weight, a gain as none', () => {
    expect(weightLossPercent(60, 54)).toBe(10);
    expect(weightLossPercent(70, 66.5)).toBe(5);
    expect(weightLossPercent(50, 51)).toBe(0);
    expect(() => weightLossPercent(0, 50)).toThrow(RangeError);
  });

  it('keeps the total the sum of its parts and the level rising with it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 120 }), (a, b, age) => {
        const score = nrs2002(a, b, age);
        expect(score.total).toBe(a + b + (age >= 70 ? 1 : 0));
        expect(score.level).toBe(nrsRiskLevel(score.total));
      }),
    );
  });
});

describe('GLIM (reference §4.3)', () => {
  it('diagnoses with the Asian BMI row by age: below 18.5 under 70, below 20 at 70 or older', () => {
    const eating = { ...base, reducedEating1Week: true };
    expect(glim({ ...eating, bmi: 18.4 })).toMatchObject({ malnourished: true, phenotype: ['lowBmi'] });
    expect(glim({ ...eating, bmi: 19 })).toMatchObject({ malnourished: false, phenotype: [] });
    expect(glim({ ...eating, ageYears: 70, bmi: 19.9 })).toMatchObject({ malnourished: true, phenotype: ['lowBmi'] });
    expect(glim({ ...eating, ageYears: 70, bmi: 20 }).malnourished).toBe(false);
  });

  it('needs a phenotypic and an etiologic criterion', () => {
    expect(glim({ ...base, weightLossPercent: 8 })).toEqual({ phenotype: ['weightLoss'], etiology: [], malnourished: false });
    expect(glim({ ...base, inflammation: true, chronicDigestiveDisease: true })).toEqual({
      phenotype: [],
      etiology: ['chronicDigestiveDisease', 'inflammation'],
      malnourished: false,
    });
    expect(glim({ ...base, muscleDeficit: 'moderate', noEating5Days: true })).toMatchObject({ malnourished: true });
  });

  it('records peripheral oedema with the phenotype but never diagnoses on it alone', () => {
    expect(glim({ ...base, peripheralOedema: true, inflammation: true })).toEqual({
      phenotype: ['peripheralOedema'],
      etiology: ['inflammation'],
      malnourished: false,
    });
  });

  it('grades severity with the general table: loss over 10 %, BMI below 18.5 / 20, a severe muscle deficit', () => {
    const ill = { ...base, inflammation: true };
    expect(glim({ ...ill, weightLossPercent: 10 }).severity).toBe('moderate');
    expect(glim({ ...ill, weightLossPercent: 10.1 }).severity).toBe('severe');
    expect(glim({ ...ill, bmi: 18.2 }).severity).toBe('severe');
    expect(glim({ ...ill, ageYears: 75, bmi: 19.5 }).severity).toBe('severe');
    expect(glim({ ...ill, muscleDeficit: 'moderate' }).severity).toBe('moderate');
    expect(glim({ ...ill, muscleDeficit: 'severe' }).severity).toBe('severe');
    expect(glim({ ...base, muscleDeficit: 'severe' }).severity).toBeUndefined();
  });

  it('has a severity exactly when it diagnoses, and diagnoses only on a GLIM phenotype with an etiology', () => {
    fc.assert(
      fc.property(
        fc.record({
          ageYears: fc.integer({ min: 18, max: 110 }),
          bmi: fc.option(fc.double({ min: 10, max: 40, noNaN: true }), { nil: undefined }),
          weightLossPercent: fc.option(fc.double({ min: 0, max: 40, noNaN: true }), { nil: undefined }),
          muscleDeficit: fc.constantFrom(...MUSCLE_DEFICITS),
          peripheralOedema: fc.boolean(),
          noEating5Days: fc.boolean(),
          reducedEating1Week: fc.boolean(),
          chronicDigestiveDisease: fc.boolean(),
          inflammation: fc.boolean(),
        }),
        (input) => {
          const result = glim(input);
          expect(result.severity !== undefined).toBe(result.malnourished);
          expect(result.malnourished).toBe(result.phenotype.some((c) => c !== 'peripheralOedema') && result.etiology.length > 0);
        },
      ),
    );
  });
});

describe('the conclusion and the whole assessment', () => {
  it('is one of eight combinations of the diagnosis and the risk level', () => {
    expect(new Set(NUTRITION_CONCLUSIONS).size).toBe(8);
    expect(nutritionConclusion(true, 'high')).toBe('malnourished.high');
    expect(nutritionConclusion(false, 'none')).toBe('notMalnourished.none');
  });

  it('computes BMI, the loss rate, NRS-2002, GLIM and the conclusion from what the form holds', () => {
    const measures: NutritionMeasures = {
      heightCm: 160,
      weightKg: 45,
      weightThreeMonthsAgoKg: 50,
      weightLossMonths: 3,
      impairedGeneralCondition: false,
      intake: '50to75',
      diseaseSeverity: 1,
      muscleDeficit: 'none',
      peripheralOedema: false,
      ...noEtiology,
      reducedEating1Week: true,
    };
    expect(assessNutrition(measures, 72)).toEqual({
      bmi: 17.6,
      weightLossPercent: 10,
      nrs: { nutritionalStatus: 1, diseaseSeverity: 1, agePoint: 1, total: 3, level: 'moderate' },
      glim: { phenotype: ['weightLoss', 'lowBmi'], etiology: ['reducedEating1Week'], malnourished: true, severity: 'severe' },
      conclusion: 'malnourished.moderate',
    });
    const healthy = assessNutrition(
      { ...measures, weightKg: 60, weightThreeMonthsAgoKg: undefined, intake: 'normal', diseaseSeverity: 0 },
      40,
    );
    expect(healthy).toMatchObject({ bmi: 23.4, weightLossPercent: undefined, conclusion: 'notMalnourished.none' });
  });
});
