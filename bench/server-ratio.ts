/**
 * Issue 49: how much of a bare Fastify + PostgreSQL read RHC keeps. Starts a bare Fastify with one route answering one
 * primary-key row as JSON (support/bare-server.ts) and RHC as `npm start` runs it in production (PostgreSQL, log level
 * warn, demo data), both on one new database, then loads them in turn, round after round, with autocannon:
 *   - bare: GET /row/:id, the demo patient's row;
 *   - health: RHC's GET /api/health;
 *   - free slots: RHC's POST /api/user-freetime-in-month/:doctorId for the demo doctor (signed in as the demo patient);
 *   - order detail: RHC's GET /api/order/detail/:id of one of the demo patient's bookings (signed in as her).
 * Prints each target's median req/s, median p99 and errors over the rounds, and its ratio to the bare read.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run server-ratio -w @rhc/bench
 * ROUNDS (3), SECONDS (8) and CONNECTIONS (50) set the load, WARMUP_SECONDS (3) the unmeasured run of each target
 * before the first round; TARGETS=bare,health,free-slots,order-detail (all by default) picks some of them; with
 * CPU_PROFILE_DIR=/some/dir RHC writes a V8 CPU profile there when it stops (summarise it with support/cpu-profile-top.ts).
 * With BEFORE_SERVER=<another checkout>/apps/server/src/server.ts, that version of RHC runs too, on the same database,
 * and each RHC target is loaded on both in turn (`name@before`): a change's own before and after, in one run.
 * The servers and the database are removed at the end, also after a failure or Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_ACCOUNTS } from '../apps/server/src/db/seed/demo.ts';
import { freePort, startServerProcess, type ServerProcess } from '../apps/server/test/server-process.ts';
import { cpuNote, createBenchDatabase } from './support/bench-env.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 8);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 3);
const TARGET_NAMES = ['bare', 'health', 'free-slots', 'order-detail'] as const;
type TargetName = (typeof TARGET_NAMES)[number];
const chosen = (process.env.TARGETS ?? TARGET_NAMES.join(',')).split(',').map((name) => name.trim());
for (const name of chosen)
  if (!TARGET_NAMES.includes(name as TargetName)) throw new Error(`unknown target ${name}; known: ${TARGET_NAMES.join(', ')}`);

interface Target {
  name: TargetName;
  /** The name, and `@before` on the BEFORE_SERVER. */
  key: string;
  label: string;
  request: { url: string; method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string };
  /** The process that answers it. */
  pid: number | undefined;
}

interface Run {
  perSecond: number;
  p99: number;
  errors: number;
  /** The answering process's CPU time per request, in µs: steadier than req/s on a shared machine. */
  cpuPerRequest: number;
}

/** User and system CPU time of a process so far, in ms, from /proc (Linux; 10 ms ticks); NaN elsewhere. */
async function cpuMs(pid: number | undefined): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are the 14th and 15th fields, the 12th and 13th after the command.
  return stat ? (Number(fields[11]) + Number(fields[12])) * 10 : Number.NaN;
}

/** One autocannon run; anything but a 2xx, a socket error or a time-out is an error. */
async function load(target: Target, seconds: number): Promise<Run> {
  const cpuBefore = await cpuMs(target.pid);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ ...target.request, connections: CONNECTIONS, duration: seconds, timeout: 10 }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
  });
  return {
    perSecond: result.requests.total / seconds,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuPerRequest: (((await cpuMs(target.pid)) - cpuBefore) * 1000) / Math.max(1, result.requests.total),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** The bare baseline in a process of its own, answering once /ready does. */
async function startBare(databaseUrl: string): Promise<{ url: string; pid: number | undefined; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'support/bare-server.ts')], {
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '20', PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
    if (child.exitCode !== null) break;
    if (
      await fetch(`${url}/ready`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { url, pid: child.pid, stop };
  }
  await stop();
  throw new Error('the bare server did not start');
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** The bare server's row, the demo patient's session, the demo doctor's fullest month and a booking of hers in it. */
async function targets(
  databaseUrl: string,
  bare: { url: string; pid: number | undefined },
  rhc: { url: string; pid: number | undefined },
  before?: { url: string; pid: number | undefined },
): Promise<Target[]> {
  const [bareUrl, rhcUrl] = [bare.url, rhc.url];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const ids = await client
    .query<{ phone: string; id: string }>('SELECT phone, id FROM users WHERE phone IN ($1, $2) AND deleted_at IS NULL', [
      DEMO_ACCOUNTS.patient.phone,
      DEMO_ACCOUNTS.doctor.phone,
    ])
    .finally(() => client.end());
  const idOf = (phone: string) => {
    const row = ids.rows.find((candidate) => candidate.phone === phone);
    if (!row) throw new Error(`no demo user ${phone}`);
    return row.id;
  };
  const patientId = idOf(DEMO_ACCOUNTS.patient.phone);
  const doctorId = idOf(DEMO_ACCOUNTS.doctor.phone);
  const login = await json<{ accessToken: string }>(
    await fetch(`${rhcUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: DEMO_ACCOUNTS.patient.phone, password: DEMO_ACCOUNTS.patient.password }),
    }),
  );
  const authorization = `Bearer ${login.accessToken}`;
  // This month or the next, whichever has more free slots for the demo doctor.
  const freeSlotRequest = (month: number, year: number) => ({
    url: `${rhcUrl}/api/user-freetime-in-month/${doctorId}`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ month, year, examTypeId: 1 }),
  });
  const freeSlots = async (request: Target['request']) =>
    (await json<{ days: { day: string; slots: { hour: string }[] }[] }>(await fetch(request.url, request))).days.flatMap((day) =>
      day.slots.map((slot) => ({ checkDay: day.day, checkHour: slot.hour })),
    );
  const now = new Date();
  const months = [
    { month: now.getUTCMonth() + 1, year: now.getUTCFullYear() },
    { month: ((now.getUTCMonth() + 1) % 12) + 1, year: now.getUTCFullYear() + (now.getUTCMonth() === 11 ? 1 : 0) },
  ].map(({ month, year }) => freeSlotRequest(month, year));
  const slotsOf = await Promise.all(months.map(freeSlots));
  const fullest = (slotsOf[1]?.length ?? 0) > (slotsOf[0]?.length ?? 0) ? 1 : 0;
  const freeSlotRead = months[fullest];
  // The demo data has no booking: the demo patient books the last free slot of that month, as the app does.
  const slot = slotsOf[fullest]?.at(-1);
  if (!freeSlotRead || !slot) throw new Error('the demo doctor has no free slot this month or the next');
  const booked = await json<{ id: string }>(
    await fetch(`${rhcUrl}/api/order/${patientId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization, 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        mode: 'direct',
        specialtyId: 1,
        examTypeId: 1,
        doctorId,
        ...slot,
        reasonForExamination: 'Khám sức khỏe định kỳ',
      }),
    }),
  );
  const slotCount = (await freeSlots(freeSlotRead)).length;
  const all: Omit<Target, 'key' | 'pid'>[] = [
    { name: 'bare', label: 'bare Fastify + pg, one row by primary key', request: { url: `${bareUrl}/row/${patientId}`, method: 'GET' } },
    { name: 'health', label: 'RHC GET /api/health', request: { url: `${rhcUrl}/api/health`, method: 'GET' } },
    { name: 'free-slots', label: `RHC free-slot month read (${slotCount} slots)`, request: freeSlotRead },
    {
      name: 'order-detail',
      label: 'RHC order detail (signed in)',
      request: { url: `${rhcUrl}/api/order/detail/${booked.id}`, method: 'GET', headers: { authorization } },
    },
  ];
  return all
    .filter((target) => chosen.includes(target.name))
    .flatMap((target) => {
      const after = { ...target, key: target.name, pid: target.name === 'bare' ? bare.pid : rhc.pid };
      if (!before || target.name === 'bare') return [after];
      const url = target.request.url.replace(rhcUrl, before.url);
      const label = `${target.label}, before`;
      return [{ ...target, key: `${target.name}@before`, label, pid: before.pid, request: { ...target.request, url } }, after];
    });
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const database = await createBenchDatabase();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rhc-ratio-'));
let rhc: ServerProcess | undefined;
let before: ServerProcess | undefined;
let bare: Awaited<ReturnType<typeof startBare>> | undefined;
const cleanUp = async () => {
  await Promise.allSettled([rhc?.stop('SIGTERM'), before?.stop('SIGTERM'), bare?.stop()]);
  await database.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
};
const interrupted = () => void cleanUp().finally(() => process.exit(130));
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);
try {
  const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_POOL_SIZE: '20' };
  // A process of its own migrates and seeds the database, so that no measured server carries the seeding in its heap
  // (or its profile); the measured ones join it as further instances would.
  await (await startServerProcess({ ...env, SEED_DEMO: 'true' })).stop('SIGTERM');
  const rhcStarted = performance.now();
  rhc = await startServerProcess({ ...env, SEED_DEMO: 'false' });
  const beforeStarted = performance.now();
  if (process.env.BEFORE_SERVER) before = await startServerProcess({ ...env, SEED_DEMO: 'false' }, { entry: process.env.BEFORE_SERVER });
  bare = await startBare(database.url);
  console.log(`RHC pid ${rhc.child.pid}${before ? `, before (${process.env.BEFORE_SERVER}) pid ${before.child.pid}` : ''}`);
  const list = await targets(
    database.url,
    bare,
    { url: rhc.url, pid: rhc.child.pid },
    before && { url: before.url, pid: before.child.pid },
  );
  // Each answer's size once (the body as sent, before any compression the client did not ask for).
  for (const target of list) {
    const response = await fetch(target.request.url, { ...target.request, headers: { ...target.request.headers } });
    console.log(`${target.key}: answer of ${(await response.arrayBuffer()).byteLength} bytes (status ${response.status})`);
  }
  const runs = new Map<string, Run[]>(list.map((target) => [target.key, []]));
  const loadBefore = loadAverage();
  for (const target of list) await load(target, WARMUP_SECONDS);
  if (process.env.CPU_PROFILE_DIR) {
    const since = (started: number) => ((performance.now() - started) / 1000).toFixed(0);
    console.log(
      `measured load from about ${since(rhcStarted)} s into RHC's profile${before ? `, ${since(beforeStarted)} s into the before's` : ''} (cpu-profile-top's from-seconds)`,
    );
  }
  for (let round = 1; round <= ROUNDS; round += 1) {
    // Every other round in the opposite order, so that no target always follows the same one.
    for (const target of round % 2 ? list : [...list].reverse()) {
      const run = await load(target, SECONDS);
      runs.get(target.key)?.push(run);
      console.log(
        `round ${round} ${target.key}: ${run.perSecond.toFixed(0)}/s, p99 ${run.p99} ms, errors ${run.errors}, CPU ${run.cpuPerRequest.toFixed(0)} µs/request (load average ${loadAverage()})`,
      );
    }
  }
  console.log(
    `\nserver ratio: ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per target, alternating, after ${WARMUP_SECONDS} s of warm-up each; ` +
      `PostgreSQL, production, log level warn, on this machine — ${cpuNote()}; load average before ${loadBefore}, after ${loadAverage()}`,
  );
  const bareMedian = runs.get('bare') ? median((runs.get('bare') ?? []).map((run) => run.perSecond)) : undefined;
  const medianOf = (key: string) => median((runs.get(key) ?? []).map((run) => run.perSecond));
  for (const target of list) {
    const own = runs.get(target.key) ?? [];
    const perSecond = medianOf(target.key);
    const ratio = bareMedian && target.name !== 'bare' ? `, ${((100 * perSecond) / bareMedian).toFixed(0)} % of bare` : '';
    const beforeMedian = runs.has(`${target.key}@before`) ? medianOf(`${target.key}@before`) : undefined;
    const cpu = median(own.map((run) => run.cpuPerRequest));
    const beforeCpu = runs.has(`${target.key}@before`)
      ? median((runs.get(`${target.key}@before`) ?? []).map((run) => run.cpuPerRequest))
      : undefined;
    const change = beforeMedian
      ? `, ${(100 * (perSecond / beforeMedian - 1)).toFixed(1)} % req/s and ${(100 * (cpu / (beforeCpu ?? cpu) - 1)).toFixed(1)} % CPU/request against before`
      : '';
    console.log(
      `${target.label}: median ${perSecond.toFixed(0)}/s, p99 ${median(own.map((run) => run.p99))} ms, errors ${own.reduce((sum, run) => sum + run.errors, 0)}, CPU ${cpu.toFixed(0)} µs/request${ratio}${change}`,
    );
  }
} finally {
  process.off('SIGINT', interrupted);
  process.off('SIGTERM', interrupted);
  await cleanUp();
}
