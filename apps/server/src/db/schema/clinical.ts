import { DRUG_UNITS, MEAL_TIMINGS, OTHER_DRUG_UNIT } from '@rhc/domain';
import { sql } from 'drizzle-orm';
import { check, date, index, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders } from './orders.ts';
import { sqlList } from './sql-list.ts';
import { cascadingKey, cascadingRef, randomId, requiredRef } from './columns.ts';

/**
 * The doctor's clinical work on an order (issue 17, decision 026). A prescription is written once and never changed:
 * its lines refuse every UPDATE, and the prescription itself only ever gains its "superseded" mark (triggers in
 * migration 0013…_clinical). A correction is a new prescription that supersedes the old one, which stays readable.
 */

/** Common generic drugs with their strengths (reference data, db/seed/drugs.ts): suggestions for a prescription line. */
export const drugs = pgTable(
  'drugs',
  {
    id: smallint('id').primaryKey(),
    name: text('name').notNull(),
    strength: text('strength').notNull(),
    /** The unit it is usually dispensed in. */
    form: text('form').notNull(),
  },
  (t) => [check('drugs_form', sql`${t.form} in (${sqlList(DRUG_UNITS)})`), uniqueIndex('drugs_name_strength').on(t.name, t.strength)],
);

/** A doctor's practising licence number (chứng chỉ hành nghề): required to write clinical data. */
export const doctorLicences = pgTable('doctor_licences', {
  userId: cascadingKey('user_id', () => users.id),
  licenceNumber: text('licence_number').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The examination's result: diagnostic, medical history, re-exam date, advice (spec §3, §5). One per order. */
export const examinations = pgTable(
  'examinations',
  {
    orderId: cascadingKey('order_id', () => orders.id),
    doctorId: requiredRef('doctor_id', () => users.id),
    diagnostic: text('diagnostic').notNull(),
    medicalHistory: text('medical_history').notNull(),
    reExamDate: date('re_exam_date', { mode: 'string' }).notNull(),
    advice: text('advice').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('examinations_doctor').on(t.doctorId)],
);

/** A prescription of an order: immutable once created; a newer one may supersede it (who, when, by which). */
export const prescriptions = pgTable(
  'prescriptions',
  {
    id: randomId(),
    orderId: cascadingRef('order_id', () => orders.id),
    doctorId: requiredRef('doctor_id', () => users.id),
    /** The licence number the doctor wrote it under, kept as it was then. */
    licenceNumber: text('licence_number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    supersededBy: uuid('superseded_by').references(() => users.id),
    replacedBy: uuid('replaced_by'),
  },
  (t) => [
    index('prescriptions_order').on(t.orderId, t.createdAt),
    // At most one current prescription per order: two doctors' tabs cannot both create "the" prescription.
    uniqueIndex('prescriptions_one_current')
      .on(t.orderId)
      .where(sql`${t.supersededAt} is null`),
    check(
      'prescriptions_superseded_whole',
      sql`(${t.supersededAt} is null) = (${t.supersededBy} is null) and (${t.supersededAt} is null) = (${t.replacedBy} is null)`,
    ),
  ],
);

/** One line: drug name, quantity, unit (Other with its name), usage (spec §3). */
export const prescriptionLines = pgTable(
  'prescription_lines',
  {
    prescriptionId: cascadingRef('prescription_id', () => prescriptions.id),
    position: smallint('position').notNull(),
    drugName: text('drug_name').notNull(),
    quantity: numeric('quantity', { precision: 9, scale: 2, mode: 'number' }).notNull(),
    unit: text('unit').notNull(),
    unitName: text('unit_name'),
    dose: text('dose').notNull(),
    timesPerDay: smallint('times_per_day').notNull(),
    days: smallint('days').notNull(),
    mealTiming: text('meal_timing').notNull(),
    note: text('note'),
  },
  (t) => [
    primaryKey({ columns: [t.prescriptionId, t.position] }),
    check('prescription_lines_quantity', sql`${t.quantity} > 0`),
    check('prescription_lines_unit', sql`${t.unit} in (${sqlList(DRUG_UNITS)})`),
    check(
      'prescription_lines_other_named',
      sql`${t.unit} <> ${sqlList([OTHER_DRUG_UNIT])} or length(btrim(coalesce(${t.unitName}, ''))) > 0`,
    ),
    check('prescription_lines_meal', sql`${t.mealTiming} in (${sqlList(MEAL_TIMINGS)})`),
    check('prescription_lines_usage', sql`${t.timesPerDay} > 0 and ${t.days} > 0`),
  ],
);
