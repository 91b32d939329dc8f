import {
  ACTIVE_ORDER_STATUSES,
  CALENDAR_CATEGORIES,
  clockTime,
  type Recurrence,
  type WorkMode,
  type WorkTime as DomainWorkTime,
} from '@rhc/domain';
import { and, asc, eq, gt, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { holdDoctorCalendar, holidaysJson, workTimesJson, type WorkTimeRule, type WorkTimeWithUnit } from '../../db/doctor-calendar.ts';
import { holdsSlot } from '../../db/slot-holding.ts';
import {
  doctorHolidays,
  doctorProfiles,
  doctorWorkTimes,
  examTypes,
  orderDetails,
  orders,
  users,
  workUnits,
} from '../../db/schema/index.ts';

export type WorkTimeRow = typeof doctorWorkTimes.$inferSelect;
export type HolidayRow = typeof doctorHolidays.$inferSelect;
export type NewWorkTime = Omit<typeof doctorWorkTimes.$inferInsert, 'id' | 'doctorId' | 'createdAt' | 'updatedAt'>;
export type WorkUnitRow = typeof workUnits.$inferSelect;
export type { WorkTimeRule };

/** A booking to come that holds the doctor's time (booked or confirmed, a calendar category), as a change of schedule reads it. */
export interface BookingToCome {
  id: string;
  code: string;
  mode: WorkMode;
  status: number;
  startsAt: Date;
  endsAt: Date;
  patientName: string;
}

/** Everything a month of free slots is computed from, read in one round trip. */
export interface FreeTimeInputs {
  doctor: { jobId: number | null; verifiedAt: Date | null };
  examType: { mode: string; slotMinutes: number } | null;
  workTimes: WorkTimeWithUnit[];
  holidays: { startDate: string; endDate: string }[];
  busy: { startsAt: Date; endsAt: Date }[];
}

/** A stored work time as the domain's recurrence functions read it. An end at midnight is 24:00. */
export function toDomainWorkTime(row: WorkTimeRule): DomainWorkTime & { id: string; workUnitId: number | null } {
  const recurrence: Recurrence =
    row.recurrenceType === 'none' || !row.untilDay
      ? { type: 'none' }
      : {
          type: row.recurrenceType as Exclude<Recurrence['type'], 'none'>,
          interval: row.recurrenceInterval,
          weekdays: row.weekdays,
          until: row.untilDay,
        };
  return {
    id: row.id,
    day: row.firstDay,
    start: clockTime(row.startMinute),
    end: clockTime(row.endMinute),
    mode: row.mode as WorkMode,
    recurrence,
    workUnitId: row.workUnitId,
  };
}

/** The only SQL for doctor_work_times and doctor_holidays (and the reads of work units and orders schedules need). */
export function createSchedulesRepository(db: Db) {
  // The free-slot reads (the busiest of the booking screens) run these: prepared once, planned once per connection.
  const workTimesOfDoctor = db
    .select()
    .from(doctorWorkTimes)
    .where(eq(doctorWorkTimes.doctorId, sql.placeholder('doctorId')))
    .orderBy(doctorWorkTimes.firstDay, doctorWorkTimes.startMinute)
    .prepare('work_times_of_doctor');
  const workTimesOfDoctorInMode = db
    .select()
    .from(doctorWorkTimes)
    .where(and(eq(doctorWorkTimes.doctorId, sql.placeholder('doctorId')), eq(doctorWorkTimes.mode, sql.placeholder('mode'))))
    .orderBy(doctorWorkTimes.firstDay, doctorWorkTimes.startMinute)
    .prepare('work_times_of_doctor_in_mode');
  const holidaysOfDoctor = db
    .select()
    .from(doctorHolidays)
    .where(eq(doctorHolidays.doctorId, sql.placeholder('doctorId')))
    .orderBy(doctorHolidays.startDate)
    .prepare('holidays_of_doctor');
  const activeOrderSpans = db
    .select({ startsAt: orders.startsAt, endsAt: orders.endsAt })
    .from(orders)
    .where(
      and(
        eq(orders.doctorId, sql.placeholder('doctorId')),
        holdsSlot(),
        lt(orders.startsAt, sql.placeholder('to')),
        gt(orders.endsAt, sql.placeholder('from')),
      ),
    )
    .orderBy(orders.startsAt)
    .prepare('active_order_spans');
  // The free-slot read in one statement: the doctor's row, with the exam type, the work times of the mode, the days
  // off and the held times as correlated JSON subqueries (five round trips become one).
  const freeTimeInputs = db
    .select({
      jobId: users.jobId,
      verifiedAt: doctorProfiles.verifiedAt,
      examType: sql<
        FreeTimeInputs['examType']
      >`(select json_build_object('mode', ${examTypes.mode}, 'slotMinutes', ${examTypes.slotMinutes})
        from ${examTypes} where ${examTypes.id} = ${sql.placeholder('examTypeId')})`,
      workTimes: workTimesJson<WorkTimeWithUnit>(users.id, sql.placeholder('mode'), true),
      holidays: holidaysJson(users.id),
      busy: sql<[string, string][]>`(select coalesce(json_agg(json_build_array(${orders.startsAt}, ${orders.endsAt})), '[]'::json)
        from ${orders} where ${orders.doctorId} = ${users.id} and ${holdsSlot()}
          and ${orders.startsAt} < ${sql.placeholder('to')}::timestamptz and ${orders.endsAt} > ${sql.placeholder('from')}::timestamptz)`,
    })
    .from(users)
    .leftJoin(doctorProfiles, eq(doctorProfiles.userId, users.id))
    .where(and(eq(users.id, sql.placeholder('doctorId')), isNull(users.deletedAt)))
    .prepare('free_time_inputs');
  return {
    /** An account's erasure (decision 052): a doctor's working times and days off. Answers how many rows went. */
    async eraseDoctor(doctorId: string): Promise<number> {
      const times = await db.delete(doctorWorkTimes).where(eq(doctorWorkTimes.doctorId, doctorId)).returning({ id: doctorWorkTimes.id });
      const days = await db.delete(doctorHolidays).where(eq(doctorHolidays.doctorId, doctorId)).returning({ id: doctorHolidays.id });
      return times.length + days.length;
    },
    /** Undefined when there is no such (living) account. */
    async findFreeTimeInputs(input: {
      doctorId: string;
      mode: WorkMode;
      examTypeId?: number;
      from: Date;
      to: Date;
    }): Promise<FreeTimeInputs | undefined> {
      const [row] = await freeTimeInputs.execute({
        doctorId: input.doctorId,
        mode: input.mode,
        examTypeId: input.examTypeId ?? null,
        from: input.from.toISOString(),
        to: input.to.toISOString(),
      });
      if (!row) return undefined;
      return {
        doctor: { jobId: row.jobId, verifiedAt: row.verifiedAt },
        examType: row.examType,
        workTimes: row.workTimes,
        holidays: row.holidays,
        busy: row.busy.map(([startsAt, endsAt]) => ({ startsAt: new Date(startsAt), endsAt: new Date(endsAt) })),
      };
    },
    async listWorkTimes(doctorId: string, mode?: WorkMode): Promise<WorkTimeRow[]> {
      return mode ? workTimesOfDoctorInMode.execute({ doctorId, mode }) : workTimesOfDoctor.execute({ doctorId });
    },
    async listHolidays(doctorId: string): Promise<HolidayRow[]> {
      return holidaysOfDoctor.execute({ doctorId });
    },
    /** Whose working time or day off an id names, for the access gate (undefined: none). */
    async workTimeDoctor(id: string): Promise<string | undefined> {
      const [row] = await db.select({ doctorId: doctorWorkTimes.doctorId }).from(doctorWorkTimes).where(eq(doctorWorkTimes.id, id));
      return row?.doctorId;
    },
    async holidayDoctor(id: string): Promise<string | undefined> {
      const [row] = await db.select({ doctorId: doctorHolidays.doctorId }).from(doctorHolidays).where(eq(doctorHolidays.id, id));
      return row?.doctorId;
    },
    async findWorkTime(doctorId: string, id: string): Promise<WorkTimeRow | undefined> {
      const [row] = await db
        .select()
        .from(doctorWorkTimes)
        .where(and(eq(doctorWorkTimes.id, id), eq(doctorWorkTimes.doctorId, doctorId)));
      return row;
    },
    /** Every working time of the doctor but `exceptId` (the one being changed). */
    async listOtherWorkTimes(doctorId: string, exceptId?: string): Promise<WorkTimeRow[]> {
      return db
        .select()
        .from(doctorWorkTimes)
        .where(and(eq(doctorWorkTimes.doctorId, doctorId), exceptId ? ne(doctorWorkTimes.id, exceptId) : undefined));
    },
    async insertWorkTime(doctorId: string, values: NewWorkTime, now: Date): Promise<WorkTimeRow> {
      const [row] = await db
        .insert(doctorWorkTimes)
        .values({ ...values, doctorId, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('work time insert returned nothing');
      return row;
    },
    /** Changes the doctor's own work time; undefined when it is not theirs. */
    async updateWorkTime(doctorId: string, id: string, values: NewWorkTime, now: Date): Promise<WorkTimeRow | undefined> {
      const [row] = await db
        .update(doctorWorkTimes)
        .set({ ...values, updatedAt: now })
        .where(and(eq(doctorWorkTimes.id, id), eq(doctorWorkTimes.doctorId, doctorId)))
        .returning();
      return row;
    },
    async deleteWorkTime(doctorId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(doctorWorkTimes)
        .where(and(eq(doctorWorkTimes.id, id), eq(doctorWorkTimes.doctorId, doctorId)))
        .returning({ id: doctorWorkTimes.id });
      return rows.length > 0;
    },
    async insertHoliday(doctorId: string, startDate: string, endDate: string, now: Date): Promise<HolidayRow> {
      const [row] = await db.insert(doctorHolidays).values({ doctorId, startDate, endDate, createdAt: now }).returning();
      if (!row) throw new Error('holiday insert returned nothing');
      return row;
    },
    async deleteHoliday(doctorId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(doctorHolidays)
        .where(and(eq(doctorHolidays.id, id), eq(doctorHolidays.doctorId, doctorId)))
        .returning({ id: doctorHolidays.id });
      return rows.length > 0;
    },
    async listWorkUnits(ids: number[]): Promise<WorkUnitRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(workUnits).where(inArray(workUnits.id, ids));
    },
    async findWorkUnit(id: number): Promise<WorkUnitRow | undefined> {
      const [row] = await db.select().from(workUnits).where(eq(workUnits.id, id));
      return row;
    },
    /**
     * The doctor's bookings that start after `now` and within [from, to), booked or confirmed, of the categories that hold
     * the doctor's time (decision 044): what a change of working time or days off may leave outside working time.
     */
    async listBookingsToCome(doctorId: string, from: Date, to: Date, now: Date): Promise<BookingToCome[]> {
      const start = from.getTime() > now.getTime() ? from : now;
      const rows = await db
        .select({
          id: orders.id,
          code: orders.code,
          mode: orders.mode,
          status: orders.status,
          startsAt: orders.startsAt,
          endsAt: orders.endsAt,
          patientName: orderDetails.patientName,
        })
        .from(orders)
        .innerJoin(orderDetails, eq(orderDetails.orderId, orders.id))
        .where(
          and(
            eq(orders.doctorId, doctorId),
            inArray(orders.status, [...ACTIVE_ORDER_STATUSES]),
            inArray(orders.category, [...CALENDAR_CATEGORIES]),
            gt(orders.startsAt, now),
            gte(orders.startsAt, start),
            lt(orders.startsAt, to),
          ),
        )
        .orderBy(asc(orders.startsAt));
      return rows.map((row) => ({ ...row, mode: row.mode as WorkMode }));
    },
    /** The spans of the doctor's active orders that overlap [from, to): what is no longer free, and the day's bookings. */
    async listActiveOrderSpans(doctorId: string, from: Date, to: Date): Promise<{ startsAt: Date; endsAt: Date }[]> {
      // Instants cross as ISO text: a placeholder skips the column's own conversion of a Date.
      return activeOrderSpans.execute({ doctorId, from: from.toISOString(), to: to.toISOString() });
    },
  };
}
export type SchedulesRepository = ReturnType<typeof createSchedulesRepository>;

/**
 * Runs `work` in a transaction that holds the doctor's schedule lock, so two concurrent changes of one doctor's
 * working time are checked for overlap one after the other (the check reads, then writes; without the lock both
 * could read the old state and both pass).
 */
export async function withDoctorScheduleLock<T>(
  db: Db,
  doctorId: string,
  work: (repository: SchedulesRepository, tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await holdDoctorCalendar(tx, doctorId);
    return work(createSchedulesRepository(tx), tx);
  });
}
