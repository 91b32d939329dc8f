import fs from 'node:fs/promises';

/*
 * A page measured on this machine shares its two cores with everything else running: a Chrome just launched keeps both
 * cores busy for about a second and a quarter after chrome-launcher or puppeteer reports it started (its first
 * renderers, the network and storage services; sampled from /proc every 250 ms on 2026-12-01: five busy samples, then
 * idle), and a login just made leaves the server hashing and writing. Lighthouse's simulation counts a task's wall
 * time, so a page loaded in that spell has its main thread's waits for a core counted as its own work, then multiplied
 * by four. A person's phone has its browser running already when they open the page, and no RHC server on it.
 */

/** The CPU priority the page-loading benches start the server with: 19, the lowest, unless SERVER_NICENESS says (0: as any). */
export const SERVER_NICENESS = Number(process.env.SERVER_NICENESS ?? 19);

/** Busy and total jiffies of all cores since boot, from /proc/stat's first line (undefined where there is none). */
async function cpuTimes(): Promise<{ busy: number; total: number } | undefined> {
  try {
    const line = (await fs.readFile('/proc/stat', 'utf8')).split('\n', 1)[0] ?? '';
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    // idle and iowait are the 4th and 5th fields.
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the machine is quiet: `calmSpells` intervals of `intervalMs` in a row in which the cores together were
 * busy less than `busyBelow` of the time, or `maxMs` at most. Answers how long it waited and whether it got quiet.
 * Where /proc/stat does not exist it waits `intervalMs × calmSpells` and says so.
 */
export async function waitUntilQuiet({ intervalMs = 250, calmSpells = 2, busyBelow = 0.15, maxMs = 8000 } = {}): Promise<{
  waitedMs: number;
  quiet: boolean;
}> {
  const started = Date.now();
  let previous = await cpuTimes();
  if (!previous) {
    await sleep(intervalMs * calmSpells);
    return { waitedMs: Date.now() - started, quiet: false };
  }
  let calm = 0;
  while (Date.now() - started < maxMs) {
    await sleep(intervalMs);
    const now = await cpuTimes();
    if (!now) break;
    const share = (now.busy - previous.busy) / Math.max(1, now.total - previous.total);
    previous = now;
    calm = share < busyBelow ? calm + 1 : 0;
    if (calm >= calmSpells) return { waitedMs: Date.now() - started, quiet: true };
  }
  return { waitedMs: Date.now() - started, quiet: false };
}
