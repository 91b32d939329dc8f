import {
  ACTIVE_ORDER_STATUSES,
  CALENDAR_CATEGORIES,
  clockTime,
  type Recurrence,
  type WorkMode,
  type WorkTime as DomainWorkTime,
} from '@rhc/domain';
import type { Language } from '@rhc/i18n';
import { and, asc, eq, gt, gte, inArray, lt, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { holdDoctorCalendar, type WorkTimeRule } from '../../db/doctor-calendar.ts';
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

/** A work time of the free-slot read, with its clinic (a work unit, its name in the request language; null online). */
export type FreeTimeWorkTime = WorkTimeRule & { clinic: { id: number; name: string; address: string } | null };

/** Everything a month of free slots is computed from, read in one round trip. */
export interface FreeTimeInputs {
  doctor: { jobId: number | null; verifiedAt: Date | null };
  examType: { mode: string; slotMinutes: number } | null;
  workTimes: FreeTimeWorkTime[];
  holidays: { startDate: string; endDate: string }[];
  busy: { startsAt: Date; endsAt: Date }[];
}

/** What a row of the free-slot read is: the doctor (and the exam type), a work time, a day off, or a held time. */
const FREE_TIME_ROW = { doctor: 0, workTime: 1, holiday: 2, busy: 3 } as const;

/** A row of the free-slot read: the columns of its kind, nulls elsewhere. */
interface FreeTimeRow {
  kind: number;
  jobId: number | null;
  verifiedAt: number | null;
  examMode: string | null;
  slotMinutes: number | null;
  id: string | null;
  mode: string | null;
  fromDay: string | null;
  toDay: string | null;
  startMinute: number | null;
  endMinute: number | null;
  recurrenceType: string | null;
  recurrenceInterval: number | null;
  weekdays: number[] | null;
  workUnitId: number | null;
  unitName: string | null;
  unitAddress: string | null;
  startsAt: number | null;
  endsAt: number | null;
}

/** The rows of the free-slot read as its inputs; undefined without the doctor's row (no such living account). */
function toFreeTimeInputs(rows: FreeTimeRow[]): FreeTimeInputs | undefined {
  let inputs: FreeTimeInputs | undefined;
  const workTimes: FreeTimeWorkTime[] = [];
  const holidays: FreeTimeInputs['holidays'] = [];
  const busy: FreeTimeInputs['busy'] = [];
  for (const row of rows) {
    switch (row.kind) {
      case FREE_TIME_ROW.doctor:
        inputs = {
          doctor: { jobId: row.jobId, verifiedAt: row.verifiedAt === null ? null : new Date(row.verifiedAt) },
          examType: row.examMode === null ? null : { mode: row.examMode, slotMinutes: row.slotMinutes ?? 0 },
          workTimes,
          holidays,
          busy,
        };
        break;
      case FREE_TIME_ROW.workTime:
        workTimes.push({
          id: row.id ?? '',
          mode: row.mode ?? '',
          firstDay: row.fromDay ?? '',
          startMinute: row.startMinute ?? 0,
          endMinute: row.endMinute ?? 0,
          recurrenceType: row.recurrenceType ?? 'none',
          recurrenceInterval: row.recurrenceInterval ?? 1,
          weekdays: row.weekdays ?? [],
          untilDay: row.toDay,
          workUnitId: row.workUnitId,
          clinic:
            row.workUnitId === null || row.unitName === null
              ? null
              : { id: row.workUnitId, name: row.unitName, address: row.unitAddress ?? '' },
        });
        break;
      case FREE_TIME_ROW.holiday:
        holidays.push({ startDate: row.fromDay ?? '', endDate: row.toDay ?? '' });
        break;
      case FREE_TIME_ROW.busy:
        busy.push({ startsAt: new Date(row.startsAt ?? 0), endsAt: new Date(row.endsAt ?? 0) });
        break;
    }
  }
  return inputs;
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
  // The free-slot read in one statement (five round trips become one), as plain rows: the doctor's (with the exam
  // type), then the work times of the mode with their clinic's name in the request language, the days off and the
  // held times, each row its kind's columns and nulls elsewhere. Rows, not JSON built in SQL and parsed again in Node.
  const t = { u: users, p: doctorProfiles, e: examTypes, w: doctorWorkTimes, wu: workUnits, h: doctorHolidays, o: orders };
  const doctorId = sql.placeholder('doctorId');
  const epochMs = (column: SQLWrapper) => sql`(extract(epoch from ${column}) * 1000)::float8`;
  const freeTimeRows = db
    .select({
      kind: sql<number>`kind`,
      jobId: sql<number | null>`job_id`,
      verifiedAt: sql<number | null>`verified_at`,
      examMode: sql<string | null>`exam_mode`,
      slotMinutes: sql<number | null>`slot_minutes`,
      id: sql<string | null>`id`,
      mode: sql<string | null>`mode`,
      fromDay: sql<string | null>`from_day`,
      toDay: sql<string | null>`to_day`,
      startMinute: sql<number | null>`start_minute`,
      endMinute: sql<number | null>`end_minute`,
      recurrenceType: sql<string | null>`recurrence_type`,
      recurrenceInterval: sql<number | null>`recurrence_interval`,
      weekdays: sql<number[] | null>`weekdays`,
      workUnitId: sql<number | null>`work_unit_id`,
      unitName: sql<string | null>`unit_name`,
      unitAddress: sql<string | null>`unit_address`,
      startsAt: sql<number | null>`starts_at`,
      endsAt: sql<number | null>`ends_at`,
    })
    .from(
      sql`(
        select ${FREE_TIME_ROW.doctor}::int as kind, ${t.u.jobId}::int as job_id, ${epochMs(t.p.verifiedAt)} as verified_at,
          (select ${t.e.mode} from ${t.e} where ${t.e.id} = ${sql.placeholder('examTypeId')}) as exam_mode,
          (select ${t.e.slotMinutes} from ${t.e} where ${t.e.id} = ${sql.placeholder('examTypeId')})::int as slot_minutes,
          null::uuid as id, null::text as mode, null::text as from_day, null::text as to_day, null::int as start_minute,
          null::int as end_minute, null::text as recurrence_type, null::int as recurrence_interval, null::int2[] as weekdays,
          null::int as work_unit_id, null::text as unit_name, null::text as unit_address, null::float8 as starts_at,
          null::float8 as ends_at, 0 as sort
        from ${t.u} left join ${t.p} on ${t.p.userId} = ${t.u.id}
        where ${t.u.id} = ${doctorId} and ${t.u.deletedAt} is null
        union all
        select ${FREE_TIME_ROW.workTime}, null, null, null, null, ${t.w.id}, ${t.w.mode}, ${t.w.firstDay}::text, ${t.w.untilDay}::text,
          ${t.w.startMinute}, ${t.w.endMinute}, ${t.w.recurrenceType}, ${t.w.recurrenceInterval}, ${t.w.weekdays}, ${t.w.workUnitId},
          ${t.wu.names} ->> ${sql.placeholder('language')}::text, ${t.wu.address}, null, null,
          row_number() over (order by ${t.w.firstDay}, ${t.w.startMinute})
        from ${t.w} left join ${t.wu} on ${t.wu.id} = ${t.w.workUnitId}
        where ${t.w.doctorId} = ${doctorId} and ${t.w.mode} = ${sql.placeholder('mode')}
        union all
        select ${FREE_TIME_ROW.holiday}, null, null, null, null, null, null, ${t.h.startDate}::text, ${t.h.endDate}::text,
          null, null, null, null, null, null, null, null, null, null, row_number() over (order by ${t.h.startDate})
        from ${t.h} where ${t.h.doctorId} = ${doctorId}
        union all
        select ${FREE_TIME_ROW.busy}, null, null, null, null, null, null, null, null,
          null, null, null, null, null, null, null, null, ${epochMs(t.o.startsAt)}, ${epochMs(t.o.endsAt)}, 0
        from ${t.o} where ${t.o.doctorId} = ${doctorId} and ${holdsSlot()}
          and ${t.o.startsAt} < ${sql.placeholder('to')}::timestamptz and ${t.o.endsAt} > ${sql.placeholder('from')}::timestamptz
      ) as free_time_rows`,
    )
    .orderBy(sql`kind, sort`)
    .prepare('free_time_rows');
  return {
    /** Undefined when there is no such (living) account. */
    async findFreeTimeInputs(input: {
      doctorId: string;
      mode: WorkMode;
      examTypeId?: number;
      /** The language of the clinics' names. */
      language: Language;
      from: Date;
      to: Date;
    }): Promise<FreeTimeInputs | undefined> {
      const rows = await freeTimeRows.execute({
        doctorId: input.doctorId,
        mode: input.mode,
        examTypeId: input.examTypeId ?? null,
        language: input.language,
        from: input.from.toISOString(),
        to: input.to.toISOString(),
      });
      return toFreeTimeInputs(rows);
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
