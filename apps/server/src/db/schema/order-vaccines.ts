import { sql } from 'drizzle-orm';
import { check, pgTable, text } from 'drizzle-orm/pg-core';
import { cascadingKey } from './columns.ts';
import { orders } from './orders.ts';

/**
 * What a vaccine order holds (issue 50, decision 043; spec §3 "a vaccine order holds a vaccine and a vaccineDose"): one
 * row per order of the `vaccine` category, beside its detail; the date, hour, status and note are the order's own.
 * A dose id is `<vaccine>.<order>` of that vaccine (the one check here: the lists of vaccines and schedules are the
 * contract's to check, so that a new vaccine of @rhc/domain needs no migration).
 */
export const orderVaccines = pgTable(
  'order_vaccines',
  {
    orderId: cascadingKey('order_id', () => orders.id),
    vaccineId: text('vaccine_id').notNull(),
    vaccineDoseId: text('vaccine_dose_id').notNull(),
    scheduleId: text('schedule_id').notNull(),
  },
  (t) => [check('order_vaccines_dose_of_vaccine', sql`${t.vaccineDoseId} ~ ('^' || ${t.vaccineId} || '\\.[1-9][0-9]?$')`)],
);
