import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './client.ts';
import { doctorHolidays, doctorWorkTimes, workUnits } from './schema/index.ts';

/*
 * SQL over the doctors' calendars (work times, days off, the calendar lock) that two repositories compose into their own
 * statements: the schedules repository, and the orders repository's one-statement booking (decision 009/010). It lives
 * with the schema, not in either module, so neither module reaches into the other (decision 013).
 */

type WorkTimeRow = typeof doctorWorkTimes.$inferSelect;
type WorkUnitRow = typeof workUnits.$inferSelect;

/** What a work time's recurrence needs of its row. */
export type WorkTimeRule = Pick<
  WorkTimeRow,
  | 'id'
  | 'mode'
  | 'firstDay'
  | 'startMinute'
  | 'endMinute'
  | 'recurrenceType'
  | 'recurrenceInterval'
  | 'weekdays'
  | 'untilDay'
  | 'workUnitId'
>;

/** A work time with the clinic it is held at (null online), as a booking reads it. */
export type WorkTimeWithUnit = WorkTimeRule & { workUnit: Pick<WorkUnitRow, 'names' | 'address'> | null };

/**
 * A doctor's work times of one mode as a JSON array, for reads that take everything in one statement (decision 009);
 * `withUnit` adds each one's clinic (names and address).
 */
export function workTimesJson<T extends WorkTimeRule = WorkTimeRule>(doctorId: SQLWrapper, mode: SQLWrapper, withUnit = false): SQL<T[]> {
  const unit = withUnit
    ? sql`, 'workUnit', (select json_build_object('names', ${workUnits.names}, 'address', ${workUnits.address})
          from ${workUnits} where ${workUnits.id} = ${doctorWorkTimes.workUnitId})`
    : sql``;
  return sql<T[]>`(select coalesce(json_agg(json_build_object(
      'id', ${doctorWorkTimes.id}, 'mode', ${doctorWorkTimes.mode}, 'firstDay', ${doctorWorkTimes.firstDay},
      'startMinute', ${doctorWorkTimes.startMinute}, 'endMinute', ${doctorWorkTimes.endMinute},
      'recurrenceType', ${doctorWorkTimes.recurrenceType}, 'recurrenceInterval', ${doctorWorkTimes.recurrenceInterval},
      'weekdays', ${doctorWorkTimes.weekdays}, 'untilDay', ${doctorWorkTimes.untilDay}, 'workUnitId', ${doctorWorkTimes.workUnitId}${unit}
    ) order by ${doctorWorkTimes.firstDay}, ${doctorWorkTimes.startMinute}), '[]'::json)
    from ${doctorWorkTimes} where ${doctorWorkTimes.doctorId} = ${doctorId} and ${doctorWorkTimes.mode} = ${mode})`;
}

/** A doctor's days off as a JSON array, for one-statement reads. */
export function holidaysJson(doctorId: SQLWrapper): SQL<{ startDate: string; endDate: string }[]> {
  return sql<{ startDate: string; endDate: string }[]>`(select coalesce(json_agg(json_build_object(
      'startDate', ${doctorHolidays.startDate}, 'endDate', ${doctorHolidays.endDate}) order by ${doctorHolidays.startDate}), '[]'::json)
    from ${doctorHolidays} where ${doctorHolidays.doctorId} = ${doctorId})`;
}

/**
 * Takes the doctor's calendar lock until the transaction ends: changes of one doctor's working time, and bookings of
 * one doctor, then run one after the other. For bookings this matters under load: two inserts that overlap each
 * other's uncommitted rows would otherwise wait on each other in the exclusion check, a deadlock PostgreSQL breaks
 * only after deadlock_timeout (1 s) by failing one of them; queued, the second simply meets the first's committed row.
 */
export async function holdDoctorCalendar(tx: Db, doctorId: string): Promise<void> {
  await tx.execute(sql`select ${doctorCalendarLock(doctorId)}`);
}

/** The expression that takes a doctor's calendar lock: one key for work-time changes and bookings alike. */
export function doctorCalendarLock(doctorId: string | null): SQL {
  return sql`pg_advisory_xact_lock(hashtext(${doctorId}))`;
}
