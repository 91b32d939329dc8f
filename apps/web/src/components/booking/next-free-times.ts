import { addDays } from '../calendar/month-grid.ts';
import type { SlotChoice } from './next-slots.ts';

/** How many days after the taken one are read for free places, at most. */
const DAYS_AHEAD = 7;

/**
 * The next free times at the same place after a time was taken (409 SLOT_TAKEN), for bookings counted by places (a
 * clinic's machines, a sampling room): the later ones of that day, then of the following days, read afresh one day at
 * a time until `count` are found (a week at most).
 */
export async function findNextFreeTimes(
  load: (day: string) => Promise<{ times: readonly { start: string; free: number }[] }>,
  fromDay: string,
  fromTime: string,
  count = 3,
): Promise<SlotChoice[]> {
  const found: SlotChoice[] = [];
  for (let offset = 0; offset <= DAYS_AHEAD && found.length < count; offset += 1) {
    const day = addDays(fromDay, offset);
    const { times } = await load(day);
    // HH:mm of one day sorts as text.
    for (const { start, free } of times) if (free > 0 && (offset > 0 || start > fromTime)) found.push({ day, hour: start });
  }
  return found.slice(0, count);
}
