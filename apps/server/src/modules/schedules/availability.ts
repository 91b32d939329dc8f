import { isHoliday, vietnamDay, vietnamInstant, workTimeDays, type WorkMode } from '@rhc/domain';
import type { Db } from '../../db/client.ts';
import { createSchedulesRepository, toDomainWorkTime, type WorkTimeRule } from './schedules.repository.ts';

/**
 * The working time whose occurrence holds the whole span from `startsAt` to `endsAt`, or null (also on a day off).
 * Whether somebody already holds the time is the database's answer (the orders' no-overlap constraint), not this
 * function's. Pure, so a booking and a list can use rows they loaded together with everything else.
 */
export function findWorkTimeFor<T extends WorkTimeRule>(
  workTimes: readonly T[],
  holidays: readonly { startDate: string; endDate: string }[],
  startsAt: Date,
  endsAt: Date,
): T | null {
  const day = vietnamDay(startsAt);
  if (isHoliday(day, holidays)) return null;
  for (const row of workTimes) {
    const workTime = toDomainWorkTime(row);
    if (workTimeDays(workTime, day, day).length === 0) continue;
    const from = vietnamInstant(day, workTime.start).getTime();
    const to = vietnamInstant(day, workTime.end).getTime();
    if (from <= startsAt.getTime() && endsAt.getTime() <= to) return row;
  }
  return null;
}

/** Whether existing bookings still lie inside their doctor's working time (it may have changed since). */
export function createAvailability(db: Db) {
  const repository = createSchedulesRepository(db);
  async function load(doctorId: string, mode: WorkMode) {
    const [workTimes, holidays] = await Promise.all([repository.listWorkTimes(doctorId, mode), repository.listHolidays(doctorId)]);
    return { workTimes, holidays };
  }
  return {
    /**
     * A checker for existing bookings, whatever their time ("does the doctor still work then?"): each doctor's
     * calendar is read once per checker, so a page of orders costs one read per doctor and mode, not per order.
     */
    workTimeChecker() {
      const cache = new Map<string, ReturnType<typeof load>>();
      return async (input: { doctorId: string; mode: WorkMode; startsAt: Date; endsAt: Date }): Promise<boolean> => {
        const key = `${input.doctorId}:${input.mode}`;
        let calendar = cache.get(key);
        if (!calendar) {
          calendar = load(input.doctorId, input.mode);
          cache.set(key, calendar);
        }
        const { workTimes, holidays } = await calendar;
        return findWorkTimeFor(workTimes, holidays, input.startsAt, input.endsAt) !== null;
      };
    },
  };
}
export type Availability = ReturnType<typeof createAvailability>;
