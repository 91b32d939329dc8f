import { CLINICAL_LIMITS, DRUG_UNITS, MEAL_TIMINGS, normalizeLicenceNumber, prescriptionLineIssues } from '@rhc/domain';
import { z } from 'zod/mini';
import { optionalText, required, requiredText, tooLong } from './text.ts';
import { CalendarDaySchema } from './accounts.ts';
import { OrderSchema } from './orders.ts';
import { lazySchema } from './lazy-schema.ts';

/*
 * The doctor's clinical work on an order (issue 17; spec §3 "Prescription line", §4, §5, §7 Orders). Messages are keys
 * of the `errors` namespace.
 */

export const DrugUnitSchema = lazySchema(() => z.enum(DRUG_UNITS, { error: 'validation.choose' }));
export const MealTimingSchema = lazySchema(() => z.enum(MEAL_TIMINGS, { error: 'validation.choose' }));

/**
 * One prescription line (spec §3, §5): drug name, quantity, unit — a unit named Other needs its name — and usage (one
 * dose, times a day, days, before/after meals). The rule is the domain's `prescriptionLineIssues`.
 */
export const PrescriptionLineBodySchema = lazySchema(() =>
  z.pipe(
    z
      .object({
        drugName: z.string(required).check(z.trim()),
        quantity: z.number({ error: 'validation.quantity_positive' }),
        unit: z.string({ error: 'validation.choose' }),
        unitName: z.nullish(z.string().check(z.trim())),
        dose: z.string(required).check(z.trim()),
        timesPerDay: z.number({ error: 'validation.invalid' }),
        days: z.number({ error: 'validation.invalid' }),
        mealTiming: z.string({ error: 'validation.choose' }),
        note: z.nullish(z.string().check(z.trim())),
      })
      .check(
        z.superRefine((line, context) => {
          for (const issue of prescriptionLineIssues(line))
            context.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
        }),
      ),
    z.transform((line) => ({
      ...line,
      unit: line.unit as (typeof DRUG_UNITS)[number],
      mealTiming: line.mealTiming as (typeof MEAL_TIMINGS)[number],
      unitName: line.unit === 'other' ? (line.unitName ?? '').trim() : null,
      note: line.note?.trim() || null,
    })),
  ),
);
export type PrescriptionLineBody = z.input<typeof PrescriptionLineBodySchema>;

/** A new prescription: its lines; to correct a saved one, the id of the prescription it supersedes. */
export const PrescriptionBodySchema = lazySchema(() =>
  z.object({
    lines: z
      .array(PrescriptionLineBodySchema)
      .check(z.minLength(1, { error: 'validation.required' }), z.maxLength(CLINICAL_LIMITS.linesMax, { error: 'validation.too_many' })),
    supersedes: z.optional(z.uuid({ error: 'validation.invalid' })),
  }),
);

/**
 * POST /order/{id}/{orderId}: the doctor saves the examination. Diagnostic, re-exam date and medical history are
 * required (spec §5); the re-exam date must come after the examination day (checked by the server against the order).
 * A prescription, when given, is created once and never changed (spec §4); a correction names the one it supersedes.
 */
export const ExaminationBodySchema = lazySchema(() =>
  z.object({
    diagnostic: requiredText(CLINICAL_LIMITS.diagnosticMax),
    medicalHistory: requiredText(CLINICAL_LIMITS.medicalHistoryMax),
    reExamDate: CalendarDaySchema,
    advice: z._default(optionalText(CLINICAL_LIMITS.adviceMax), ''),
    prescription: z.optional(PrescriptionBodySchema),
  }),
);
export type ExaminationBody = z.input<typeof ExaminationBodySchema>;

export const ExaminationSchema = lazySchema(() =>
  z.object({
    diagnostic: z.string(),
    medicalHistory: z.string(),
    reExamDate: z.string(),
    advice: z.string(),
    doctor: z.object({ id: z.uuid(), fullName: z.string() }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
);
export type Examination = z.infer<typeof ExaminationSchema>;

export const PrescriptionLineSchema = lazySchema(() =>
  z.object({
    position: z.int(),
    drugName: z.string(),
    quantity: z.number(),
    unit: DrugUnitSchema,
    unitName: z.nullable(z.string()),
    dose: z.string(),
    timesPerDay: z.int(),
    days: z.int(),
    mealTiming: MealTimingSchema,
    note: z.nullable(z.string()),
  }),
);
export type PrescriptionLine = z.infer<typeof PrescriptionLineSchema>;

export const PrescriptionSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    createdAt: z.iso.datetime(),
    doctor: z.object({ id: z.uuid(), fullName: z.string(), licenceNumber: z.nullable(z.string()) }),
    lines: z.array(PrescriptionLineSchema),
    /** Set when a newer prescription replaced it: who and when; it stays readable. */
    superseded: z.nullable(z.object({ at: z.iso.datetime(), by: z.object({ id: z.uuid(), fullName: z.string() }), replacedBy: z.uuid() })),
  }),
);
export type Prescription = z.infer<typeof PrescriptionSchema>;

/** The clinical record of one order: the examination (null until the doctor saves it) and its prescriptions, newest first. */
export const ClinicalRecordSchema = lazySchema(() =>
  z.object({
    orderId: z.uuid(),
    examination: z.nullable(ExaminationSchema),
    prescriptions: z.array(PrescriptionSchema),
  }),
);
export type ClinicalRecord = z.infer<typeof ClinicalRecordSchema>;

export const ClinicalWriterRefusalSchema = lazySchema(() => z.enum(['not_verified', 'no_licence']));

/** GET /order/get-detail-of-order-for-doctor-edit/{id}: what the doctor's edit screen needs, in one answer. */
export const DoctorEditSchema = lazySchema(() =>
  z.object({
    order: OrderSchema,
    clinical: ClinicalRecordSchema,
    writer: z.object({
      licenceNumber: z.nullable(z.string()),
      /** Why this doctor may not write (null: they may, while the order is not cancelled). */
      refusal: z.nullable(ClinicalWriterRefusalSchema),
      canWrite: z.boolean(),
      /**
       * While the visit has not come: the instant (ISO) from which the result may be written, the same as completing the
       * booking (issue 54 item 4); null once it may be, or on a cancelled booking.
       */
      writableFrom: z.nullable(z.string()),
    }),
    /** The examination's Vietnam day and the re-exam date's bounds. */
    examDay: z.string(),
    reExamFrom: z.string(),
    reExamUntil: z.string(),
  }),
);
export type DoctorEdit = z.infer<typeof DoctorEditSchema>;

export const ClinicalOrderParamsSchema = lazySchema(() => z.object({ orderId: z.uuid({ error: 'validation.invalid' }) }));

/** GET /drugs?q=: generic drugs whose name starts with (or contains) the typed text. */
export const DrugQuerySchema = lazySchema(() =>
  z.object({
    q: z.string().check(z.trim(), z.minLength(1, required), z.maxLength(60, tooLong)),
    size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(20)), 10),
  }),
);
export const DrugSchema = lazySchema(() => z.object({ id: z.int(), name: z.string(), strength: z.string(), form: DrugUnitSchema }));
export type Drug = z.infer<typeof DrugSchema>;

/** PUT /doctor-licence/{userId}: the doctor's practising licence number (chứng chỉ hành nghề). */
export const LicenceBodySchema = lazySchema(() =>
  z.object({
    licenceNumber: z.pipe(
      requiredText(CLINICAL_LIMITS.licenceNumberMax),
      z.transform((value, context) => {
        const normalized = normalizeLicenceNumber(value);
        if (!normalized) {
          // zod/mini's transform context has no addIssue: the issue goes straight into the payload's issues.
          context.issues.push({ code: 'custom', message: 'validation.licence_invalid', input: value });
          return z.NEVER;
        }
        return normalized;
      }),
    ),
  }),
);
export const LicenceSchema = lazySchema(() => z.object({ licenceNumber: z.nullable(z.string()), verified: z.boolean() }));
