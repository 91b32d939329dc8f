import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { cascadingKey } from './columns.ts';
import { orders } from './orders.ts';

/**
 * What a lab order holds (issue 51, decisions 044; spec §3 diagnostic test order): one row per order of the `lab`
 * category, beside its detail; the day, time, status and note are the order's own, the clinic the detail's work unit.
 * The test and package ids are the contract's to check (a new test of @rhc/domain needs no migration); the total is
 * the price the person was shown when they booked.
 */
export const orderLab = pgTable(
  'order_lab',
  {
    orderId: cascadingKey('order_id', () => orders.id),
    atHome: boolean('at_home').notNull(),
    /** At home: the area's code, the address and the phone to call on the way (spec `orderAdress`, `orderPhone`). */
    district: text('district'),
    address: text('address'),
    phone: text('phone'),
    packageIds: text('package_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    testIds: text('test_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    totalVnd: integer('total_vnd').notNull(),
  },
  (t) => [
    check('order_lab_something', sql`cardinality(${t.packageIds}) + cardinality(${t.testIds}) >= 1`),
    check('order_lab_home', sql`not ${t.atHome} or (${t.district} is not null and ${t.address} is not null and ${t.phone} is not null)`),
    check('order_lab_total', sql`${t.totalVnd} >= 0`),
  ],
);
