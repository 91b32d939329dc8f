import type { Recurrence, WorkMode, WorkTime as DomainWorkTime } from '@rhc/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { doctorHolidays, doctorWorkTimes } from '../../db/schema/index.ts';

export type WorkTimeRow = typeof doctorWorkTimes.$inferSelect;
export type HolidayRow = typeof doctorHolidays.$inferSelect;

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A stored work time as the domain's recurrence functions read it. An end at midnight is 24:00. */
export function toDomainWorkTime(row: WorkTimeRow): DomainWorkTime & { id: string; workUnitId: number | null } {
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
    start: clock(row.startMinute),
    end: clock(row.endMinute),
    mode: row.mode as WorkMode,
    recurrence,
    workUnitId: row.workUnitId,
  };
}

/** The only SQL for doctor_work_times and doctor_holidays. */
export function createSchedulesRepository(db: Db) {
  return {
    async listWorkTimes(doctorId: string, mode?: WorkMode): Promise<WorkTimeRow[]> {
      return db
        .select()
        .from(doctorWorkTimes)
        .where(mode ? and(eq(doctorWorkTimes.doctorId, doctorId), eq(doctorWorkTimes.mode, mode)) : eq(doctorWorkTimes.doctorId, doctorId))
        .orderBy(doctorWorkTimes.firstDay, doctorWorkTimes.startMinute);
    },
    async listHolidays(doctorId: string): Promise<HolidayRow[]> {
      return db.select().from(doctorHolidays).where(eq(doctorHolidays.doctorId, doctorId)).orderBy(doctorHolidays.startDate);
    },
  };
}
export type SchedulesRepository = ReturnType<typeof createSchedulesRepository>;
