import type { FreeTime } from '@rhc/contracts';
import { monthOf, shiftMonth } from '../calendar/month-grid.ts';

export type SlotChoice = { day: string; hour: string };

/** The first `count` free slots on or after `fromDay`, in time order, across the months given. */
export function nextFreeSlots(months: FreeTime[], fromDay: string, count = 3): SlotChoice[] {
  return (
    months
      .flatMap(({ days }) => days.flatMap(({ day, slots }) => slots.map(({ hour }) => ({ day, hour }))))
      .filter(({ day }) => day >= fromDay)
      // YYYY-MM-DD and HH:mm of one time zone sort as text in time order, compared by code unit: localeCompare would
      // load ICU's collation data for it (≈ 20 ms on first use, issue 13).
      .map((slot) => ({ slot, at: `${slot.day} ${slot.hour}` }))
      .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
      .map(({ slot }) => slot)
      .slice(0, count)
  );
}

/** The next free slots after a 409: the chosen day's month read afresh, and the next month when it has too few. */
export async function findNextSlots(load: (month: number, year: number) => Promise<FreeTime>, fromDay: string): Promise<SlotChoice[]> {
  const first = monthOf(fromDay);
  const months = [await load(first.month, first.year)];
  if (nextFreeSlots(months, fromDay).length < 3) {
    const second = shiftMonth(first, 1);
    months.push(await load(second.month, second.year));
  }
  return nextFreeSlots(months, fromDay);
}
