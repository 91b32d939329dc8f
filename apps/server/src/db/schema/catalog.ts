import { WORK_MODES } from '@rhc/domain';
import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { sqlList } from './sql-list.ts';
import { cascadingRef } from './columns.ts';

type Names = { vi: string; en: string; zh: string };

/** Medical specialties a booking is made in (internal medicine, paediatrics, …), named in every language. */
export const specialties = pgTable('specialties', {
  id: smallint('id').primaryKey(),
  code: text('code').notNull().unique(),
  names: jsonb('names').$type<Names>().notNull(),
});

/** Kinds of examination (first visit, follow-up, specialist, online consultation …) and how long a slot of each lasts. */
export const examTypes = pgTable(
  'exam_types',
  {
    id: smallint('id').primaryKey(),
    code: text('code').notNull().unique(),
    names: jsonb('names').$type<Names>().notNull(),
    mode: text('mode').notNull(),
    slotMinutes: smallint('slot_minutes').notNull(),
  },
  (t) => [
    check('exam_types_mode', sql`${t.mode} in (${sqlList(WORK_MODES)})`),
    check('exam_types_slot_minutes', sql`${t.slotMinutes} between 5 and 240`),
  ],
);

/** The grid of hours a person may ask for when no doctor's slot suits (GET /api/exam-time, …/image-analysation). */
export const examTimeSlots = pgTable(
  'exam_time_slots',
  {
    id: smallint('id').primaryKey(),
    kind: text('kind').notNull(),
    /** Minutes after midnight in Asia/Ho_Chi_Minh. */
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
  },
  (t) => [
    check('exam_time_slots_kind', sql`${t.kind} in ('exam', 'imaging')`),
    check('exam_time_slots_range', sql`0 <= ${t.startMinute} and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440`),
  ],
);

/** Which specialties a doctor can be booked in. */
export const doctorSpecialties = pgTable(
  'doctor_specialties',
  {
    doctorId: cascadingRef('doctor_id', () => users.id),
    specialtyId: smallint('specialty_id')
      .notNull()
      .references(() => specialties.id),
  },
  (t) => [primaryKey({ columns: [t.doctorId, t.specialtyId] })],
);
