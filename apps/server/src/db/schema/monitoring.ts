import { MEASURE_LIMITS, MEASUREMENT_CATEGORIES } from '@rhc/domain';
import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { profiles } from './relatives.ts';
import { sqlList } from './sql-list.ts';
import { randomId } from './columns.ts';

/*
 * Health monitoring (issue 16, decision 023).
 */

/**
 * A reading of spec §3 "Health measurement", belonging to a person (profile). Blood sugar is stored in mg/dL; the BMI is
 * the server's, from height and weight. Blood pressure is systolic, diastolic and heart rate together (spec §5).
 */
export const healthMeasurements = pgTable(
  'health_measurements',
  {
    id: randomId(),
    profileId: uuid('profile_id')
      .notNull()
      // No cascade: deleting a profile that has readings archives it instead (relatives.service deleteProfile), so a
      // person's health data is never erased as a side effect.
      .references(() => profiles.id),
    /** The account that wrote it (the person, or the profile's manager); kept null if that account goes. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
    systolic: smallint('systolic'),
    diastolic: smallint('diastolic'),
    heartRate: smallint('heart_rate'),
    bloodSugar: numeric('blood_sugar', { precision: 5, scale: 1, mode: 'number' }),
    height: numeric('height', { precision: 4, scale: 1, mode: 'number' }),
    weight: numeric('weight', { precision: 4, scale: 1, mode: 'number' }),
    bmi: numeric('bmi', { precision: 6, scale: 1, mode: 'number' }),
    symptoms: text('symptoms').notNull().default(''),
    note: text('note').notNull().default(''),
    category: text('category').notNull().default('routine'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('health_measurements_profile_measured').on(t.profileId, t.measuredAt.desc()),
    check('health_measurements_category', sql`${t.category} in (${sqlList(MEASUREMENT_CATEGORIES)})`),
    check(
      'health_measurements_blood_pressure_together',
      sql`(${t.systolic} is null and ${t.diastolic} is null and ${t.heartRate} is null) or (${t.systolic} is not null and ${t.diastolic} is not null and ${t.heartRate} is not null and ${t.diastolic} < ${t.systolic})`,
    ),
    check(
      'health_measurements_positive',
      sql`coalesce(${t.systolic}, 1) between 1 and ${sql.raw(String(MEASURE_LIMITS.systolic.max))} and coalesce(${t.diastolic}, 1) between 1 and ${sql.raw(String(MEASURE_LIMITS.diastolic.max))} and coalesce(${t.heartRate}, 1) between 1 and ${sql.raw(String(MEASURE_LIMITS.heartRate.max))} and coalesce(${t.bloodSugar}, 1) > 0 and coalesce(${t.height}, 20) >= 20 and coalesce(${t.weight}, 1) > 0 and coalesce(${t.bmi}, 1) > 0`,
    ),
  ],
);
