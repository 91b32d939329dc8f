import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Operator-editable settings as validated JSON values (e.g. the footer's support contact).
 * Each key's value shape is a zod schema in the contracts package; the repository validates on read.
 */
export const appSettings = pgTable(
  'app_settings',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('app_settings_key_format', sql`${table.key} ~ '^[a-z][a-z0-9_]*$'`)],
);
