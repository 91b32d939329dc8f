import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { cascadingKey } from './columns.ts';
import { orders } from './orders.ts';

/**
 * What an imaging order holds (issue 51, decisions 044 and 045; spec §3 the order request's `render`, `contrast`,
 * `items`): one row per order of the `imaging` category, beside its detail; the day, time, status and note are the
 * order's own, the clinic the detail's work unit, the machine its row of order_places. The type and part ids are the
 * contract's to check (a new part of @rhc/domain needs no migration); the total is the price the person was shown.
 */
export const orderImaging = pgTable(
  'order_imaging',
  {
    orderId: cascadingKey('order_id', () => orders.id),
    /** IMAGING_TYPES of @rhc/domain: ULTRASOUND, XRAY, CT, MRI. */
    type: text('type').notNull(),
    /** The organs or body parts (IMAGING_PARTS), each once. */
    items: text('items').array().notNull(),
    contrast: boolean('contrast').notNull(),
    /** The MRI screening answers (spec `render`), true for "yes"; null for another type. */
    screening: jsonb('screening').$type<Record<string, boolean>>(),
    /** The answers asked before contrast medium; null without contrast. */
    contrastAnswers: jsonb('contrast_answers').$type<Record<string, boolean>>(),
    /** The "yes" answers the imaging staff review before confirming (`screening.pacemaker`…); empty: none needed. */
    review: text('review')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    totalVnd: integer('total_vnd').notNull(),
  },
  (t) => [check('order_imaging_items', sql`cardinality(${t.items}) >= 1`), check('order_imaging_total', sql`${t.totalVnd} >= 0`)],
);
