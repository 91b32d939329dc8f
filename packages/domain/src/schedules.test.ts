import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  freeSlots,
  isHoliday,
  isoWeekday,
  latestRecurrenceUntil,
  MAX_RECURRENCE_YEARS,
  overlappingHoliday,
  vietnamInstant,
  workTimeDays,
  workTimesOverlap,
  type Holiday,
  type WorkTime,
} from './schedules.ts';

const once = (day: string, start = '08:00', end = '11:00'): WorkTime => ({ day, start, end, mode: 'direct', recurrence: { type: 'none' } });

describe('isoWeekday and vietnamInstant', () => {
  it('knows 2026-11-23 is a Monday and 2026-11-22 a Sunday', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-22')).toBe(7);
  });

  it('maps 08:00 in Vietnam to 01:00 UTC, and 03:00 to 20:00 UTC the day before', () => {
    expect(vietnamInstant('2026-11-23', '08:00').toISOString()).toBe('2026-11-23T01:00:00.000Z');
    expect(vietnamInstant('2026-11-23', '03:00').toISOString()).toBe('2026-11-22T20:00:00.000Z');
  });
});

describe('isHoliday', () => {
  const holidays: Holiday[] = [{ startDate: '2026-12-24', endDate: '2026-12-26' }];
  it.each([
    ['2026-12-23', false],
    ['2026-12-24', true],
    ['2026-12-25', true],
    ['2026-12-26', true],
    ['2026-12-27', false],
  ])('%s → %s', (day, expected) => expect(isHoliday(day, holidays)).toBe(expected));
  it('is false without days off', () => expect(isHoliday('2026-12-25', [])).toBe(false));
});

describe('overlappingHoliday', () => {
  const christmas = { startDate: '2026-12-24', endDate: '2026-12-26' };
  const tet = { startDate: '2027-02-05', endDate: '2027-02-10' };
  it.each([
    ['the same days', '2026-12-24', '2026-12-26', christmas],
    ['one day inside', '2026-12-25', '2026-12-25', christmas],
    ['around it', '2026-12-20', '2026-12-31', christmas],
    ['ending on its first day', '2026-12-20', '2026-12-24', christmas],
    ['starting on its last day', '2026-12-26', '2026-12-28', christmas],
    ['the day before it', '2026-12-23', '2026-12-23', undefined],
    ['from the day after it', '2026-12-27', '2027-01-02', undefined],
    ['between the two', '2027-01-01', '2027-02-04', undefined],
    ['into the second', '2027-01-01', '2027-02-05', tet],
  ])('%s → %s', (_name, startDate, endDate, expected) =>
    expect(overlappingHoliday({ startDate, endDate }, [christmas, tet])).toBe(expected),
  );
  it('agrees with isHoliday: a range overlaps exactly when one of its days is off', () => {
    const day = fc.integer({ min: 0, max: 60 }).map((n) => new Date(Date.UTC(2026, 11, 1 + n)).toISOString().slice(0, 10));
    const range = fc.tuple(day, day).map(([a, b]) => (a <= b ? { startDate: a, endDate: b } : { startDate: b, endDate: a }));
    fc.assert(
      fc.property(range, fc.array(range, { maxLength: 4 }), (candidate, holidays) => {
        const days = Array.from({ length: 61 }, (_, n) => new Date(Date.UTC(2026, 11, 1 + n)).toISOString().slice(0, 10));
        const someDayOff = days.some((d) => d >= candidate.startDate && d <= candidate.endDate && isHoliday(d, holidays));
        expect(overlappingHoliday(candidate, holidays) !== undefined).toBe(someDayOff);
      }),
    );
  });
});

describe('workTimeDays', () => {
  it('gives a one-off work time its own day only', () => {
    expect(workTimeDays(once('2026-11-25'), '2026-11-01', '2026-11-30')).toEqual(['2026-11-25']);
    expect(workTimeDays(once('2026-12-01'), '2026-11-01', '2026-11-30')).toEqual([]);
  });

  it('repeats every 2 days until the end date', () => {
    const workTime: WorkTime = { ...once('2026-11-20'), recurrence: { type: 'day', interval: 2, until: '2026-11-28' } };
    expect(workTimeDays(workTime, '2026-11-21', '2026-11-30')).toEqual(['2026-11-22', '2026-11-24', '2026-11-26', '2026-11-28']);
  });

  it('repeats on Mondays and Thursdays every other week', () => {
    const workTime: WorkTime = { ...once('2026-11-02'), recurrence: { type: 'week', interval: 2, weekdays: [1, 4], until: '2026-11-30' } };
    expect(workTimeDays(workTime, '2026-11-01', '2026-11-30')).toEqual([
      '2026-11-02',
      '2026-11-05',
      '2026-11-16',
      '2026-11-19',
      '2026-11-30',
    ]);
  });

  it('repeats monthly on the 31st, skipping months without one', () => {
    const workTime: WorkTime = { ...once('2026-01-31'), recurrence: { type: 'month', interval: 1, until: '2026-06-30' } };
    expect(workTimeDays(workTime, '2026-01-01', '2026-12-31')).toEqual(['2026-01-31', '2026-03-31', '2026-05-31']);
  });

  it('repeats yearly on 29 February only in leap years', () => {
    const workTime: WorkTime = { ...once('2024-02-29'), recurrence: { type: 'year', interval: 1, until: '2032-12-31' } };
    expect(workTimeDays(workTime, '2024-01-01', '2032-12-31')).toEqual(['2024-02-29', '2028-02-29', '2032-02-29']);
  });
});

describe('freeSlots', () => {
  const now = new Date('2026-11-22T03:00:00Z'); // 10:00 in Vietnam on Sunday 22 November 2026

  it('cuts a morning into 30-minute slots, without holidays, taken slots or the past', () => {
    const workTime: WorkTime = { ...once('2026-11-22', '08:00', '10:30'), recurrence: { type: 'day', interval: 1, until: '2026-11-24' } };
    const slots = freeSlots({
      workTimes: [workTime],
      holidays: [{ startDate: '2026-11-23', endDate: '2026-11-23' }],
      // A 45-minute booking from 08:30 also covers the 09:00 slot.
      busy: [{ startsAt: vietnamInstant('2026-11-24', '08:30'), endsAt: vietnamInstant('2026-11-24', '09:15') }],
      from: '2026-11-01',
      to: '2026-11-30',
      now,
      slotMinutes: 30,
    });
    // 22nd: 10:00 is now, so nothing is left; 23rd: a holiday; 24th: all but 08:30 and 09:00, which the booking holds.
    expect(slots.map((slot) => `${slot.day} ${slot.startsAt.toISOString()}`)).toEqual([
      '2026-11-24 2026-11-24T01:00:00.000Z',
      '2026-11-24 2026-11-24T02:30:00.000Z',
      '2026-11-24 2026-11-24T03:00:00.000Z',
    ]);
  });

  it('keeps in-person and online time apart when a mode is asked for', () => {
    const direct = once('2026-11-25', '08:00', '09:00');
    const online: WorkTime = { ...once('2026-11-25', '19:00', '20:00'), mode: 'online' };
    const slots = freeSlots({
      workTimes: [direct, online],
      holidays: [],
      busy: [],
      from: '2026-11-25',
      to: '2026-11-25',
      now,
      slotMinutes: 30,
      mode: 'online',
    });
    expect(slots.map((slot) => slot.startsAt.toISOString())).toEqual(['2026-11-25T12:00:00.000Z', '2026-11-25T12:30:00.000Z']);
  });
});

/* ---------- Properties (R11: ≥ 1,000 runs) ---------- */

const dayArb = fc
  .integer({ min: dayNo('2025-01-01'), max: dayNo('2027-12-31') })
  .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));
const timeArb = fc.integer({ min: 0, max: 47 }).map((half) => `${String(Math.floor(half / 2)).padStart(2, '0')}:${half % 2 ? '30' : '00'}`);
const workTimeArb: fc.Arbitrary<WorkTime> = fc
  .record({
    day: dayArb,
    start: timeArb,
    length: fc.integer({ min: 1, max: 16 }),
    mode: fc.constantFrom('direct' as const, 'online' as const),
    type: fc.constantFrom('none' as const, 'day' as const, 'week' as const, 'month' as const, 'year' as const),
    interval: fc.integer({ min: 1, max: 4 }),
    weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 7 }),
    span: fc.integer({ min: 0, max: 400 }),
  })
  .map(({ day, start, length, mode, type, interval, weekdays, span }) => {
    const endMinutes = Math.min(24 * 60, toMinutes(start) + length * 30);
    const end =
      endMinutes === 24 * 60
        ? '23:59'
        : `${String(Math.floor(endMinutes / 60)).padStart(2, '0')}:${String(endMinutes % 60).padStart(2, '0')}`;
    const until = new Date((dayNo(day) + span) * 86_400_000).toISOString().slice(0, 10);
    return { day, start, end, mode, recurrence: type === 'none' ? { type } : { type, interval, weekdays, until } };
  });
const holidayArb: fc.Arbitrary<Holiday> = fc.tuple(dayArb, fc.integer({ min: 0, max: 10 })).map(([startDate, length]) => ({
  startDate,
  endDate: new Date((dayNo(startDate) + length) * 86_400_000).toISOString().slice(0, 10),
}));

function dayNo(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 86_400_000;
}
function toMinutes(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}

describe('freeSlots properties', () => {
  const inputArb = fc.record({
    workTimes: fc.array(workTimeArb, { minLength: 1, maxLength: 4 }),
    holidays: fc.array(holidayArb, { maxLength: 3 }),
    from: dayArb,
    days: fc.integer({ min: 0, max: 45 }),
    now: fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true }),
    slotMinutes: fc.constantFrom(15, 20, 30, 60),
  });

  it('never offers a slot outside a work time, on a holiday, outside the range, or not after now', () => {
    fc.assert(
      fc.property(inputArb, ({ workTimes, holidays, from, days, now, slotMinutes }) => {
        const to = new Date((dayNo(from) + days) * 86_400_000).toISOString().slice(0, 10);
        const slots = freeSlots({ workTimes, holidays, busy: [], from, to, now, slotMinutes });
        for (const slot of slots) {
          if (slot.startsAt <= now) return false;
          if (slot.day < from || slot.day > to) return false;
          if (holidays.some((h) => slot.day >= h.startDate && slot.day <= h.endDate)) return false;
          const inside = workTimes.some(
            (w) =>
              workTimeDays(w, slot.day, slot.day).length === 1 &&
              slot.startsAt >= vietnamInstant(slot.day, w.start) &&
              slot.endsAt <= vietnamInstant(slot.day, w.end),
          );
          if (!inside) return false;
          // DST-free: the slot's Vietnamese wall-clock day is the day it is filed under.
          if (new Date(slot.startsAt.getTime() + 7 * 3_600_000).toISOString().slice(0, 10) !== slot.day) return false;
        }
        return true;
      }),
      { numRuns: 1000 },
    );
  });

  it('never offers a slot that shares a moment with a booking, keeps every other, each once, in time order', () => {
    const spanArb = fc.record({
      slot: fc.nat(),
      offsetMinutes: fc.integer({ min: -60, max: 60 }),
      minutes: fc.integer({ min: 1, max: 120 }),
    });
    fc.assert(
      fc.property(inputArb, fc.array(spanArb, { maxLength: 5 }), ({ workTimes, holidays, from, days, now, slotMinutes }, picks) => {
        const to = new Date((dayNo(from) + days) * 86_400_000).toISOString().slice(0, 10);
        const all = freeSlots({ workTimes, holidays, busy: [], from, to, now, slotMinutes });
        // Bookings near offered slots: shifted, shorter or longer than a slot, overlapping one another.
        const busy = all.length
          ? picks.flatMap(({ slot, offsetMinutes, minutes }) => {
              const at = all[slot % all.length]?.startsAt.getTime();
              if (at === undefined) return [];
              const startsAt = new Date(at + offsetMinutes * 60_000);
              return [{ startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) }];
            })
          : [];
        const overlaps = (slot: { startsAt: Date; endsAt: Date }) =>
          busy.some((span) => span.startsAt < slot.endsAt && slot.startsAt < span.endsAt);
        const rest = freeSlots({ workTimes, holidays, busy, from, to, now, slotMinutes });
        const times = rest.map((slot) => slot.startsAt.getTime());
        return (
          rest.every((slot) => !overlaps(slot)) &&
          rest.length === all.filter((slot) => !overlaps(slot)).length &&
          new Set(times).size === times.length &&
          times.every((t, i) => i === 0 || (times[i - 1] ?? Infinity) < t)
        );
      }),
      { numRuns: 1000 },
    );
  });
});

describe('workTimesOverlap', () => {
  const weekly = (day: string, start: string, end: string, weekdays: number[]): WorkTime => ({
    day,
    start,
    end,
    mode: 'direct',
    recurrence: { type: 'week', interval: 1, weekdays, until: '2026-12-31' },
  });

  it('sees a clash when a one-off time falls inside a weekly time', () => {
    expect(workTimesOverlap(weekly('2026-11-23', '08:00', '11:00', [1, 3]), once('2026-11-25', '10:30', '12:00'))).toBe(true);
  });

  it('sees none on other weekdays, or when one ends as the other starts', () => {
    expect(workTimesOverlap(weekly('2026-11-23', '08:00', '11:00', [1, 3]), once('2026-11-24', '08:00', '11:00'))).toBe(false);
    expect(workTimesOverlap(weekly('2026-11-23', '08:00', '11:00', [1, 3]), once('2026-11-25', '11:00', '12:00'))).toBe(false);
  });

  it('sees none when the ranges of days do not meet', () => {
    expect(workTimesOverlap(once('2026-11-23'), once('2027-11-23'))).toBe(false);
  });

  it('is symmetric', () => {
    fc.assert(
      fc.property(workTimeArb, workTimeArb, (a, b) => workTimesOverlap(a, b) === workTimesOverlap(b, a)),
      { numRuns: 1000 },
    );
  });

  /** The definition: some day both fall on, with times that share a minute (expanding both series day by day). */
  function overlapByExpansion(a: WorkTime, b: WorkTime): boolean {
    const from = a.day > b.day ? a.day : b.day;
    const daysOfB = new Set(workTimeDays(b, from, '2099-12-31'));
    return workTimeDays(a, from, '2099-12-31').some(
      (day) => daysOfB.has(day) && toMinutes(a.start) < toMinutes(b.end) && toMinutes(b.start) < toMinutes(a.end),
    );
  }

  it('agrees with expanding both series, with intervals up to 60 and series up to 2,000 days', () => {
    const longArb = fc
      .record({
        workTime: workTimeArb,
        interval: fc.integer({ min: 1, max: 60 }),
        span: fc.integer({ min: 0, max: 2000 }),
      })
      .map(({ workTime, interval, span }): WorkTime => {
        if (workTime.recurrence.type === 'none') return workTime;
        const until = new Date((dayNo(workTime.day) + span) * 86_400_000).toISOString().slice(0, 10);
        return { ...workTime, recurrence: { ...workTime.recurrence, interval, until } };
      });
    const sameHours = (w: WorkTime): WorkTime => ({ ...w, start: '08:00', end: '09:00' });
    fc.assert(
      fc.property(fc.oneof(workTimeArb, longArb), fc.oneof(workTimeArb, longArb), fc.boolean(), (a, b, same) => {
        const [x, y] = same ? [sameHours(a), sameHours(b)] : [a, b];
        return workTimesOverlap(x, y) === overlapByExpansion(x, y);
      }),
      { numRuns: 1000 },
    );
  });

  it('does work that does not grow with the length of the series (daily and weekly until 9999-12-31)', () => {
    const forever = (day: string, type: 'day' | 'week', interval: number, weekdays: number[] = []): WorkTime => ({
      day,
      start: '08:00',
      end: '09:00',
      mode: 'online',
      recurrence: { type, interval, weekdays, until: '9999-12-31' },
    });
    const work = { steps: 0 };
    const started = performance.now();
    // Every other day, one day apart: never on the same day, so a check that expands looks at every day to 9999.
    expect(workTimesOverlap(forever('2026-12-01', 'day', 2), forever('2026-12-02', 'day', 2), work)).toBe(false);
    expect(workTimesOverlap(forever('2026-12-01', 'day', 1), forever('2026-12-01', 'week', 1, [1, 3, 5]), work)).toBe(true);
    expect(workTimesOverlap(forever('2026-12-01', 'week', 1, [2]), forever('2026-12-01', 'week', 1, [3, 4]), work)).toBe(false);
    // A generous bound: the expansion this replaces took about 10 s for one such pair.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(work.steps).toBeGreaterThan(0);
    expect(work.steps).toBeLessThan(100);
    const twoYears = (w: WorkTime): WorkTime =>
      w.recurrence.type === 'none' ? w : { ...w, recurrence: { ...w.recurrence, until: '2028-12-01' } };
    const short = { steps: 0 };
    workTimesOverlap(twoYears(forever('2026-12-01', 'day', 2)), twoYears(forever('2026-12-02', 'day', 2)), short);
    const long = { steps: 0 };
    workTimesOverlap(forever('2026-12-01', 'day', 2), forever('2026-12-02', 'day', 2), long);
    expect(long.steps).toBe(short.steps);
  });
});

describe('latestRecurrenceUntil', () => {
  it(`is the same day ${MAX_RECURRENCE_YEARS} years after the first day, or the month's last day`, () => {
    expect(MAX_RECURRENCE_YEARS).toBe(2);
    expect(latestRecurrenceUntil('2026-12-01')).toBe('2028-12-01');
    expect(latestRecurrenceUntil('2024-02-29')).toBe('2026-02-28');
  });
});
