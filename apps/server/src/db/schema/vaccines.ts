import { VACCINE_IDS } from '@rhc/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders } from './orders.ts';
import { profiles } from './relatives.ts';
import { sqlList } from './sql-list.ts';
import { cascadingKey, cascadingRef, randomId, requiredRef } from './columns.ts';

/*
 * Vaccinations (issue 50, decision 042): a person's doses, whether they want reminders of the next one, and the
 * reminders already sent. The statuses are computed from these and the schedule on every read, never stored.
 */

/**
 * A dose a person was given: added by hand (given elsewhere) or recorded by a completed vaccine order (`order_id`, one
 * dose per order).
 */
export const vaccinationHistory = pgTable(
  'vaccination_history',
  {
    id: randomId(),
    // No cascade: a managed profile with health data is archived, not erased (decision 022).
    infoId: requiredRef('info_id', () => profiles.id),
    vaccineId: text('vaccine_id').notNull(),
    givenOn: date('given_on', { mode: 'string' }).notNull(),
    place: text('place').notNull().default(''),
    note: text('note').notNull().default(''),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vaccination_history_info_day').on(t.infoId, t.givenOn),
    uniqueIndex('vaccination_history_order')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    check('vaccination_history_vaccine', sql`${t.vaccineId} in (${sqlList(VACCINE_IDS)})`),
  ],
);

/** Whether a person (or the profile's manager) is told of due doses; no row: yes (the default). */
export const vaccineReminderSettings = pgTable('vaccine_reminder_settings', {
  infoId: cascadingKey('info_id', () => profiles.id),
  enabled: boolean('enabled').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The reminders sent: one per person, dose and kind ("due", then "overdue"), claimed once across instances. */
export const vaccineRemindersSent = pgTable(
  'vaccine_reminders_sent',
  {
    infoId: cascadingRef('info_id', () => profiles.id),
    /** `<vaccine>.<order>` of the schedule the reminder was computed by. */
    doseId: text('dose_id').notNull(),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.infoId, t.doseId, t.kind] }),
    check('vaccine_reminders_sent_kind', sql`${t.kind} in ('due', 'overdue')`),
  ],
);
