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
import { z } from 'zod/mini';
import { invalid, tooLong } from './text.ts';
import { CalendarDaySchema } from './accounts.ts';
import { PageQuerySchema, pageSchema } from './envelope.ts';
import { lazySchema } from './lazy-schema.ts';

/*
 * Health monitoring (spec §1, §3 "Health measurement", §4, §5, §9; issue 16, decision 023). A person is addressed by
 * `infoId`: my own user id, a profile I manage, or the owner's id of someone who shares "health info" with me.
 */

export const MeasurementCategorySchema = lazySchema(() => z.enum(MEASUREMENT_CATEGORIES, { error: 'validation.choose' }));
export const HealthColourSchema = lazySchema(() => z.enum(HEALTH_COLOURS));

export const InfoIdParamsSchema = lazySchema(() => z.object({ infoId: z.uuid(invalid) }));
export const MeasurementParamsSchema = lazySchema(() => z.object({ infoId: z.uuid(invalid), id: z.uuid(invalid) }));

/** A positive number (spec §5: "positive (no leading zero)") within `limits`; null or absent when not measured. */
function measure(limits: { min: number; max: number }, options: { integer: boolean; message?: string }) {
  const positive = { error: options.message ?? 'validation.positive_number' };
  const tooLarge = { error: options.message ?? 'validation.number_too_large' };
  let schema = z.number(positive).check(z.positive(positive), z.gte(limits.min, positive), z.lte(limits.max, tooLarge));
  if (options.integer) schema = schema.check(z.int({ error: options.message ?? 'validation.whole_number' }));
  return z._default(z.nullable(schema), null);
}

/**
 * POST/PUT /health-measurement/{infoId}[/{id}]: spec §3's fields. Blood pressure is systolic, diastolic and heart rate
 * together (spec §5), the diastolic below the systolic; blood sugar in mg/dL (the web converts from mmol/L); height and
 * weight above 0; BMI is the server's. At least one measure or a symptom.
 */
export const MeasurementBodySchema = lazySchema(() =>
  z
    .object({
      measuredAt: z.iso.datetime({ offset: true, error: 'validation.date_invalid' }),
      systolic: measure(MEASURE_LIMITS.systolic, { integer: true, message: 'validation.blood_pressure_invalid' }),
      diastolic: measure(MEASURE_LIMITS.diastolic, { integer: true, message: 'validation.blood_pressure_invalid' }),
      heartRate: measure(MEASURE_LIMITS.heartRate, { integer: true, message: 'validation.heart_rate_invalid' }),
      bloodSugar: measure(MEASURE_LIMITS.bloodSugar, { integer: false, message: 'validation.blood_sugar_invalid' }),
      height: measure(MEASURE_LIMITS.height, { integer: false, message: 'validation.height_invalid' }),
      weight: measure(MEASURE_LIMITS.weight, { integer: false, message: 'validation.weight_invalid' }),
      symptoms: z._default(z.string(invalid).check(z.trim(), z.maxLength(SYMPTOMS_MAX_LENGTH, tooLong)), ''),
      note: z._default(z.string(invalid).check(z.trim(), z.maxLength(MEASUREMENT_NOTE_MAX_LENGTH, tooLong)), ''),
      category: z._default(MeasurementCategorySchema, 'routine'),
    })
    .check(
      z.superRefine((body, ctx) => {
        const problem = bloodPressureProblem(body);
        if (problem) {
          const field = problem === 'diastolic_not_below' ? 'diastolic' : [body.systolic, body.diastolic, body.heartRate].indexOf(null);
          const path = typeof field === 'string' ? field : (['systolic', 'diastolic', 'heartRate'][field] ?? 'systolic');
          ctx.addIssue({ code: 'custom', path: [path], message: 'validation.blood_pressure_invalid' });
        }
        const any =
          body.systolic !== null || body.bloodSugar !== null || body.height !== null || body.weight !== null || body.symptoms !== '';
        if (!any) ctx.addIssue({ code: 'custom', path: ['systolic'], message: 'validation.reading_empty' });
      }),
    ),
);
export type MeasurementBody = z.input<typeof MeasurementBodySchema>;

/** One measure's assessment (issue 16): a band code the web translates and its colour; none under 18, saying why. */
function assessmentSchema<B extends readonly [string, ...string[]]>(bands: B) {
  return z.object({ band: z.nullable(z.enum(bands)), colour: z.nullable(HealthColourSchema), reason: z.optional(z.enum(['under_18'])) });
}
export const AssessmentSchema = lazySchema(() =>
  z.object({
    bloodPressure: z.optional(assessmentSchema(BLOOD_PRESSURE_BANDS)),
    heartRate: z.optional(assessmentSchema(HEART_RATE_BANDS)),
    bloodSugar: z.optional(assessmentSchema(BLOOD_SUGAR_BANDS)),
    bmi: z.optional(z.extend(assessmentSchema(BMI_BANDS), { asiaPacific: z.nullable(z.enum(BMI_ASIA_CLASSES)) })),
  }),
);
export type Assessment = z.infer<typeof AssessmentSchema>;

export const MeasurementSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    /** The person (profile) the reading belongs to. */
    infoId: z.uuid(),
    measuredAt: z.iso.datetime(),
    systolic: z.nullable(z.number()),
    diastolic: z.nullable(z.number()),
    heartRate: z.nullable(z.number()),
    /** mg/dL. */
    bloodSugar: z.nullable(z.number()),
    height: z.nullable(z.number()),
    weight: z.nullable(z.number()),
    /** Computed by the server from height and weight, one decimal. */
    bmi: z.nullable(z.number()),
    symptoms: z.string(),
    note: z.string(),
    category: MeasurementCategorySchema,
    assessment: AssessmentSchema,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
);
export type Measurement = z.infer<typeof MeasurementSchema>;

/** GET /health-measurement/{infoId}: days in Asia/Ho_Chi_Minh, newest first, paged. */
export const MeasurementsQuerySchema = lazySchema(() =>
  z
    .extend(PageQuerySchema, {
      from: z.optional(CalendarDaySchema),
      to: z.optional(CalendarDaySchema),
      category: z.optional(MeasurementCategorySchema),
    })
    .check(
      z.refine((query) => !query.from || !query.to || query.from <= query.to, {
        error: 'validation.analysis_end_before_start',
        path: ['to'],
      }),
    ),
);
export const MeasurementPageSchema = lazySchema(() => pageSchema(MeasurementSchema));
export type MeasurementPage = z.infer<typeof MeasurementPageSchema>;

export const MeasurementDeletedSchema = lazySchema(() => z.object({ id: z.uuid() }));

/** GET /health-measurement/{infoId}/analysis: spec §5 — the end not before the start, at most 365 days after it. */
export const AnalysisQuerySchema = lazySchema(() =>
  z.object({ from: CalendarDaySchema, to: CalendarDaySchema }).check(
    z.superRefine((query, ctx) => {
      const problem = analysisRangeProblem(query.from, query.to);
      if (problem === 'end_before_start') ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.analysis_end_before_start' });
      if (problem === 'range_too_long') ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.analysis_range_too_long' });
    }),
  ),
);
export type AnalysisQuery = z.input<typeof AnalysisQuerySchema>;

const StatsSchema = lazySchema(() => z.object({ min: z.number(), avg: z.number(), max: z.number() }));
function bandCounts<B extends readonly [string, ...string[]]>(bands: B) {
  return z.array(z.object({ band: z.enum(bands), colour: HealthColourSchema, count: z.int() }));
}
/** One measure over the range: how many readings, min/avg/max (null when none) and readings per band. */
function measureSummary<B extends readonly [string, ...string[]]>(bands: B) {
  return z.object({ count: z.int(), stats: z.nullable(StatsSchema), bands: bandCounts(bands) });
}

export const AnalysisPointSchema = lazySchema(() =>
  z.pick(MeasurementSchema, { measuredAt: true, systolic: true, diastolic: true, heartRate: true, bloodSugar: true, bmi: true }),
);
export type AnalysisPoint = z.infer<typeof AnalysisPointSchema>;

export const AnalysisSchema = lazySchema(() =>
  z.object({
    from: z.string(),
    to: z.string(),
    /** False when the person is under 18 today: adult blood-pressure, heart-rate and BMI bands are not counted. */
    adultBands: z.boolean(),
    bloodPressure: z.object({
      count: z.int(),
      systolic: z.nullable(StatsSchema),
      diastolic: z.nullable(StatsSchema),
      bands: bandCounts(BLOOD_PRESSURE_BANDS),
    }),
    heartRate: measureSummary(HEART_RATE_BANDS),
    bloodSugar: measureSummary(BLOOD_SUGAR_BANDS),
    bmi: measureSummary(BMI_BANDS),
    /** The readings in the range, oldest first: at most `pointsLimit` (the newest), `truncated` when there were more. */
    points: z.array(AnalysisPointSchema),
    pointsLimit: z.literal(ANALYSIS_MAX_POINTS),
    truncated: z.boolean(),
  }),
);
export type Analysis = z.infer<typeof AnalysisSchema>;
