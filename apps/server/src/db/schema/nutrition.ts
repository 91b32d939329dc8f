import { NUTRITION_CONCLUSIONS, RECORD_DAY_MIN } from '@rhc/domain';
import type { NutritionAssessmentView, NutritionFields } from '@rhc/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { profiles } from './relatives.ts';
import { sqlList } from './sql-list.ts';
import { randomId, requiredRef } from './columns.ts';

/*
 * The nutrition assessment and plan history (issue 52, decision 041).
 */

/** What a record keeps of the body beyond its columns: the criteria, the examination and the plan (spec §3). */
export type NutritionAnswers = Omit<NutritionFields, 'examinedOn' | 'heightCm' | 'weightKg' | 'weightThreeMonthsAgoKg'>;

/**
 * A nutrition assessment of a person (profile): the exam day and the measures it is computed from as columns, the other
 * answers as one JSON object validated by the contract before it is written, and what the server computed from them
 * (`assessNutrition`) with the conclusion, one of spec §3's eight, as a column the list shows.
 */
export const nutritionAssessments = pgTable(
  'nutrition_assessments',
  {
    id: randomId(),
    // No cascade: a managed profile with health data is archived, not erased (decision 022).
    profileId: requiredRef('profile_id', () => profiles.id),
    examinedOn: date('examined_on', { mode: 'string' }).notNull(),
    heightCm: numeric('height_cm', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    weightKg: numeric('weight_kg', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    weightThreeMonthsAgoKg: numeric('weight_three_months_ago_kg', { precision: 4, scale: 1, mode: 'number' }),
    answers: jsonb('answers').$type<NutritionAnswers>().notNull(),
    assessment: jsonb('assessment').$type<NutritionAssessmentView>().notNull(),
    conclusion: text('conclusion').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('nutrition_assessments_profile_day').on(t.profileId, t.examinedOn.desc(), t.createdAt.desc()),
    check('nutrition_assessments_day', sql`${t.examinedOn} >= ${sql.raw(`'${RECORD_DAY_MIN}'`)}`),
    check('nutrition_assessments_conclusion', sql`${t.conclusion} in (${sqlList(NUTRITION_CONCLUSIONS)})`),
    check(
      'nutrition_assessments_measures',
      sql`${t.heightCm} >= 20 and ${t.weightKg} > 0 and coalesce(${t.weightThreeMonthsAgoKg}, 1) > 0`,
    ),
  ],
);
