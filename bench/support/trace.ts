/** What the benches read of a Chrome trace (bench/main-thread.ts, bench/lighthouse.ts). */
export interface TraceEvent {
  name: string;
  ph?: string;
  ts?: number;
  pid?: number;
  tid?: number;
  dur?: number;
  /** The thread's own CPU time inside the event (wall time `dur` less the time it waited for a core). */
  tdur?: number;
  args?: { name?: string };
}

/** Total blocking time: what each long task (milliseconds, all over 50) runs past 50 ms. */
export const overFifty = (longTaskMs: number[]) => longTaskMs.reduce((total, ms) => total + ms - 50, 0);

/** The page's main thread's complete events: the renderer main thread that ran the most tasks (others idle, if any). */
export function mainThreadEvents(events: TraceEvent[]): TraceEvent[] {
  const mains = events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const tasks = (thread: TraceEvent) =>
    events.filter((event) => event.name === 'RunTask' && event.pid === thread.pid && event.tid === thread.tid).length;
  const main = mains.sort((a, b) => tasks(b) - tasks(a))[0];
  return events.filter((event) => event.ph === 'X' && event.pid === main?.pid && event.tid === main?.tid);
}

/**
 * Blocking time of the main thread's tasks that start from `fromTs` (trace microseconds) on, as Lighthouse's simulation
 * counts it — each task's time × `slowdown`, what it runs past 50 ms — by wall time and by the thread's own CPU time.
 * The two differ by the time the thread waited: for a core taken by another process or thread, or by the machine's
 * host (this workplace's virtual cores), which a phone running only its browser does not have.
 */
export function blockingTimes(onMain: TraceEvent[], fromTs: number, slowdown: number): { wallMs: number; cpuMs: number } {
  const tasks = onMain.filter((event) => event.name === 'RunTask' && (event.ts ?? 0) >= fromTs);
  const blocking = (pick: (event: TraceEvent) => number) =>
    overFifty(tasks.map((event) => (pick(event) * slowdown) / 1000).filter((ms) => ms > 50));
  return { wallMs: blocking((event) => event.dur ?? 0), cpuMs: blocking((event) => event.tdur ?? 0) };
}
