import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { workUnits } from './accounts.ts';
import { orders } from './orders.ts';

/*
 * Counted places (issue 51, decision 044): what a lab or imaging order holds instead of a doctor's time. A resource is
 * reference data (db/seed/capacity.ts); `capacity_taken` counts its places per start, taken by one atomic
 * `INSERT … ON CONFLICT DO UPDATE SET taken = taken + 1` in the booking's statement, which its CHECK (taken <= places)
 * fails when the last place is gone; `order_places` says which order holds which, so a place is freed once only.
 */

/** A bookable resource: a clinic's home-collection team for a district, its sampling room, or an imaging machine. */
export const capacityResources = pgTable(
  'capacity_resources',
  {
    id: serial('id').primaryKey(),
    /** CAPACITY_KINDS of @rhc/domain: lab_home, lab_clinic, imaging. */
    kind: text('kind').notNull(),
    /** The clinic it belongs to (a home team leaves from one). */
    workUnitId: smallint('work_unit_id')
      .notNull()
      .references(() => workUnits.id),
    /** lab_home: the area it visits (a former district's code, decision 044); '' otherwise. */
    district: text('district').notNull().default(''),
    /** imaging: the modality (IMAGING_TYPES); '' otherwise. */
    modality: text('modality').notNull().default(''),
    /** imaging: which of the clinic's machines of that modality (1, 2…); 1 otherwise. */
    machine: smallint('machine').notNull().default(1),
    /** Places per window or slot: collectors × visits in a window, chairs, or 1 for a machine. */
    places: smallint('places').notNull(),
  },
  (t) => [
    unique('capacity_resources_unique').on(t.kind, t.workUnitId, t.district, t.modality, t.machine),
    check('capacity_resources_kind', sql`${t.kind} in ('lab_home', 'lab_clinic', 'imaging')`),
    check('capacity_resources_places', sql`${t.places} > 0`),
  ],
);

/** How many places of a resource are taken at a start. */
export const capacityTaken = pgTable(
  'capacity_taken',
  {
    resourceId: integer('resource_id')
      .notNull()
      .references(() => capacityResources.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** The resource's places, as they stood at the last booking (a lowered capacity refuses new bookings, never old ones). */
    places: smallint('places').notNull(),
    taken: smallint('taken').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.resourceId, t.startsAt] }),
    check('capacity_taken_not_negative', sql`${t.taken} >= 0`),
    // The guarantee (decision 044): a booking beyond the places fails its statement here, under any concurrency.
    check('capacity_taken_within_places', sql`${t.taken} <= ${t.places}`),
  ],
);

/** Which order holds a place of which resource at which start (one per order). */
export const orderPlaces = pgTable(
  'order_places',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => capacityResources.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_places_resource').on(t.resourceId, t.startsAt)],
);
