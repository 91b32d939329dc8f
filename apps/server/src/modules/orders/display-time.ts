import { clockTime, vietnamDay, vietnamMinuteOfDay } from '@rhc/domain';

/*
 * How the orders module's messages and refusals write days and instants: on Vietnam's wall clock, day first, as the
 * patient reads them (spec §5's DD/MM/YYYY).
 */

/** A calendar day (YYYY-MM-DD) as DD/MM/YYYY. */
export function displayDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** An instant's hour on Vietnam's wall clock, HH:mm. */
export function vietnamHour(instant: Date): string {
  return clockTime(vietnamMinuteOfDay(instant));
}

/** An instant as "HH:mm DD/MM/YYYY" on Vietnam's wall clock. */
export function displayInstant(instant: Date): string {
  return `${vietnamHour(instant)} ${displayDay(vietnamDay(instant))}`;
}
