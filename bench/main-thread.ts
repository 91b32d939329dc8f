/**
 * Where a page's main-thread time goes while it loads, on a phone-speed CPU: the JavaScript self time of each
 * library and app module (read back through the build's source maps), the browser's own work by kind (style, layout,
 * paint, parsing, compiling: what the profile calls "(program)", which also holds the time the 4× throttling waits and
 * the time the thread waits for a core), and the long tasks, each with the code that made it long.
 * It answers what Lighthouse's total blocking time is made of (issue 13), which Lighthouse itself does not.
 *   cd apps/web && npx vite build --sourcemap --outDir /tmp/dist-maps
 *   WEB_DIST_DIR=/tmp/dist-maps npm run main-thread -w @rhc/bench
 * ONLY=/healthcare/,/ the pages (default: those of support/pages.ts, as bench/lighthouse.ts); DETAIL=1 names the function
 * inside each module too; built with `--minify false` as well, the chunks' top-level code is split by module
 * (TOP_LEVEL_TOP rows, 10); TOP (25) the rows printed per page; TASK_TOP (5) the entries named per long task;
 * CALLERS=appendChild prints, for each entry whose name holds that text, the call stacks its time was spent under;
 * SIMULATE=1 runs the CPU at full speed and prints every time × 4, which is how Lighthouse's simulated throttling counts
 * the tasks (see SIMULATE below), and then also the blocking time by the main thread's own CPU time (the wall time
 * less its waits for a core, which a machine of two cores shows and a phone does not) with each task long by that time and
 * what the trace says it did (support/trace.ts taskWork); CHROME_PATH (/usr/bin/chromium)
 * the browser, with bench/support/chrome.ts's MEASURING_FLAGS (LAZY_SOURCE_POSITIONS=1: see there).
 * The server is started as bench/lighthouse.ts starts it (production, throwaway embedded database, demo data);
 * signed-in pages are loaded as the demo patient or doctor. The CPU runs 4× slower (Lighthouse's mobile preset), the network
 * is not throttled: the figures are CPU time, comparable between builds on the same machine, not a load time.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { startServerProcess } from '../apps/server/test/server-process.ts';
import { CHROME_PATH, MEASURING_FLAGS } from './support/chrome.ts';
import { logInInside } from './support/demo-login.ts';
import { pagesToMeasure, type BenchPage } from './support/pages.ts';
import { SERVER_NICENESS, waitUntilQuiet } from './support/quiet.ts';
import { BROWSER_WORK, mainThreadEvents, overFifty, taskWork, type TraceEvent } from './support/trace.ts';

const TOP = Number(process.env.TOP ?? 25);
const DETAIL = Boolean(process.env.DETAIL);
const TOP_LEVEL_TOP = Number(process.env.TOP_LEVEL_TOP ?? 10);
const CALLERS = process.env.CALLERS;
/*
 * SIMULATE=1: the CPU is not throttled and every figure is the time measured × 4, as Lighthouse's simulated throttling
 * counts a task; DevTools' 4× throttling instead suspends the thread now and then, and a suspension charged to whatever
 * ran at that moment (an appendChild, a fetch) can make a cheap call look long.
 */
const SIMULATE = Boolean(process.env.SIMULATE);
const SLOWDOWN = 4;
/** Microseconds measured → milliseconds printed, at the slowdown (measured under it, or simulated). */
const toMs = (micros: number) => (SIMULATE ? (micros * SLOWDOWN) / 1000 : micros / 1000);
const DIST = process.env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../apps/web/dist');

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  /** Samples per line of the function's own code (1-based lines of the script). */
  positionTicks?: { line: number; ticks: number }[];
}
interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Microseconds of each kind of the browser's own work. */
function browserWork(onMain: TraceEvent[]): [string, number][] {
  return Object.entries(BROWSER_WORK).map(([kind, names]) => [
    kind,
    onMain.filter((event) => names.includes(event.name)).reduce((total, event) => total + (event.dur ?? 0), 0),
  ]);
}

const maps = new Map<string, SourceMapConsumer | null>();
async function sourceMapFor(url: string): Promise<SourceMapConsumer | null> {
  const file = path.join(DIST, new URL(url).pathname + '.map');
  if (!maps.has(file)) {
    const text = await fs.readFile(file, 'utf8').catch(() => null);
    maps.set(file, text ? new SourceMapConsumer(JSON.parse(text) as RawSourceMap) : null);
  }
  return maps.get(file) ?? null;
}

/** "react-dom", "@mantine/core", "apps/web/src/features/orders/…": the package, or the app file, a frame runs in. */
function moduleOf(source: string): string {
  const inPackage = source.split('node_modules/').pop() ?? source;
  if (inPackage !== source)
    return inPackage
      .split('/')
      .slice(0, inPackage.startsWith('@') ? 2 : 1)
      .join('/');
  const app = source.indexOf('apps/web/src/');
  if (app >= 0) return source.slice(app);
  const pkg = source.indexOf('packages/');
  return pkg >= 0 ? source.slice(pkg) : source;
}

async function labelOf({ callFrame }: ProfileNode): Promise<string> {
  if (!callFrame.url) return callFrame.functionName ? `(browser) ${callFrame.functionName}` : '(browser)';
  if (!callFrame.url.startsWith('http')) return callFrame.url;
  const map = await sourceMapFor(callFrame.url);
  const position = map?.originalPositionFor({ line: callFrame.lineNumber + 1, column: callFrame.columnNumber });
  if (!position?.source) return `${new URL(callFrame.url).pathname} (not in its source map)`;
  const module = moduleOf(position.source);
  return DETAIL ? `${module} ${position.name ?? callFrame.functionName}` : module;
}

/*
 * A chunk's top-level code — its modules' own statements, run once when the chunk is evaluated — is one function
 * without a name in its source map. The profile counts its samples per line; in a build made without minifying
 * (`--minify false`) each line belongs to one module, so those ticks say which module's load-time code costs
 * (a formatter or schema made at load). A minified chunk is a few long lines: nothing to tell apart.
 */
async function topLevelByModule(nodes: ProfileNode[], labels: Map<number, string>): Promise<[string, number][]> {
  const ticks = new Map<string, number>();
  for (const node of nodes) {
    if (!labels.get(node.id)?.endsWith('(not in its source map)') || !node.positionTicks) continue;
    const map = await sourceMapFor(node.callFrame.url);
    for (const { line, ticks: count } of node.positionTicks) {
      const position = map?.originalPositionFor({ line, column: 0, bias: SourceMapConsumer.LEAST_UPPER_BOUND });
      if (!position?.source) continue;
      const module = moduleOf(position.source);
      const key = module.startsWith('apps/') || module.startsWith('packages/') ? `${module}:${position.line}` : module;
      ticks.set(key, (ticks.get(key) ?? 0) + count);
    }
  }
  const total = [...ticks.values()].reduce((sum, count) => sum + count, 0);
  return [...ticks].sort((a, b) => b[1] - a[1]).map(([key, count]) => [key, count / (total || 1)]);
}

async function measure(baseUrl: string, target: BenchPage): Promise<void> {
  const browser = await puppeteer.launch({
    executablePath: CHROME_PATH,
    args: MEASURING_FLAGS,
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75 });
    if (target.signedIn) await logInInside(page, baseUrl, target.signedIn);
    // Chrome's own start and the login's work on the server done before the page loads (support/quiet.ts).
    const settled = await waitUntilQuiet();
    if (!settled.quiet) console.warn(`⚠ ${target.path}: the machine was still busy ${settled.waitedMs} ms after Chrome started`);
    const cdp = await page.createCDPSession();
    if (!SIMULATE) await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await cdp.send('Profiler.start');
    await page.goto(new URL(target.path, baseUrl).href, { waitUntil: 'networkidle0' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const trace = JSON.parse(Buffer.from((await page.tracing.stop()) ?? []).toString()) as { traceEvents: TraceEvent[] };

    const onMain = mainThreadEvents(trace.traceEvents);
    const tasks = onMain.filter((event) => event.name === 'RunTask');
    const longTaskEvents = tasks.filter((event) => toMs(event.dur ?? 0) > 50);
    const longTasks = longTaskEvents.map((event) => Math.round(toMs(event.dur ?? 0)));
    /*
     * Lighthouse counts a task's wall time. On a machine with few cores the page's main thread waits for a core while
     * the browser's other threads (compiling, collecting garbage, compositing, the DevTools traffic) or the server run,
     * and that wait counts as the page's: the thread's own CPU time shows what the page itself costs.
     */
    const wall = tasks.reduce((total, event) => total + (event.dur ?? 0), 0);
    const onCore = tasks.reduce((total, event) => total + (event.tdur ?? 0), 0);
    const longOnCoreEvents = tasks.filter((event) => toMs(event.tdur ?? 0) > 50);
    const longOnCore = longOnCoreEvents.map((event) => toMs(event.tdur ?? 0));

    const labels = new Map<number, string>();
    for (const node of profile.nodes) labels.set(node.id, await labelOf(node));
    const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id));
    const byLabel = new Map<string, number>();
    // Each long task's own top entries: which code made it long.
    const byTask = longTaskEvents.map(() => new Map<string, number>());
    let at = profile.startTime;
    profile.samples.forEach((id, index) => {
      const micros = profile.timeDeltas[index] ?? 0;
      at += micros;
      if (idle.has(id)) return;
      const label = labels.get(id) ?? '(unknown)';
      byLabel.set(label, (byLabel.get(label) ?? 0) + micros);
      const task = longTaskEvents.findIndex((event) => (event.ts ?? 0) <= at && at <= (event.ts ?? 0) + (event.dur ?? 0));
      if (task >= 0) byTask[task]?.set(label, (byTask[task]?.get(label) ?? 0) + micros);
    });
    if (CALLERS) printCallers(profile, labels, CALLERS);
    const busy = [...byLabel.values()].reduce((total, micros) => total + micros, 0);
    console.log(`\n${target.path}${target.signedIn ? ` (as the ${target.signedIn})` : ''}: ${Math.round(toMs(busy))} ms busy`);
    console.log(`  long tasks: ${longTasks.length} (${longTasks.join(', ')} ms), ${overFifty(longTasks)} ms over 50 ms`);
    if (SIMULATE)
      console.log(
        `  on a core: the tasks took ${Math.round(toMs(wall))} ms, ${Math.round(toMs(onCore))} ms of it running (the rest waiting for one of ${os.cpus().length} cores); ` +
          `by the thread's own time, ${longOnCore.length} long tasks, ${Math.round(overFifty(longOnCore))} ms over 50 ms`,
      );
    for (const [label, micros] of [...byLabel].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
      console.log(`  ${String(Math.round(toMs(micros))).padStart(6)} ms  ${label}`);
    }
    const topLevel = await topLevelByModule(profile.nodes, labels);
    if (topLevel.length > 1) {
      const unmapped = [...byLabel].filter(([label]) => label.endsWith('(not in its source map)'));
      const micros = unmapped.reduce((total, [, value]) => total + value, 0);
      console.log(`  chunks' top-level code (${Math.round(toMs(micros))} ms), by the module whose line it ran:`);
      for (const [key, share] of topLevel.slice(0, TOP_LEVEL_TOP)) {
        console.log(`  ${String(Math.round(toMs(share * micros))).padStart(6)} ms  ${key}`);
      }
    }
    console.log("  the browser's own work, from the trace:");
    for (const [kind, micros] of browserWork(onMain)) console.log(`  ${String(Math.round(toMs(micros))).padStart(6)} ms  ${kind}`);
    console.log('  each long task (at ms since the profile began, about when the page was asked for), its largest entries:');
    byTask.forEach((entries, index) => {
      const top = [...entries].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TASK_TOP ?? 5));
      console.log(
        `  ${String(longTasks[index]).padStart(6)} ms at ${String(Math.round(((longTaskEvents[index]?.ts ?? 0) - profile.startTime) / 1000)).padStart(5)}  ${top.map(([label, micros]) => `${label} ${Math.round(toMs(micros))}`).join(' · ')}`,
      );
    });
    if (SIMULATE) {
      console.log("  each long task by the thread's own time (× 4), what the trace says it did (CPU time × 4):");
      for (const task of longOnCoreEvents) {
        const work = taskWork(onMain, task).slice(0, Number(process.env.TASK_TOP ?? 5));
        console.log(
          `  ${String(Math.round(toMs(task.tdur ?? 0))).padStart(6)} ms at ${String(Math.round(((task.ts ?? 0) - profile.startTime) / 1000)).padStart(5)}  ${work.map(([kind, micros]) => `${kind} ${Math.round(toMs(micros))}`).join(' · ')}`,
        );
      }
    }
  } finally {
    await browser.close();
  }
}

/** The stacks (innermost caller first, 6 deep) under which the entries named like `name` spent their time. */
function printCallers(profile: CpuProfile, labels: Map<number, string>, name: string): void {
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const byStack = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    if (!labels.get(id)?.includes(name)) return;
    const stack: string[] = [];
    for (let at = parentOf.get(id); at !== undefined && stack.length < 6; at = parentOf.get(at)) stack.push(labels.get(at) ?? '?');
    const key = `${labels.get(id)} ← ${stack.join(' ← ')}`;
    byStack.set(key, (byStack.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  for (const [stack, micros] of [...byStack].sort((a, b) => b[1] - a[1]).slice(0, 8))
    console.log(`  caller ${String(Math.round(toMs(micros))).padStart(5)} ms  ${stack}`);
}

const pages = pagesToMeasure();
const indexFile = path.join(DIST, 'index.html');
await fs.access(indexFile).catch(() => {
  console.error(`No build at ${DIST}: see the commands at the top of bench/main-thread.ts`);
  process.exit(2);
});
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rhc-main-thread-'));
const server = await startServerProcess(
  {
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: DIST,
  },
  // A phone shares no core with the server (support/quiet.ts).
  { niceness: SERVER_NICENESS },
);
try {
  console.log(
    `Main thread at load, ${SIMULATE ? `CPU unthrottled, every time × ${SLOWDOWN} (as Lighthouse simulates)` : `CPU ${SLOWDOWN}× slower`} — ${DIST}, ${os.cpus().length} cores`,
  );
  for (const target of pages) await measure(server.url, target);
} finally {
  await server.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
