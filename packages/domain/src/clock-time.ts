function formatClockTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Every minute of a day, and 24:00, as HH:mm, written once: a month of free slots names hundreds of them. */
const CLOCK_TIMES = Array.from({ length: 24 * 60 + 1 }, (_, minutes) => formatClockTime(minutes));

/** Minutes after midnight as HH:mm (a wall clock: Vietnam's, wherever it is used). */
export function clockTime(minutes: number): string {
  return CLOCK_TIMES[minutes] ?? formatClockTime(minutes);
}
