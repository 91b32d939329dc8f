import { vietnamDay, vietnamInstant, workTimeDays, type WorkMode } from '@rhc/domain';
import type { Db } from '../../db/client.ts';
import { createSchedulesRepository, toDomainWorkTime } from './schedules.repository.ts';

export type Bookability =
  | { ok: true; workUnitId: number | null; workTimeId: string }
  /** Not inside any of the doctor's working times of that mode, or on one of their days off. */
  | { ok: false; reason: 'unavailable' }
  /** Starts at or before now. */
  | { ok: false; reason: 'past' };

/**
 * Whether a doctor can be booked from `startsAt` to `endsAt` in `mode`: the span lies inside one occurrence of one of
 * their working times, on a day that is not a day off, and starts after `now`. Whether somebody already holds the
 * time is the database's answer (the orders' no-overlap constraint), not this function's.
 */
export function createAvailability(db: Db) {
  const repository = createSchedulesRepository(db);
  return {
    async checkBookable(input: { doctorId: string; mode: WorkMode; startsAt: Date; endsAt: Date; now: Date }): Promise<Bookability> {
      if (input.startsAt.getTime() <= input.now.getTime()) return { ok: false, reason: 'past' };
      const day = vietnamDay(input.startsAt);
      const [workTimes, holidays] = await Promise.all([
        repository.listWorkTimes(input.doctorId, input.mode),
        repository.listHolidays(input.doctorId),
      ]);
      if (holidays.some((holiday) => holiday.startDate <= day && day <= holiday.endDate)) return { ok: false, reason: 'unavailable' };
      for (const row of workTimes) {
        const workTime = toDomainWorkTime(row);
        if (workTimeDays(workTime, day, day).length === 0) continue;
        const from = vietnamInstant(day, workTime.start).getTime();
        const to = vietnamInstant(day, workTime.end).getTime();
        if (from <= input.startsAt.getTime() && input.endsAt.getTime() <= to)
          return { ok: true, workUnitId: workTime.workUnitId, workTimeId: workTime.id };
      }
      return { ok: false, reason: 'unavailable' };
    },
  };
}
export type Availability = ReturnType<typeof createAvailability>;
