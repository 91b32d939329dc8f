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
  args?: { name?: string; data?: { functionName?: string; url?: string } };
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

/*
 * The browser's own work, which a JavaScript profile lumps into "(program)": trace events on the page's main thread by
 * kind. The kinds do not nest in one another (a compile runs inside a script's evaluation, not inside another kind here).
 */
export const BROWSER_WORK: Record<string, string[]> = {
  'style (recalculate)': ['UpdateLayoutTree', 'RecalculateStyles'],
  'stylesheets (parse)': ['ParseAuthorStyleSheet'],
  layout: ['Layout'],
  'paint and compositing': ['PrePaint', 'Paint', 'Layerize', 'UpdateLayer', 'CompositeLayers', 'Commit'],
  'HTML (parse)': ['ParseHTML'],
  'scripts (compile)': ['v8.compile', 'v8.compileModule', 'V8.CompileCode'],
  'garbage collection': ['MajorGC', 'MinorGC', 'V8.GCScavenger', 'V8.GCFinalizeMC'],
};

/** What a main-thread task did, by the trace's own events: the scripts it ran besides the browser's own work. */
const TASK_WORK: Record<string, string[]> = {
  'module evaluation': ['v8.evaluateModule'],
  script: ['FunctionCall', 'EvaluateScript', 'TimerFire', 'FireAnimationFrame', 'EventDispatch'],
  ...BROWSER_WORK,
};
const KIND_OF = new Map(Object.entries(TASK_WORK).flatMap(([kind, names]) => names.map((name) => [name, kind] as const)));

/**
 * A task's CPU time (microseconds) by kind of work, each event counted once: an event of a kind inside another of a kind
 * (a collection inside a script) is the outer one's. Scripts are named by the function the browser called and its file
 * (React's scheduler, a timer's callback), so a long task says whose it was.
 */
export function taskWork(onMain: TraceEvent[], task: TraceEvent): [string, number][] {
  const start = task.ts ?? 0;
  const end = start + (task.dur ?? 0);
  const inside = onMain
    .filter((event) => event !== task && KIND_OF.has(event.name) && (event.ts ?? 0) >= start && (event.ts ?? 0) + (event.dur ?? 0) <= end)
    .sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0));
  const byKind = new Map<string, number>();
  let coveredUntil = -1;
  for (const event of inside) {
    if ((event.ts ?? 0) < coveredUntil) continue;
    coveredUntil = (event.ts ?? 0) + (event.dur ?? 0);
    const kind = KIND_OF.get(event.name) ?? event.name;
    const data = event.args?.data;
    const label =
      kind === 'script' && data?.functionName !== undefined
        ? `script ${data.functionName || '(anonymous)'}${data.url ? ` (${data.url.replace(/.*\//, '')})` : ''}`
        : kind;
    byKind.set(label, (byKind.get(label) ?? 0) + (event.tdur ?? 0));
  }
  return [...byKind].sort((a, b) => b[1] - a[1]);
}
