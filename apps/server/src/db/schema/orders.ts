import {
  GENDERS,
  ORDER_CATEGORIES,
  ORDER_KIND,
  ORDER_STATUS,
  ORDER_STATUS_CODES,
  VN_CALLING_CODE,
  VN_COUNTRY_NAME,
  WORK_MODES,
} from '@rhc/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users, workUnits } from './accounts.ts';
import { examTypes, specialties } from './catalog.ts';
import { profiles } from './relatives.ts';
import { sqlList } from './sql-list.ts';
import { cascadingKey, cascadingRef, randomId } from './columns.ts';

/**
 * A booking of any kind (examination, lab test, imaging, vaccination), spec §3 "Order". Status codes of §4:
 * 0 booked, 1 done, 2 cancel, 3 verified, 4 infostore; kinds 0 self, 1 relative, 2 doctor.
 * The slot lives here (doctor, start, end) so one exclusion constraint (migration 0004) makes a double booking
 * impossible: two active orders of one doctor can never overlap in time.
 */
export const orders = pgTable(
  'orders',
  {
    id: randomId(),
    /** Short reference a person reads out on the phone (RHC-XXXXXXXX). */
    code: text('code').notNull().unique(),
    /** Unguessable (256-bit) code of the public tracking page. */
    secureCode: text('secure_code').notNull().unique(),
    /** Whose account the order belongs to (the person who booked). */
    userId: cascadingRef('user_id', () => users.id),
    kind: smallint('kind').notNull(),
    /**
     * The person the booking is for (issue 14): the booker's own profile, or a profile they manage; null for a relative
     * typed in by hand. A doctor sees a patient's shared data through an order assigned to them for that profile.
     */
    profileId: uuid('profile_id').references(() => profiles.id),
    category: text('category').notNull(),
    mode: text('mode').notNull(),
    status: smallint('status').notNull().default(ORDER_STATUS.booked),
    doctorId: uuid('doctor_id').references(() => users.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').notNull(),
    updatedBy: uuid('updated_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Raised by every change: the messages telling of a change name the version it made (issue 12, one message per change). */
    version: integer('version').notNull().default(0),
    /** This booking's reminder lead times in minutes (issue 12); null follows the person's default (users.reminder_minutes). */
    reminderMinutes: integer('reminder_minutes').array(),
  },
  (t) => [
    check('orders_kind', sql`${t.kind} in (${sqlList(Object.values(ORDER_KIND))})`),
    check('orders_status', sql`${t.status} in (${sqlList(ORDER_STATUS_CODES)})`),
    check('orders_category', sql`${t.category} in (${sqlList(ORDER_CATEGORIES)})`),
    check('orders_mode', sql`${t.mode} in (${sqlList(WORK_MODES)})`),
    check('orders_time', sql`${t.startsAt} < ${t.endsAt}`),
    index('orders_user_starts').on(t.userId, t.startsAt),
    index('orders_doctor_starts').on(t.doctorId, t.startsAt),
    index('orders_profile').on(t.profileId),
  ],
);

/** What was booked and for whom (spec §3 "Order detail", "Customer/patient info"). One row per order. */
export const orderDetails = pgTable(
  'order_details',
  {
    orderId: cascadingKey('order_id', () => orders.id),
    specialtyId: smallint('specialty_id').references(() => specialties.id),
    examTypeId: smallint('exam_type_id').references(() => examTypes.id),
    workUnitId: smallint('work_unit_id').references(() => workUnits.id),
    /** The calendar day and hour in Vietnam, as the person chose them. */
    checkDay: date('check_day', { mode: 'string' }).notNull(),
    checkHour: text('check_hour').notNull(),
    /** A time the person asked for themself rather than one of the doctor's free slots. */
    timeCustom: boolean('time_custom').notNull().default(false),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    meetingLink: text('meeting_link'),
    cancelReason: text('cancel_reason'),
    patientName: text('patient_name').notNull(),
    patientPhone: text('patient_phone').notNull(),
    callingCode: text('calling_code').notNull().default(VN_CALLING_CODE),
    countryName: text('country_name').notNull().default(VN_COUNTRY_NAME),
    patientGender: text('patient_gender').notNull().default('male'),
    patientBirthday: date('patient_birthday', { mode: 'string' }).notNull(),
    patientEmail: text('patient_email'),
    patientAddress: text('patient_address').notNull().default(''),
  },
  (t) => [check('order_details_gender', sql`${t.patientGender} in (${sqlList(GENDERS)})`)],
);

/**
 * Idempotency keys of order-creating POSTs (R2): the same key and body replay the first answer; the same key with
 * another body answers 422. Kept per user, so one person's key never reveals another's answer.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: cascadingRef('user_id', () => users.id),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_created').on(t.createdAt)],
);
