import {
  ANALYSIS_MAX_POINTS,
  analysisRangeProblem,
  BLOOD_PRESSURE_BANDS,
  BLOOD_SUGAR_BANDS,
  BMI_ASIA_CLASSES,
  BMI_BANDS,
  bloodPressureProblem,
  HEALTH_COLOURS,
  HEART_RATE_BANDS,
  MEASURE_LIMITS,
  MEASUREMENT_CATEGORIES,
  MEASUREMENT_NOTE_MAX_LENGTH,
  SYMPTOMS_MAX_LENGTH,
} from '@rhc/domain';
import { z } from 'zod';
import { CalendarDaySchema } from './accounts.ts';
import { PageQuerySchema, pageSchema } from './envelope.ts';

/*
 * Health monitoring (spec §1, §3 "Health measurement", §4, §5, §9; issue 16, decision 023). A person is addressed by
 * `infoId`: my own user id, a profile I manage, or the owner's id of someone who shares "health info" with me.
 */

const invalid = { error: 'validation.invalid' };

export const MeasurementCategorySchema = z.enum(MEASUREMENT_CATEGORIES, { error: 'validation.choose' });
export const HealthColourSchema = z.enum(HEALTH_COLOURS);

export const InfoIdParamsSchema = z.object({ infoId: z.uuid(invalid) });
export const MeasurementParamsSchema = z.object({ infoId: z.uuid(invalid), id: z.uuid(invalid) });

/** A positive number (spec §5: "positive (no leading zero)") within `limits`; null or absent when not measured. */
function measure(limits: { min: number; max: number }, options: { integer: boolean; message?: string }) {
  const positive = { error: options.message ?? 'validation.positive_number' };
  const tooLarge = { error: options.message ?? 'validation.number_too_large' };
  let schema = z.number(positive).positive(positive).min(limits.min, positive).max(limits.max, tooLarge);
  if (options.integer) schema = schema.int({ error: options.message ?? 'validation.whole_number' });
  return schema.nullable().default(null);
}

/**
 * POST/PUT /health-measurement/{infoId}[/{id}]: spec §3's fields. Blood pressure is systolic, diastolic and heart rate
 * together (spec §5), the diastolic below the systolic; blood sugar in mg/dL (the web converts from mmol/L); height and
 * weight above 0; BMI is the server's. At least one measure or a symptom.
 */
export const MeasurementBodySchema = z
  .object({
    measuredAt: z.iso.datetime({ offset: true, error: 'validation.date_invalid' }),
    systolic: measure(MEASURE_LIMITS.systolic, { integer: true, message: 'validation.blood_pressure_invalid' }),
    diastolic: measure(MEASURE_LIMITS.diastolic, { integer: true, message: 'validation.blood_pressure_invalid' }),
    heartRate: measure(MEASURE_LIMITS.heartRate, { integer: true, message: 'validation.heart_rate_invalid' }),
    bloodSugar: measure(MEASURE_LIMITS.bloodSugar, { integer: false, message: 'validation.blood_sugar_invalid' }),
    height: measure(MEASURE_LIMITS.height, { integer: false, message: 'validation.height_invalid' }),
    weight: measure(MEASURE_LIMITS.weight, { integer: false, message: 'validation.weight_invalid' }),
    symptoms: z.string(invalid).trim().max(SYMPTOMS_MAX_LENGTH, { error: 'validation.too_long' }).default(''),
    note: z.string(invalid).trim().max(MEASUREMENT_NOTE_MAX_LENGTH, { error: 'validation.too_long' }).default(''),
    category: MeasurementCategorySchema.default('routine'),
  })
  .superRefine((body, ctx) => {
    const problem = bloodPressureProblem(body);
    if (problem) {
      const field = problem === 'diastolic_not_below' ? 'diastolic' : [body.systolic, body.diastolic, body.heartRate].indexOf(null);
      const path = typeof field === 'string' ? field : (['systolic', 'diastolic', 'heartRate'][field] ?? 'systolic');
      ctx.addIssue({ code: 'custom', path: [path], message: 'validation.blood_pressure_invalid' });
    }
    const any = body.systolic !== null || body.bloodSugar !== null || body.height !== null || body.weight !== null || body.symptoms !== '';
    if (!any) ctx.addIssue({ code: 'custom', path: ['systolic'], message: 'validation.reading_empty' });
  });
export type MeasurementBody = z.input<typeof MeasurementBodySchema>;

/** One measure's assessment (issue 16): a band code the web translates and its colour; none under 18, saying why. */
function assessmentSchema<B extends readonly [string, ...string[]]>(bands: B) {
  return z.object({ band: z.enum(bands).nullable(), colour: HealthColourSchema.nullable(), reason: z.enum(['under_18']).optional() });
}
export const AssessmentSchema = z.object({
  bloodPressure: assessmentSchema(BLOOD_PRESSURE_BANDS).optional(),
  heartRate: assessmentSchema(HEART_RATE_BANDS).optional(),
  bloodSugar: assessmentSchema(BLOOD_SUGAR_BANDS).optional(),
  bmi: assessmentSchema(BMI_BANDS)
    .extend({ asiaPacific: z.enum(BMI_ASIA_CLASSES).nullable() })
    .optional(),
});
export type Assessment = z.infer<typeof AssessmentSchema>;

export const MeasurementSchema = z.object({
  id: z.uuid(),
  /** The person (profile) the reading belongs to. */
  infoId: z.uuid(),
  measuredAt: z.iso.datetime(),
  systolic: z.number().nullable(),
  diastolic: z.number().nullable(),
  heartRate: z.number().nullable(),
  /** mg/dL. */
  bloodSugar: z.number().nullable(),
  height: z.number().nullable(),
  weight: z.number().nullable(),
  /** Computed by the server from height and weight, one decimal. */
  bmi: z.number().nullable(),
  symptoms: z.string(),
  note: z.string(),
  category: MeasurementCategorySchema,
  assessment: AssessmentSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Measurement = z.infer<typeof MeasurementSchema>;

/** GET /health-measurement/{infoId}: days in Asia/Ho_Chi_Minh, newest first, paged. */
export const MeasurementsQuerySchema = PageQuerySchema.extend({
  from: CalendarDaySchema.optional(),
  to: CalendarDaySchema.optional(),
  category: MeasurementCategorySchema.optional(),
}).refine((query) => !query.from || !query.to || query.from <= query.to, {
  error: 'validation.analysis_end_before_start',
  path: ['to'],
});
export const MeasurementPageSchema = pageSchema(MeasurementSchema);
export type MeasurementPage = z.infer<typeof MeasurementPageSchema>;

export const MeasurementDeletedSchema = z.object({ id: z.uuid() });

/** GET /health-measurement/{infoId}/analysis: spec §5 — the end not before the start, at most 365 days after it. */
export const AnalysisQuerySchema = z.object({ from: CalendarDaySchema, to: CalendarDaySchema }).superRefine((query, ctx) => {
  const problem = analysisRangeProblem(query.from, query.to);
  if (problem === 'end_before_start') ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.analysis_end_before_start' });
  if (problem === 'range_too_long') ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.analysis_range_too_long' });
});
export type AnalysisQuery = z.input<typeof AnalysisQuerySchema>;

const StatsSchema = z.object({ min: z.number(), avg: z.number(), max: z.number() });
function bandCounts<B extends readonly [string, ...string[]]>(bands: B) {
  return z.array(z.object({ band: z.enum(bands), colour: HealthColourSchema, count: z.number().int() }));
}
/** One measure over the range: how many readings, min/avg/max (null when none) and readings per band. */
function measureSummary<B extends readonly [string, ...string[]]>(bands: B) {
  return z.object({ count: z.number().int(), stats: StatsSchema.nullable(), bands: bandCounts(bands) });
}

export const AnalysisPointSchema = z.object({
  measuredAt: z.iso.datetime(),
  systolic: z.number().nullable(),
  diastolic: z.number().nullable(),
  heartRate: z.number().nullable(),
  bloodSugar: z.number().nullable(),
  bmi: z.number().nullable(),
});
export type AnalysisPoint = z.infer<typeof AnalysisPointSchema>;

export const AnalysisSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** False when the person is under 18 today: adult blood-pressure, heart-rate and BMI bands are not counted. */
  adultBands: z.boolean(),
  bloodPressure: z.object({
    count: z.number().int(),
    systolic: StatsSchema.nullable(),
    diastolic: StatsSchema.nullable(),
    bands: bandCounts(BLOOD_PRESSURE_BANDS),
  }),
  heartRate: measureSummary(HEART_RATE_BANDS),
  bloodSugar: measureSummary(BLOOD_SUGAR_BANDS),
  bmi: measureSummary(BMI_BANDS),
  /** The readings in the range, oldest first: at most `pointsLimit` (the newest), `truncated` when there were more. */
  points: z.array(AnalysisPointSchema),
  pointsLimit: z.literal(ANALYSIS_MAX_POINTS),
  truncated: z.boolean(),
});
export type Analysis = z.infer<typeof AnalysisSchema>;
