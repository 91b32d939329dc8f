import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  check,
} from 'drizzle-orm/pg-core';
import { users, workUnits } from './accounts.ts';
import { specialties, examTypes } from './catalog.ts';
import { orders } from './orders.ts';
import { cascadingRef, randomId } from './columns.ts';

/**
 * What the bell lists (issue 12): one row per thing a person was told in the app, written in the same transaction as
 * the change it tells of. The text is made when read, in the reader's language, from `event` and `params`.
 */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: cascadingRef('user_id', () => users.id),
    /** e.g. `patient.verified`, `reminder`, `offer.made` (the notifications namespace's keys). */
    event: text('event').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** The facts the text needs (code, day, hour, doctor, reason…), never rendered text. */
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    /** Same shape as the outbox's: a retried change writes the same key, and nothing is added. */
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    unique('user_notifications_dedupe_key').on(t.dedupeKey),
    index('user_notifications_user_created').on(t.userId, t.createdAt),
    index('user_notifications_unread')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * Reminders sent (issue 12): one row per booking, lead time and appointment start. Inserting the row claims the
 * reminder (ON CONFLICT DO NOTHING), so two server instances never send one twice; a moved booking (a new start) is
 * reminded again.
 */
export const orderRemindersSent = pgTable(
  'order_reminders_sent',
  {
    orderId: cascadingRef('order_id', () => orders.id),
    /** Minutes before the start. */
    minutesBefore: integer('minutes_before').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.minutesBefore, t.startsAt] })],
);

/**
 * "Tell me if something earlier opens" (issue 12): a patient's booking waiting for an earlier slot with the same doctor
 * (or, when `doctor_id` is null, any doctor of the specialty at the same clinic and mode) between two days.
 * First come, first offered: `created_at` orders the queue.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: randomId(),
    orderId: cascadingRef('order_id', () => orders.id),
    userId: cascadingRef('user_id', () => users.id),
    doctorId: uuid('doctor_id').references(() => users.id, { onDelete: 'cascade' }),
    specialtyId: smallint('specialty_id').references(() => specialties.id),
    examTypeId: smallint('exam_type_id').references(() => examTypes.id),
    workUnitId: smallint('work_unit_id').references(() => workUnits.id),
    mode: text('mode').notNull(),
    /** Vietnam days, inclusive. */
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    /** waiting | offered | moved | ended */
    status: text('status').notNull().default('waiting'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('waitlist_status', sql`${t.status} in ('waiting', 'offered', 'moved', 'ended')`),
    check('waitlist_days', sql`${t.fromDay} <= ${t.toDay}`),
    index('waitlist_doctor_waiting').on(t.doctorId, t.status, t.createdAt),
    index('waitlist_order').on(t.orderId),
  ],
);

/**
 * A freed slot offered to one waiting person (issue 12), held for them until `expires_at`: while an offer is open and
 * unexpired nobody else may book that doctor's time (checked under the doctor's calendar lock, like every booking).
 */
export const slotOffers = pgTable(
  'slot_offers',
  {
    id: randomId(),
    entryId: cascadingRef('entry_id', () => waitlistEntries.id),
    userId: cascadingRef('user_id', () => users.id),
    doctorId: cascadingRef('doctor_id', () => users.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * open | accepted | declined | expired | void; or vacated: not an offer but the time the entry's own booking moved
     * away from (issue 54), never to be offered back to it (the candidates skip an entry with any row at a start).
     */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('slot_offers_status', sql`${t.status} in ('open', 'accepted', 'declined', 'expired', 'void', 'vacated')`),
    check('slot_offers_time', sql`${t.startsAt} < ${t.endsAt}`),
    index('slot_offers_doctor_open')
      .on(t.doctorId, t.startsAt)
      .where(sql`${t.status} = 'open'`),
    index('slot_offers_entry').on(t.entryId),
  ],
);
