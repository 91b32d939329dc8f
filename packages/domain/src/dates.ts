/** What a person sees is in Vietnam's time (ARCHITECTURE.md); Vietnam has had no DST since 1975, UTC+7. */
export const DISPLAY_TIME_ZONE = 'Asia/Ho_Chi_Minh';
/** Spec §5/§9: dates are typed as DD/MM/YYYY in inputs and shown as DD-MM-YYYY in lists. */
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';
export const DATE_LIST_FORMAT = 'DD-MM-YYYY';
export const DATE_TIME_INPUT_FORMAT = 'DD/MM/YYYY HH:mm';
/** Weeks start on Monday (spec §5). 0 = Sunday … 6 = Saturday, as in Date#getDay. */
export const FIRST_DAY_OF_WEEK = 1;

const VN_OFFSET_MS = 7 * 60 * 60 * 1000;

/** The calendar day (YYYY-MM-DD) an instant falls on in Vietnam. `now` is passed in, never read. */
export function vietnamDay(instant: Date): string {
  return new Date(instant.getTime() + VN_OFFSET_MS).toISOString().slice(0, 10);
}
