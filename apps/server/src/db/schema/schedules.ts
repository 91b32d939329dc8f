import { RECURRENCE_UNITS, WORK_MODES } from '@rhc/domain';
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users, workUnits } from './accounts.ts';
import { sqlList } from './sql-list.ts';
import { cascadingRef, randomId } from './columns.ts';

/**
 * A doctor's working time (spec §3): one day, a start and an end in Asia/Ho_Chi_Minh (minutes after midnight;
 * Vietnam has no daylight saving, so a local time is one instant), and an optional recurrence. In-person ("direct")
 * work happens at a work unit; online work does not need one.
 */
export const doctorWorkTimes = pgTable(
  'doctor_work_times',
  {
    id: randomId(),
    doctorId: cascadingRef('doctor_id', () => users.id),
    mode: text('mode').notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
    recurrenceType: text('recurrence_type').notNull().default('none'),
    recurrenceInterval: smallint('recurrence_interval').notNull().default(1),
    /** ISO weekdays (1 Monday … 7 Sunday) of a weekly recurrence. */
    weekdays: smallint('weekdays')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    untilDay: date('until_day', { mode: 'string' }),
    workUnitId: smallint('work_unit_id').references(() => workUnits.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('work_times_mode', sql`${t.mode} in (${sqlList(WORK_MODES)})`),
    check('work_times_range', sql`0 <= ${t.startMinute} and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440`),
    check('work_times_recurrence', sql`${t.recurrenceType} in (${sqlList(['none', ...RECURRENCE_UNITS])})`),
    check('work_times_interval', sql`${t.recurrenceInterval} between 1 and 365`),
    check(
      'work_times_until',
      sql`(${t.recurrenceType} = 'none' and ${t.untilDay} is null) or (${t.recurrenceType} <> 'none' and ${t.untilDay} >= ${t.firstDay})`,
    ),
    check('work_times_place', sql`${t.mode} = 'online' or ${t.workUnitId} is not null`),
    index('work_times_doctor').on(t.doctorId, t.firstDay),
  ],
);

/** A doctor's days off (inclusive range of calendar days in Vietnam). */
export const doctorHolidays = pgTable(
  'doctor_holidays',
  {
    id: randomId(),
    doctorId: cascadingRef('doctor_id', () => users.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('holidays_range', sql`${t.startDate} <= ${t.endDate}`), index('holidays_doctor').on(t.doctorId, t.startDate)],
);
