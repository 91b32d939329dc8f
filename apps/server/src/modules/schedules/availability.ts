import { vietnamDay, vietnamInstant, workTimeDays, type WorkMode } from '@rhc/domain';
import type { Db } from '../../db/client.ts';
import { createSchedulesRepository, toDomainWorkTime, type HolidayRow, type WorkTimeRow } from './schedules.repository.ts';

export type Bookability =
  | { ok: true; workUnitId: number | null; workTimeId: string }
  /** Not inside any of the doctor's working times of that mode, or on one of their days off. */
  | { ok: false; reason: 'unavailable' }
  /** Starts at or before now. */
  | { ok: false; reason: 'past' };

/** The working time occurrence holding the whole span, or null (also on a day off). Pure, so lists can reuse loaded rows. */
export function findWorkTimeFor(
  workTimes: readonly WorkTimeRow[],
  holidays: readonly HolidayRow[],
  startsAt: Date,
  endsAt: Date,
): { workUnitId: number | null; workTimeId: string } | null {
  const day = vietnamDay(startsAt);
  if (holidays.some((holiday) => holiday.startDate <= day && day <= holiday.endDate)) return null;
  for (const row of workTimes) {
    const workTime = toDomainWorkTime(row);
    if (workTimeDays(workTime, day, day).length === 0) continue;
    const from = vietnamInstant(day, workTime.start).getTime();
    const to = vietnamInstant(day, workTime.end).getTime();
    if (from <= startsAt.getTime() && endsAt.getTime() <= to) return { workUnitId: workTime.workUnitId, workTimeId: workTime.id };
  }
  return null;
}

/**
 * Whether a doctor can be booked from `startsAt` to `endsAt` in `mode`: the span lies inside one occurrence of one of
 * their working times, on a day that is not a day off, and starts after `now`. Whether somebody already holds the
 * time is the database's answer (the orders' no-overlap constraint), not this function's.
 */
export function createAvailability(db: Db) {
  const repository = createSchedulesRepository(db);
  async function load(doctorId: string, mode: WorkMode) {
    const [workTimes, holidays] = await Promise.all([repository.listWorkTimes(doctorId, mode), repository.listHolidays(doctorId)]);
    return { workTimes, holidays };
  }
  return {
    async checkBookable(input: { doctorId: string; mode: WorkMode; startsAt: Date; endsAt: Date; now: Date }): Promise<Bookability> {
      if (input.startsAt.getTime() <= input.now.getTime()) return { ok: false, reason: 'past' };
      const { workTimes, holidays } = await load(input.doctorId, input.mode);
      const found = findWorkTimeFor(workTimes, holidays, input.startsAt, input.endsAt);
      return found ? { ok: true, ...found } : { ok: false, reason: 'unavailable' };
    },
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
