/**
 * The nutrition assessment (spec §1 "nutrition assessment and plan history", §2 the six-section popup, §3 the nutrition
 * record): screening with NRS-2002, then diagnosis with GLIM, as shared/reference/domain-rules.md §4 describes — the
 * source tags ([N1], [N2a], …) are listed there. Pure: the age is a parameter (`ageInYears(dateOfBirth, examDay)`).
 *
 * The scores are computed here for the form as it is filled and again on the server, which stores what it computed,
 * never what a client sent.
 */
import { computeBmi } from './monitoring.ts';

/* ---------- NRS-2002 [N2a], [N2c] ---------- */

/** At this age one point is added to the NRS-2002 total [N2a]. */
export const NRS_AGE_POINT_FROM = 70;
/** A total at or above this is "at nutritional risk": start a care plan; below it, screen again weekly [N2a], [N2c]. */
export const NRS_AT_RISK_FROM = 3;
/** The most points each part can give [N2a]. */
export const NRS_PART_MAX = 3;
export const NRS_TOTAL_MAX = 2 * NRS_PART_MAX + 1;

/** Spec §3's four risk levels. */
export const NUTRITION_RISK_LEVELS = ['none', 'moderate', 'high', 'veryHigh'] as const;
export type NutritionRiskLevel = (typeof NUTRITION_RISK_LEVELS)[number];

/**
 * The total's level, reference §4.2's proposed mapping (ours, not a published scale): 0–2 none (below the ≥ 3 cut-off
 * [N2a]), 3–4 moderate and 5 high (one hospital protocol's labels [N2c]), 6–7 very high (ESPEN's NRS > 5 marks severe
 * risk [N2d]).
 */
export function nrsRiskLevel(total: number): NutritionRiskLevel {
  if (total < NRS_AT_RISK_FROM) return 'none';
  if (total <= 4) return 'moderate';
  if (total === 5) return 'high';
  return 'veryHigh';
}

/** How much of what the person needs they ate in the past week, as NRS-2002 grades it [N2a]. */
export const NRS_INTAKE_BANDS = ['normal', '50to75', '25to50', '0to25'] as const;
export type NrsIntakeBand = (typeof NRS_INTAKE_BANDS)[number];
/** Within how many months the weight was lost (NRS-2002 grades > 5 % in 3, 2 or 1 months) [N2a]. */
export const WEIGHT_LOSS_PERIODS_MONTHS = [3, 2, 1] as const;
export type WeightLossPeriod = (typeof WEIGHT_LOSS_PERIODS_MONTHS)[number];

/** NRS-2002 and GLIM count a loss of more than 5 % [N2a], [N1]. */
export const WEIGHT_LOSS_SIGNIFICANT_ABOVE_PERCENT = 5;
/** NRS-2002's BMI rows: below 18.5 severe, 18.5–20.5 moderate, each with an impaired general condition [N2a]. */
/** More than 5 % in one month is about more than 15 % in three: the severe row either way [N2a]. */
export const NRS_SEVERE_LOSS_IN_3_MONTHS_ABOVE_PERCENT = 15;
export const NRS_BMI_SEVERE_BELOW = 18.5;
export const NRS_BMI_MODERATE_BELOW = 20.5;

export interface NrsStatusInput {
  /** % of the earlier weight lost, from `weightLossPercent`; absent when the earlier weight is not known. */
  weightLossPercent?: number;
  /** Within how many months it was lost. */
  weightLossMonths: WeightLossPeriod;
  bmi?: number;
  impairedGeneralCondition: boolean;
  intake: NrsIntakeBand;
}

/** The impaired-nutritional-status part (0–3): the highest row the person meets [N2a]. */
export function nrsNutritionalStatusScore(input: NrsStatusInput): number {
  let score = 0;
  if (input.weightLossPercent !== undefined && input.weightLossPercent > WEIGHT_LOSS_SIGNIFICANT_ABOVE_PERCENT) {
    score = Math.max(score, { 3: 1, 2: 2, 1: 3 }[input.weightLossMonths]);
    if (input.weightLossPercent > NRS_SEVERE_LOSS_IN_3_MONTHS_ABOVE_PERCENT) score = 3;
  }
  if (input.bmi !== undefined && input.impairedGeneralCondition) {
    if (input.bmi < NRS_BMI_SEVERE_BELOW) score = Math.max(score, 3);
    else if (input.bmi < NRS_BMI_MODERATE_BELOW) score = Math.max(score, 2);
  }
  return Math.max(score, NRS_INTAKE_BANDS.indexOf(input.intake));
}

export interface NrsScore {
  nutritionalStatus: number;
  diseaseSeverity: number;
  /** 1 at 70 or older [N2a]. */
  agePoint: number;
  total: number;
  level: NutritionRiskLevel;
}

/** NRS-2002: nutritional status (0–3) + disease severity (0–3) + 1 at 70 or older [N2a], [N2c]. */
export function nrs2002(nutritionalStatus: number, diseaseSeverity: number, ageYears: number): NrsScore {
  for (const part of [nutritionalStatus, diseaseSeverity]) {
    if (!Number.isInteger(part) || part < 0 || part > NRS_PART_MAX) throw new RangeError('an NRS-2002 part is 0–3');
  }
  const agePoint = ageYears >= NRS_AGE_POINT_FROM ? 1 : 0;
  const total = nutritionalStatus + diseaseSeverity + agePoint;
  return { nutritionalStatus, diseaseSeverity, agePoint, total, level: nrsRiskLevel(total) };
}

/** % of the earlier weight lost, one decimal; a gain is 0 (spec §3 "weight-loss rate over 3 months"). */
export function weightLossPercent(earlierKg: number, nowKg: number): number {
  if (!(earlierKg > 0) || !(nowKg > 0)) throw new RangeError('weights must be above 0');
  const lost = ((earlierKg - nowKg) / earlierKg) * 100;
  return lost <= 0 ? 0 : Math.round((lost + Number.EPSILON) * 10) / 10;
}

/* ---------- GLIM [N1], [N1b], [N1c] ---------- */

/** The age from which GLIM's BMI cut-offs are higher [N1]. */
export const GLIM_OLDER_FROM_AGE = 70;
/**
 * Low BMI for the diagnosis, the Asian row (reference §4.3: applied to Vietnamese users): < 18.5 under 70, < 20 at 70
 * or older [N1]. These are spec §3's two criteria "BMI under 18.5" and "BMI under 20".
 */
export const GLIM_ASIA_LOW_BMI_BELOW = { younger: 18.5, older: 20 } as const;
/**
 * The severity table as published, with the general BMI cut-offs [N1b], [N1c]: stage 1 (moderate) below 20 / 22,
 * stage 2 (severe) below 18.5 / 20 (under 70 / 70 or older); weight loss 5–10 % within 6 months moderate, more severe.
 */
export const GLIM_SEVERITY_BMI_BELOW = {
  moderate: { younger: 20, older: 22 },
  severe: { younger: 18.5, older: 20 },
} as const;
export const GLIM_SEVERE_WEIGHT_LOSS_ABOVE_PERCENT = 10;
/** Which BMI table each part of the decision used (reference §4.3: flag it). */
export const GLIM_TABLES = { diagnosis: 'asia', severity: 'general' } as const;

export const MUSCLE_DEFICITS = ['none', 'moderate', 'severe'] as const;
export type MuscleDeficit = (typeof MUSCLE_DEFICITS)[number];

/** Spec §3's criteria, grouped as GLIM groups them; each is a box on the form. */
export const PHENOTYPE_CRITERIA = ['weightLoss', 'lowBmi', 'muscleAtrophy', 'peripheralOedema'] as const;
export type PhenotypeCriterion = (typeof PHENOTYPE_CRITERIA)[number];
export const ETIOLOGY_CRITERIA = ['noEating5Days', 'reducedEating1Week', 'chronicDigestiveDisease', 'inflammation'] as const;
export type EtiologyCriterion = (typeof ETIOLOGY_CRITERIA)[number];

/** What the examiner answers of GLIM's criteria on the form (sections 2 and 3); the rest is computed. */
export interface GlimAnswers {
  muscleDeficit: MuscleDeficit;
  peripheralOedema: boolean;
  noEating5Days: boolean;
  reducedEating1Week: boolean;
  chronicDigestiveDisease: boolean;
  inflammation: boolean;
}

export interface GlimInput extends GlimAnswers {
  ageYears: number;
  bmi?: number;
  /** % lost within the last 3 months (spec §3's rate); within 6 months for GLIM [N1]. */
  weightLossPercent?: number;
}

export const GLIM_SEVERITIES = ['moderate', 'severe'] as const;
export type GlimSeverity = (typeof GLIM_SEVERITIES)[number];

export interface GlimResult {
  phenotype: PhenotypeCriterion[];
  etiology: EtiologyCriterion[];
  malnourished: boolean;
  /** Stage 1 (moderate) or 2 (severe), only when malnourished [N1b]. */
  severity?: GlimSeverity;
}

function olderOrYounger(ageYears: number): 'older' | 'younger' {
  return ageYears >= GLIM_OLDER_FROM_AGE ? 'older' : 'younger';
}

/**
 * GLIM: malnourished with at least one phenotypic and one etiologic criterion [N1]. Peripheral oedema is recorded with
 * the phenotype (spec §3 lists it) but is not one of GLIM's criteria, so it never makes the diagnosis; no eating for 5
 * days counts as reduced intake, as a week at ≤ 50 % does. Severity uses the phenotypic criterion that reaches the
 * higher stage [N1b].
 */
export function glim(input: GlimInput): GlimResult {
  const age = olderOrYounger(input.ageYears);
  const lowBmi = input.bmi !== undefined && input.bmi < GLIM_ASIA_LOW_BMI_BELOW[age];
  const lost = input.weightLossPercent ?? 0;
  const weightLoss = lost > WEIGHT_LOSS_SIGNIFICANT_ABOVE_PERCENT;
  const phenotype = PHENOTYPE_CRITERIA.filter(
    (criterion) =>
      ({
        weightLoss,
        lowBmi,
        muscleAtrophy: input.muscleDeficit !== 'none',
        peripheralOedema: input.peripheralOedema,
      })[criterion],
  );
  const etiology = ETIOLOGY_CRITERIA.filter((criterion) => input[criterion]);
  const malnourished = phenotype.some((criterion) => criterion !== 'peripheralOedema') && etiology.length > 0;
  if (!malnourished) return { phenotype, etiology, malnourished };
  const severe =
    lost > GLIM_SEVERE_WEIGHT_LOSS_ABOVE_PERCENT ||
    (input.bmi !== undefined && input.bmi < GLIM_SEVERITY_BMI_BELOW.severe[age]) ||
    input.muscleDeficit === 'severe';
  return { phenotype, etiology, malnourished, severity: severe ? 'severe' : 'moderate' };
}

/* ---------- the conclusion: spec §3's eight combinations ---------- */

export const NUTRITION_CONCLUSIONS = NUTRITION_RISK_LEVELS.flatMap((level) => [
  `malnourished.${level}` as const,
  `notMalnourished.${level}` as const,
]);
export type NutritionConclusion = (typeof NUTRITION_CONCLUSIONS)[number];

export function nutritionConclusion(malnourished: boolean, level: NutritionRiskLevel): NutritionConclusion {
  return `${malnourished ? 'malnourished' : 'notMalnourished'}.${level}`;
}

/* ---------- the whole assessment ---------- */

/** What a person fills in the first three sections (spec §3), what the assessment is computed from. */
export interface NutritionMeasures extends GlimAnswers {
  heightCm: number;
  weightKg: number;
  /** Weight three months before the exam, when known: the loss rate is computed from it. */
  weightThreeMonthsAgoKg?: number;
  weightLossMonths: WeightLossPeriod;
  impairedGeneralCondition: boolean;
  intake: NrsIntakeBand;
  /** NRS-2002's severity of disease, 0–3, chosen by the examiner [N2a]. */
  diseaseSeverity: number;
}

export interface NutritionAssessment {
  bmi: number;
  weightLossPercent?: number;
  nrs: NrsScore;
  glim: GlimResult;
  conclusion: NutritionConclusion;
}

/** Everything the popup shows as it is filled and the server stores: BMI, loss rate, NRS-2002, GLIM, conclusion. */
export function assessNutrition(measures: NutritionMeasures, ageYears: number): NutritionAssessment {
  const bmi = computeBmi(measures.heightCm, measures.weightKg);
  const lost =
    measures.weightThreeMonthsAgoKg === undefined ? undefined : weightLossPercent(measures.weightThreeMonthsAgoKg, measures.weightKg);
  const nrs = nrs2002(
    nrsNutritionalStatusScore({
      weightLossPercent: lost,
      weightLossMonths: measures.weightLossMonths,
      bmi,
      impairedGeneralCondition: measures.impairedGeneralCondition,
      intake: measures.intake,
    }),
    measures.diseaseSeverity,
    ageYears,
  );
  const diagnosis = glim({ ...measures, ageYears, bmi, weightLossPercent: lost });
  return {
    bmi,
    weightLossPercent: lost,
    nrs,
    glim: diagnosis,
    conclusion: nutritionConclusion(diagnosis.malnourished, nrs.level),
  };
}

/* ---------- what a record may hold (spec §3, §9) ---------- */

/** Our bounds for the plan's figures: beyond them is a typing slip. */
export const NUTRITION_PLAN_LIMITS = {
  energyKcal: { min: 0, max: 10_000 },
  proteinG: { min: 0, max: 1_000 },
  carbohydrateG: { min: 0, max: 2_000 },
} as const;
export const NUTRITION_TEXT_MAX_LENGTH = 2000;
/** Assessments one person's record takes per rolling day (R8: what one account can make the server hold). Ours. */
export const NUTRITION_PER_DAY = 20;
/** Spec §9: nutrition lists start at page 0, 10 a page. */
export const NUTRITION_PAGE_SIZE = 10;
