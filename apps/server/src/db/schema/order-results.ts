import { CONCLUSION_MAX_LENGTH } from '@rhc/domain';
import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { cascadingKey } from './columns.ts';
import { orders } from './orders.ts';

/**
 * The results of a lab or imaging order (issue 51, decision 046), beside the order: when its staff marked the sample
 * taken or the scan done, and the conclusion they wrote. The result files are the order's files (`documents`, of the
 * category's type, added by its staff). One row per order that has any, written by its staff's steps.
 */
export const orderResults = pgTable(
  'order_results',
  {
    orderId: cascadingKey('order_id', () => orders.id),
    performedAt: timestamp('performed_at', { withTimezone: true }),
    performedBy: uuid('performed_by').references(() => users.id, { onDelete: 'set null' }),
    conclusion: text('conclusion'),
    concludedAt: timestamp('concluded_at', { withTimezone: true }),
    concludedBy: uuid('concluded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('order_results_conclusion', sql`char_length(${t.conclusion}) <= ${sql.raw(String(CONCLUSION_MAX_LENGTH))}`)],
);
