/**
 * Health monitoring (spec §1, §3 "Health measurement", §4 severity bands, §5, §9 colour thresholds; issue 16,
 * decision 023). Pure facts and rules, no I/O: the colours of spec §9, the named bands of spec §4 mapped to the
 * guidelines in shared/reference/domain-rules.md §3, the under-18 rule, BMI and the mg/dL ↔ mmol/L conversion.
 */
import { ageInYears } from './accounts.ts';

/** A reading's colour (spec §9). Yellow is the "careful" level of spec §4, named so on screen. */
export const HEALTH_COLOURS = ['green', 'yellow', 'red'] as const;
export type HealthColour = (typeof HEALTH_COLOURS)[number];

const COLOUR_RANK: Record<HealthColour, number> = { green: 0, yellow: 1, red: 2 };
/** The worse of two colours. */
export function worseColour(a: HealthColour, b: HealthColour): HealthColour {
  return COLOUR_RANK[a] >= COLOUR_RANK[b] ? a : b;
}
/** 0 green, 1 yellow, 2 red: a colour's severity, for comparisons. */
export function colourRank(colour: HealthColour): number {
  return COLOUR_RANK[colour];
}

/** What a reading was taken around (spec §3 "category"): the context that matters for blood sugar above all. */
export const MEASUREMENT_CATEGORIES = ['routine', 'fasting', 'after_meal', 'after_exercise', 'before_sleep', 'unwell'] as const;
export type MeasurementCategory = (typeof MEASUREMENT_CATEGORIES)[number];

/* ---------- blood pressure (mmHg) ---------- */

/** Spec §9: systolic ≥ 180 or diastolic ≥ 110 red — ESC/ESH 2018 and VNHA/VSH 2018 grade 3 ([B1], [B3]). */
export const BP_RED_SYSTOLIC = 180;
export const BP_RED_DIASTOLIC = 110;
/** Spec §9: systolic ≥ 130 or diastolic ≥ 85 yellow — ESC/ESH 2018 "high-normal" starts here ([B1], [B3]). */
export const BP_YELLOW_SYSTOLIC = 130;
export const BP_YELLOW_DIASTOLIC = 85;
/** ESC/ESH 2018 grade 1 hypertension: 140–159 and/or 90–99 ([B1], [B3]). */
export const BP_GRADE1_SYSTOLIC = 140;
export const BP_GRADE1_DIASTOLIC = 90;
/** ESC/ESH 2018 grade 2 hypertension: 160–179 and/or 100–109 ([B1], [B3]). */
export const BP_GRADE2_SYSTOLIC = 160;
export const BP_GRADE2_DIASTOLIC = 100;

/**
 * Spec §4's blood-pressure bands on ESC/ESH 2018's office table: normal (< 130/85, optimal and normal together),
 * normal-high (130–139/85–89), grade 1 (140–159/90–99), grade 2 (160–179/100–109), emergency (≥ 180/110, ESC/ESH grade 3:
 * seek urgent care). A reading is classed by the higher of its two values ([B1]: "classify by the higher category").
 */
export const BLOOD_PRESSURE_BANDS = ['normal', 'normal_high', 'grade_1', 'grade_2', 'emergency'] as const;
export type BloodPressureBand = (typeof BLOOD_PRESSURE_BANDS)[number];

function systolicBand(systolic: number): number {
  if (systolic >= BP_RED_SYSTOLIC) return 4;
  if (systolic >= BP_GRADE2_SYSTOLIC) return 3;
  if (systolic >= BP_GRADE1_SYSTOLIC) return 2;
  if (systolic >= BP_YELLOW_SYSTOLIC) return 1;
  return 0;
}
function diastolicBand(diastolic: number): number {
  if (diastolic >= BP_RED_DIASTOLIC) return 4;
  if (diastolic >= BP_GRADE2_DIASTOLIC) return 3;
  if (diastolic >= BP_GRADE1_DIASTOLIC) return 2;
  if (diastolic >= BP_YELLOW_DIASTOLIC) return 1;
  return 0;
}

/** The band of a blood pressure: the higher of the systolic's and the diastolic's. */
export function bloodPressureBand(systolic: number, diastolic: number): BloodPressureBand {
  return BLOOD_PRESSURE_BANDS[Math.max(systolicBand(systolic), diastolicBand(diastolic))] as BloodPressureBand;
}

/** Spec §9: the worse of the two values' colours — red at ≥ 180/110, yellow at ≥ 130/85, else green. */
export function bloodPressureColour(systolic: number, diastolic: number): HealthColour {
  const one = (value: number, red: number, yellow: number): HealthColour => (value >= red ? 'red' : value >= yellow ? 'yellow' : 'green');
  return worseColour(one(systolic, BP_RED_SYSTOLIC, BP_YELLOW_SYSTOLIC), one(diastolic, BP_RED_DIASTOLIC, BP_YELLOW_DIASTOLIC));
}

/* ---------- heart rate (beats per minute, at rest) ---------- */

/** Spec §9 and [H1a]/[H1b]: 60–100 bpm at rest is normal for adults; < 60 slow (bradycardia), > 100 fast (tachycardia). */
export const HEART_RATE_MIN_NORMAL = 60;
export const HEART_RATE_MAX_NORMAL = 100;
export const HEART_RATE_BANDS = ['slow', 'normal', 'fast'] as const;
export type HeartRateBand = (typeof HEART_RATE_BANDS)[number];

export function heartRateBand(heartRate: number): HeartRateBand {
  if (heartRate < HEART_RATE_MIN_NORMAL) return 'slow';
  if (heartRate > HEART_RATE_MAX_NORMAL) return 'fast';
  return 'normal';
}
/** Spec §9: 60–100 green, anything else yellow. */
export function heartRateColour(heartRate: number): HealthColour {
  return heartRateBand(heartRate) === 'normal' ? 'green' : 'yellow';
}

/* ---------- blood sugar (mg/dL) ---------- */

/** Spec §9 and ADA 2025 [G3]: below 70 mg/dL (3.9 mmol/L) is hypoglycaemia (level 1) — red. */
export const BLOOD_SUGAR_LOW = 70;
/** Spec §9: above 300 mg/dL red (a very high reading). */
export const BLOOD_SUGAR_VERY_HIGH = 300;
/** ADA 2025 fasting plasma glucose [G1], [G2]: 100–125 mg/dL prediabetes. */
export const BLOOD_SUGAR_PREDIABETES = 100;
/** ADA 2025 fasting plasma glucose [G1], [G2]: ≥ 126 mg/dL (7.0 mmol/L) diabetes range; spec §9 yellow from here. */
export const BLOOD_SUGAR_DIABETES = 126;
export const BLOOD_SUGAR_BANDS = ['low', 'normal', 'pre_diabetes', 'diabetes'] as const;
export type BloodSugarBand = (typeof BLOOD_SUGAR_BANDS)[number];

/** The ADA 2025 fasting-glucose band of a value in mg/dL (below 70 is low). */
export function bloodSugarBand(mgPerDl: number): BloodSugarBand {
  if (mgPerDl < BLOOD_SUGAR_LOW) return 'low';
  if (mgPerDl >= BLOOD_SUGAR_DIABETES) return 'diabetes';
  if (mgPerDl >= BLOOD_SUGAR_PREDIABETES) return 'pre_diabetes';
  return 'normal';
}
/** Spec §9: below 70 or above 300 red, 126 or more yellow, else green. */
export function bloodSugarColour(mgPerDl: number): HealthColour {
  if (mgPerDl < BLOOD_SUGAR_LOW || mgPerDl > BLOOD_SUGAR_VERY_HIGH) return 'red';
  if (mgPerDl >= BLOOD_SUGAR_DIABETES) return 'yellow';
  return 'green';
}

/** Blood sugar units: stored in mg/dL; Vietnamese labs report mmol/L (domain-rules §3.3). */
export const BLOOD_SUGAR_UNITS = ['mmol/L', 'mg/dL'] as const;
export type BloodSugarUnit = (typeof BLOOD_SUGAR_UNITS)[number];
/** Issue 16: 1 mmol/L = 18 mg/dL (glucose 180.16 g/mol gives 18.016; ADA's own pairs round with 18 [G1], [G3]). */
export const MG_PER_DL_PER_MMOL_PER_L = 18;
/** mmol/L → mg/dL, one decimal (what is stored). */
export function mmolToMgPerDl(mmolPerL: number): number {
  return roundOneDecimal(mmolPerL * MG_PER_DL_PER_MMOL_PER_L);
}
/** mg/dL → mmol/L, one decimal (what is shown). */
export function mgPerDlToMmol(mgPerDl: number): number {
  return roundOneDecimal(mgPerDl / MG_PER_DL_PER_MMOL_PER_L);
}

/* ---------- BMI (kg/m²) ---------- */

/** Spec §9 and WHO 1998 [W1]: < 18.5 underweight, 25–29.9 overweight (pre-obese), ≥ 30 obese. */
export const BMI_UNDERWEIGHT_BELOW = 18.5;
export const BMI_OVERWEIGHT_FROM = 25;
export const BMI_OBESE_FROM = 30;
/** Asia-Pacific cut-offs used in Vietnam (WHO WPRO/IASO/IOTF 2000 [W2a]–[W2c]): 18.5 / 23 / 25 / 30. */
export const BMI_ASIA_OVERWEIGHT_FROM = 23;
export const BMI_ASIA_OBESE_1_FROM = 25;
export const BMI_ASIA_OBESE_2_FROM = 30;

/** Spec §4's BMI bands (underweight, normal, overweight, fat — "obese"), on the WHO international scale. */
export const BMI_BANDS = ['underweight', 'normal', 'overweight', 'obese'] as const;
export type BmiBand = (typeof BMI_BANDS)[number];
/** The Asia-Pacific class shown beside the WHO band (decision 023). */
export const BMI_ASIA_CLASSES = ['underweight', 'normal', 'overweight', 'obese_1', 'obese_2'] as const;
export type BmiAsiaClass = (typeof BMI_ASIA_CLASSES)[number];

export function bmiBand(bmi: number): BmiBand {
  if (bmi < BMI_UNDERWEIGHT_BELOW) return 'underweight';
  if (bmi >= BMI_OBESE_FROM) return 'obese';
  if (bmi >= BMI_OVERWEIGHT_FROM) return 'overweight';
  return 'normal';
}
export function bmiAsiaClass(bmi: number): BmiAsiaClass {
  if (bmi < BMI_UNDERWEIGHT_BELOW) return 'underweight';
  if (bmi >= BMI_ASIA_OBESE_2_FROM) return 'obese_2';
  if (bmi >= BMI_ASIA_OBESE_1_FROM) return 'obese_1';
  if (bmi >= BMI_ASIA_OVERWEIGHT_FROM) return 'overweight';
  return 'normal';
}
/** Spec §9: ≥ 30 red; below 18.5 or 25–29.9 yellow; else green. */
export function bmiColour(bmi: number): HealthColour {
  if (bmi >= BMI_OBESE_FROM) return 'red';
  if (bmi < BMI_UNDERWEIGHT_BELOW || bmi >= BMI_OVERWEIGHT_FROM) return 'yellow';
  return 'green';
}

function roundOneDecimal(value: number): number {
  return Math.round((value + Number.EPSILON) * 10) / 10;
}

/** BMI = weight (kg) / height (m)², one decimal (spec §3: computed from height and weight, both above 0). */
export function computeBmi(heightCm: number, weightKg: number): number {
  if (!(heightCm > 0) || !(weightKg > 0)) throw new RangeError('height and weight must be above 0');
  // kg·10,000 / cm² rather than kg / m²: 80 kg at 160 cm is exactly 31.25, which rounds to 31.3.
  return roundOneDecimal((weightKg * 10_000) / (heightCm * heightCm));
}

/* ---------- what a form may hold (spec §5) ---------- */

/**
 * Spec §5 "positive numbers", bounded so that a typing slip is refused rather than charted. The upper bounds are beyond
 * any survivable value: systolic 300, diastolic 200 mmHg, heart rate 300 bpm, blood sugar 2,000 mg/dL (111 mmol/L),
 * height 300 cm, weight 500 kg; a height is at least 20 cm (below any newborn's) so that a BMI stays a number.
 */
export const MEASURE_LIMITS = {
  systolic: { min: 1, max: 300 },
  diastolic: { min: 1, max: 200 },
  heartRate: { min: 1, max: 300 },
  bloodSugar: { min: 0.1, max: 2000 },
  height: { min: 20, max: 300 },
  weight: { min: 0.1, max: 500 },
} as const;
export const SYMPTOMS_MAX_LENGTH = 500;
export const MEASUREMENT_NOTE_MAX_LENGTH = 1000;
/** A reading may be timed a few minutes ahead of the server's clock (a phone's clock drifts), not later. */
export const MEASURED_AT_FUTURE_TOLERANCE_MS = 5 * 60 * 1000;
/** The earliest measurement time accepted. */
export const MEASURED_AT_EARLIEST = '1900-01-01T00:00:00.000Z';

/** Spec §5 and §9: an analysis covers at most 365 days (its end at most 365 days after its start, never before it). */
export const ANALYSIS_MAX_DAYS = 365;
/** At most this many readings are returned as chart points (the newest in the range); the figures count them all. */
export const ANALYSIS_MAX_POINTS = 2000;
/** Readings one person's record takes per rolling day (R8: what one account can make the server hold). */
export const READINGS_PER_DAY = 100;

/** Whole days from `from` to `to` (YYYY-MM-DD), negative when `to` is before `from`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export type DateRangeProblem = 'end_before_start' | 'range_too_long';
/** Spec §5: the analysis's end is not before its start and at most 365 days after it; null when the range is fine. */
export function analysisRangeProblem(from: string, to: string): DateRangeProblem | null {
  const days = daysBetween(from, to);
  if (days < 0) return 'end_before_start';
  if (days > ANALYSIS_MAX_DAYS) return 'range_too_long';
  return null;
}

/* ---------- a reading's assessment ---------- */

/** Issue 16 and [H1c]: adult heart-rate, blood-pressure (and BMI) bands are not applied under this age. */
export const ADULT_BANDS_FROM_AGE = 18;

export function isMinorOn(dateOfBirth: string, day: string): boolean {
  return ageInYears(dateOfBirth, day) < ADULT_BANDS_FROM_AGE;
}

/** Why a measure has no band: the person was under 18 on the day of the reading. */
export type NotAssessedReason = 'under_18';
export interface MeasureAssessment<B extends string> {
  band: B | null;
  colour: HealthColour | null;
  reason?: NotAssessedReason;
}
export interface ReadingAssessment {
  bloodPressure?: MeasureAssessment<BloodPressureBand>;
  heartRate?: MeasureAssessment<HeartRateBand>;
  bloodSugar?: MeasureAssessment<BloodSugarBand>;
  bmi?: MeasureAssessment<BmiBand> & { asiaPacific: BmiAsiaClass | null };
}
export interface ReadingValues {
  systolic: number | null;
  diastolic: number | null;
  heartRate: number | null;
  bloodSugar: number | null;
  bmi: number | null;
}

/**
 * One entry per measure present. Blood sugar is assessed at every age (ADA's diagnostic values are the same for
 * children); blood pressure, heart rate and BMI use adult bands, so under 18 they show without one, saying why.
 */
export function assessReading(values: ReadingValues, minor: boolean): ReadingAssessment {
  const out: ReadingAssessment = {};
  const notAssessed = { band: null, colour: null, reason: 'under_18' as const };
  if (values.systolic !== null && values.diastolic !== null)
    out.bloodPressure = minor
      ? notAssessed
      : { band: bloodPressureBand(values.systolic, values.diastolic), colour: bloodPressureColour(values.systolic, values.diastolic) };
  if (values.heartRate !== null)
    out.heartRate = minor ? notAssessed : { band: heartRateBand(values.heartRate), colour: heartRateColour(values.heartRate) };
  if (values.bloodSugar !== null) out.bloodSugar = { band: bloodSugarBand(values.bloodSugar), colour: bloodSugarColour(values.bloodSugar) };
  if (values.bmi !== null)
    out.bmi = minor
      ? { ...notAssessed, asiaPacific: null }
      : { band: bmiBand(values.bmi), colour: bmiColour(values.bmi), asiaPacific: bmiAsiaClass(values.bmi) };
  return out;
}

/**
 * Spec §5: a blood pressure is systolic, diastolic and heart rate together, and the diastolic is below the systolic.
 * Returns the problem, or null when the three are fine (all present, or all absent).
 */
export function bloodPressureProblem(values: {
  systolic: number | null;
  diastolic: number | null;
  heartRate: number | null;
}): 'incomplete' | 'diastolic_not_below' | null {
  const present = [values.systolic, values.diastolic, values.heartRate].filter((v) => v !== null).length;
  if (present === 0) return null;
  if (present !== 3) return 'incomplete';
  if ((values.diastolic as number) >= (values.systolic as number)) return 'diastolic_not_below';
  return null;
}
