import {
  ETIOLOGY_CRITERIA,
  GLIM_SEVERITIES,
  MEASURE_LIMITS,
  MUSCLE_DEFICITS,
  NRS_INTAKE_BANDS,
  NRS_PART_MAX,
  NUTRITION_CONCLUSIONS,
  NUTRITION_PLAN_LIMITS,
  NUTRITION_RISK_LEVELS,
  NUTRITION_TEXT_MAX_LENGTH,
  PHENOTYPE_CRITERIA,
} from '@rhc/domain';
import { z } from 'zod/mini';
import { CalendarDaySchema } from './accounts.ts';
import { PageQuerySchema, pageSchema } from './envelope.ts';
import { lazySchema } from './lazy-schema.ts';
import { invalid, optionalText } from './text.ts';

/*
 * The nutrition assessment and plan history (spec §1, §2 the six-section popup, §3 "Nutrition record", §8, §9; issue
 * 52). A person is addressed by `infoId`, as in health monitoring: my own user id, a profile I manage, or someone who
 * shares "health info" with me (read only). BMI, the weight-loss rate, NRS-2002, GLIM and the conclusion are the
 * server's, computed by `assessNutrition` of @rhc/domain from what the body holds.
 */

export const NutritionParamsSchema = lazySchema(() => z.object({ infoId: z.uuid(invalid), id: z.uuid(invalid) }));

function amount(limits: { min: number; max: number }, message: string) {
  const error = { error: message };
  return z.number(error).check(z.gte(limits.min, error), z.lte(limits.max, error));
}
function optionalAmount(limits: { min: number; max: number }, message: string) {
  return z._default(z.nullable(amount(limits, message)), null);
}
const text = () => z._default(optionalText(NUTRITION_TEXT_MAX_LENGTH), '');
const flag = () => z._default(z.boolean(invalid), false);
const choose = { error: 'validation.choose' };

/** The six sections' fields, flat. */
export const NutritionBodySchema = lazySchema(() =>
  z.object({
    /** Section 1, nutrition risk: the exam day (not after today, checked by the server), height, weight. */
    examinedOn: CalendarDaySchema,
    heightCm: amount(MEASURE_LIMITS.height, 'validation.height_invalid'),
    weightKg: amount({ min: 1, max: MEASURE_LIMITS.weight.max }, 'validation.weight_invalid'),
    /** The weight three months before, when known: the loss rate is computed from it. */
    weightThreeMonthsAgoKg: optionalAmount({ min: 1, max: MEASURE_LIMITS.weight.max }, 'validation.weight_invalid'),
    /** Within how many months the weight was lost (NRS-2002 grades 3, 2, 1). */
    weightLossMonths: z._default(z.union([z.literal(3), z.literal(2), z.literal(1)], choose), 3),
    impairedGeneralCondition: flag(),
    intake: z._default(z.enum(NRS_INTAKE_BANDS, choose), 'normal'),
    diseaseSeverity: z._default(z.int(choose).check(z.gte(0, choose), z.lte(NRS_PART_MAX, choose)), 0),
    /** Section 2, phenotype (GLIM): low BMI and the loss are computed; muscle and oedema are seen. */
    muscleDeficit: z._default(z.enum(MUSCLE_DEFICITS, choose), 'none'),
    peripheralOedema: flag(),
    /** Section 3, etiology (GLIM). */
    noEating5Days: flag(),
    reducedEating1Week: flag(),
    chronicDigestiveDisease: flag(),
    inflammation: flag(),
    /** Section 4, the nutrition examination. */
    skinMucosa: text(),
    muscleFat: text(),
    otherSigns: text(),
    subclinical: text(),
    dietarySurvey: text(),
    /** Section 6, the plan (section 5, the diagnosis and conclusion, is computed). */
    target: text(),
    energyKcal: optionalAmount(NUTRITION_PLAN_LIMITS.energyKcal, 'validation.number_too_large'),
    proteinG: optionalAmount(NUTRITION_PLAN_LIMITS.proteinG, 'validation.number_too_large'),
    carbohydrateG: optionalAmount(NUTRITION_PLAN_LIMITS.carbohydrateG, 'validation.number_too_large'),
    recommendedFoods: text(),
    limitedFoods: text(),
    supplements: text(),
    vitamins: text(),
    minerals: text(),
    sampleMenu: flag(),
    exercise: text(),
    otherDiagnosis: text(),
    otherMedication: text(),
    note: text(),
  }),
);
export type NutritionBody = z.input<typeof NutritionBodySchema>;
export type NutritionFields = z.output<typeof NutritionBodySchema>;

/** What the server computed and stored with the record. */
export const NutritionAssessmentSchema = lazySchema(() =>
  z.object({
    ageYears: z.int(),
    bmi: z.number(),
    weightLossPercent: z.nullable(z.number()),
    nrs: z.object({
      nutritionalStatus: z.int(),
      diseaseSeverity: z.int(),
      agePoint: z.int(),
      total: z.int(),
      level: z.enum(NUTRITION_RISK_LEVELS),
    }),
    glim: z.object({
      phenotype: z.array(z.enum(PHENOTYPE_CRITERIA)),
      etiology: z.array(z.enum(ETIOLOGY_CRITERIA)),
      malnourished: z.boolean(),
      severity: z.nullable(z.enum(GLIM_SEVERITIES)),
    }),
    conclusion: z.enum(NUTRITION_CONCLUSIONS),
  }),
);
export type NutritionAssessmentView = z.infer<typeof NutritionAssessmentSchema>;

export const NutritionRecordSchema = lazySchema(() =>
  z.extend(NutritionBodySchema, {
    id: z.uuid(),
    infoId: z.uuid(),
    assessment: NutritionAssessmentSchema,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
);
export type NutritionRecord = z.infer<typeof NutritionRecordSchema>;

/** GET /nutrition/{infoId}: newest exam first; spec §9 pages from 0, 10 a page. */
export const NutritionQuerySchema = PageQuerySchema;
export const NutritionPageSchema = lazySchema(() => pageSchema(NutritionRecordSchema));
export type NutritionPage = z.infer<typeof NutritionPageSchema>;
export const NutritionDeletedSchema = lazySchema(() => z.object({ id: z.uuid() }));
