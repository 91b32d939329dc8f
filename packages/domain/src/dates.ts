/** What a person sees is in Vietnam's time (ARCHITECTURE.md); Vietnam has had no DST since 1975, UTC+7. */
export const DISPLAY_TIME_ZONE = 'Asia/Ho_Chi_Minh';
/** Spec §5/§9: dates are typed as DD/MM/YYYY in inputs and shown as DD-MM-YYYY in lists. */
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';
export const DATE_LIST_FORMAT = 'DD-MM-YYYY';
export const DATE_TIME_INPUT_FORMAT = 'DD/MM/YYYY HH:mm';
/** An instant in a list or a table: its day as lists show days, then Vietnam's time. */
export const DATE_TIME_LIST_FORMAT = `${DATE_LIST_FORMAT} HH:mm`;
/** Weeks start on Monday (spec §5). 0 = Sunday … 6 = Saturday, as in Date#getDay. */
export const FIRST_DAY_OF_WEEK = 1;

/**
 * Vietnam's wall clock is UTC+7 all year (Asia/Ho_Chi_Minh, no daylight saving since 1975): minutes east of UTC.
 * The one place the offset is written; code and SQL that turn instants into Vietnam's days and hours use it.
 */
export const VIETNAM_UTC_OFFSET_MINUTES = 7 * 60;
const VIETNAM_UTC_OFFSET_MS = VIETNAM_UTC_OFFSET_MINUTES * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day (YYYY-MM-DD) an instant falls on in Vietnam. `now` is passed in, never read. */
export function vietnamDay(instant: Date): string {
  return new Date(instant.getTime() + VIETNAM_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** Minutes after midnight on Vietnam's wall clock of an instant (seconds are dropped). */
export function vietnamMinuteOfDay(instant: Date): number {
  return Math.floor(((((instant.getTime() + VIETNAM_UTC_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
}
