import fs from 'node:fs/promises';

/** Nanoseconds a thread has run on a core, and waited runnable for one (the kernel's run queue). */
export interface ThreadSchedule {
  onCpuNs: number;
  waitingNs: number;
}

async function read(file: string): Promise<string | null> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch {
    return null; // the process has gone, or this is not Linux
  }
}

/**
 * The main thread of each renderer process of the Chrome started as `browserPid`, by pid, from the kernel's
 * /proc/<pid>/schedstat (its first two figures: time on a core, time waiting on a run queue). Chrome forks its
 * renderers from a zygote, a child of the browser, so the renderers are found among the browser's descendants.
 * Empty where there is no /proc (not Linux).
 */
export async function rendererMainThreads(browserPid: number): Promise<Map<number, ThreadSchedule>> {
  const entries = await fs.readdir('/proc').catch(() => [] as string[]);
  const parentOf = new Map<number, number>();
  await Promise.all(
    entries
      .filter((name) => /^\d+$/.test(name))
      .map(async (name) => {
        const stat = await read(`/proc/${name}/stat`);
        // Fields after the command's closing parenthesis: state, then the parent's pid.
        const ppid = stat ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) : Number.NaN;
        if (Number.isFinite(ppid)) parentOf.set(Number(name), ppid);
      }),
  );
  const descends = (pid: number): boolean => {
    for (let at = parentOf.get(pid), hops = 0; at !== undefined && hops < 8; at = parentOf.get(at), hops += 1) {
      if (at === browserPid) return true;
    }
    return false;
  };
  const threads = new Map<number, ThreadSchedule>();
  for (const pid of parentOf.keys()) {
    if (!descends(pid)) continue;
    const command = await read(`/proc/${pid}/cmdline`);
    if (!command?.includes('--type=renderer')) continue;
    const schedule = await read(`/proc/${pid}/schedstat`);
    const [onCpuNs = Number.NaN, waitingNs = Number.NaN] = (schedule ?? '').trim().split(' ').map(Number);
    if (Number.isFinite(onCpuNs) && Number.isFinite(waitingNs)) threads.set(pid, { onCpuNs, waitingNs });
  }
  return threads;
}

/** What the renderers' main threads spent between two readings, in ms (a renderer started in between counts from 0). */
export function scheduleSpent(
  before: Map<number, ThreadSchedule>,
  after: Map<number, ThreadSchedule>,
): { onCpuMs: number; waitingMs: number } {
  let onCpuNs = 0;
  let waitingNs = 0;
  for (const [pid, now] of after) {
    const then = before.get(pid) ?? { onCpuNs: 0, waitingNs: 0 };
    onCpuNs += now.onCpuNs - then.onCpuNs;
    waitingNs += now.waitingNs - then.waitingNs;
  }
  return after.size === 0 ? { onCpuMs: Number.NaN, waitingMs: Number.NaN } : { onCpuMs: onCpuNs / 1e6, waitingMs: waitingNs / 1e6 };
}
