/**
 * P1 and P2: free-slot reads and bookings at 50 connections against one RHC instance on PostgreSQL (co-located),
 * printing throughput and latency percentiles beside the targets of reference/security-and-performance.md.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run load -w @rhc/bench
 * LOAD_CONNECTIONS (50) and LOAD_SECONDS (15) set the load, LOAD_WARMUP_SECONDS (3) the unmeasured start of each run, LOAD_WORKERS (1) the instance's worker processes; LOAD_ONLY=reads|writes measures one half; with
 * CPU_PROFILE_DIR=/some/dir the server writes a V8 CPU profile there (open it in Chrome DevTools).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import autocannon from 'autocannon';
import {
  at,
  cpuNote,
  createBenchDatabase,
  examBody,
  logIn,
  percentile,
  seedPeople,
  slotAt,
  startServers,
  tomorrowInVietnam,
} from './support/bench-env.ts';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 15);
/**
 * Each run starts with this long under the same load, not measured: P1 and P2 are sustained figures, and the first
 * seconds of a fresh process measure V8 compiling the route and every pool connection preparing its statements.
 */
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 3);
/** Worker processes of the one instance (node:cluster, WORKERS); 1 by default, as `npm start` runs. */
const WORKERS = Number(process.env.LOAD_WORKERS ?? 1);
/** `reads` or `writes` measures only that half (for profiling one of them); both by default. */
const ONLY = process.env.LOAD_ONLY;
/** P2's booking rate (reference P2): the rate offered in the second booking run. */
const P2_RATE = 300;

interface Figures {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

function figures(latencies: number[], errors: number, seconds: number): Figures {
  return {
    requests: latencies.length,
    errors,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

/** What one loop sends next: its path, and for a POST the headers and JSON body. */
interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * Runs `CONNECTIONS` keep-alive connections for `SECONDS` with autocannon (the load generator the reference's
 * anchors were measured with: it writes raw HTTP/1.1 and so leaves the shared cores to the server), one connection per
 * loop so that loop `i` always speaks for its own patient and doctor; `request(loop)` builds a loop's next request. Any status but `expected`, a socket error or a time-out counts as an error, in the warm-up too; only
 * answers to requests sent after the warm-up are measured.
 */
async function measure(baseUrl: string, expected: number, request: (loop: number) => LoadRequest): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const measuredFrom = performance.now() + WARMUP_SECONDS * 1000;
  await Promise.all(
    Array.from(
      { length: CONNECTIONS },
      (_, loop) =>
        new Promise<void>((resolve, reject) => {
          const instance = autocannon(
            {
              url: baseUrl,
              connections: 1,
              duration: WARMUP_SECONDS + SECONDS,
              timeout: 10,
              requests: [{ ...request(loop), setupRequest: (previous) => ({ ...previous, ...request(loop) }) }],
            },
            (error, result) => {
              if (error) return reject(error);
              errors += result.timeouts;
              resolve();
            },
          );
          instance.on('response', (_client, statusCode, _bytes, milliseconds) => {
            if (statusCode !== expected) errors += 1;
            if (performance.now() - milliseconds >= measuredFrom) latencies.push(milliseconds);
          });
          instance.on('reqError', () => (errors += 1));
        }),
    ),
  );
  const elapsed = (performance.now() - measuredFrom) / 1000;
  return figures(latencies, errors, elapsed);
}

/**
 * Offers requests at `perSecond`, evenly spaced, over at most `CONNECTIONS` keep-alive connections, whatever the answers
 * do (an open loop: patients do not wait for each other). Each latency runs from the moment the request was due, so a
 * request held back for lack of a free connection counts its wait too (no coordinated omission). Request i goes to
 * loop i mod CONNECTIONS. The warm-up is offered at the same rate and not measured.
 */
async function offer(baseUrl: string, expected: number, request: (loop: number) => LoadRequest, perSecond: number): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  const warmupCount = Math.round(WARMUP_SECONDS * perSecond);
  const total = warmupCount + Math.round(SECONDS * perSecond);
  const started = performance.now();
  const dueAt = (index: number) => started + (index * 1000) / perSecond;
  const answers: Promise<void>[] = [];
  const send = (index: number, due: number) =>
    new Promise<void>((resolve) => {
      const next = request(index % CONNECTIONS);
      const outgoing = http.request(new URL(next.path, baseUrl), { method: next.method, headers: next.headers, agent, timeout: 10_000 });
      outgoing.on('response', (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== expected) errors += 1;
          if (index >= warmupCount) latencies.push(performance.now() - due);
          resolve();
        });
      });
      // `timeout` only reports the idle socket: end the request, so it is counted as an error and not waited for.
      outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
      outgoing.on('error', () => {
        errors += 1;
        resolve();
      });
      outgoing.end(next.body);
    });
  for (let index = 0; index < total;) {
    const now = performance.now();
    for (; index < total && dueAt(index) <= now; index += 1) answers.push(send(index, dueAt(index)));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(answers);
  agent.destroy();
  return figures(latencies, errors, SECONDS);
}

function line(name: string, f: Figures, target: string): string {
  return `${name}: ${f.perSecond.toFixed(0)}/s over ${f.requests} requests, p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, errors ${f.errors} — target ${target}`;
}

const database = await createBenchDatabase();
const cluster = await startServers(database.url, 1, WORKERS);
try {
  const baseUrl = at(cluster.servers, 0).url;
  const firstDay = tomorrowInVietnam();
  // One doctor per connection, each working round the clock for a year: 48 × 365 slots, never short of free ones.
  // And as many with a clinic's week (Mon–Fri 07:30–11:30, 13:30–16:30): the month a patient usually reads.
  const people = await seedPeople(database.url, {
    doctors: CONNECTIONS,
    clinicDoctors: CONNECTIONS,
    patients: CONNECTIONS,
    firstDay,
    days: 365,
  });
  const authorizations = await Promise.all(people.patients.map((patient) => logIn(baseUrl, patient.phone)));
  const [year, month] = firstDay.split('-').map(Number);

  const readMonth = (doctorIds: string[]) =>
    measure(baseUrl, 200, (loop) => ({
      method: 'POST',
      path: `/api/user-freetime-in-month/${at(doctorIds, loop)}`,
      headers: { 'content-type': 'application/json', authorization: at(authorizations, loop) },
      body: JSON.stringify({ month, year, examTypeId: 1 }),
    }));
  const reads = ONLY === 'writes' ? undefined : await readMonth(people.doctorIds);
  const clinicReads = ONLY === 'writes' ? undefined : await readMonth(people.clinicDoctorIds);

  // Each loop books its doctor's next slot, run after run.
  const slotsTaken = Array.from({ length: CONNECTIONS }, () => 0);
  const booking = (loop: number): LoadRequest => {
    const slot = slotAt(firstDay, at(slotsTaken, loop));
    slotsTaken[loop] = at(slotsTaken, loop) + 1;
    return {
      method: 'POST',
      path: `/api/order/${at(people.patients, loop).id}`,
      headers: { 'content-type': 'application/json', authorization: at(authorizations, loop), 'idempotency-key': randomUUID() },
      body: JSON.stringify(examBody(at(people.doctorIds, loop), slot)),
    };
  };
  // As many bookings as 50 connections get answered; then P2's rate offered, for the latency a patient meets at that load.
  const writes = ONLY === 'reads' ? undefined : await measure(baseUrl, 201, booking);
  const writesAtTarget = ONLY === 'reads' ? undefined : await offer(baseUrl, 201, booking, P2_RATE);

  console.log(
    `booking load: ${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up, 1 instance of ${WORKERS} worker${WORKERS === 1 ? '' : 's'} + PostgreSQL on this machine — ${cpuNote()}`,
  );
  const p1 = 'P1 ≥ 2000/s, p95 ≤ 50 ms, p99 ≤ 100 ms, 0 errors';
  if (reads) console.log(line('free-slot reads (a month round the clock, 1,440 slots)', reads, p1));
  if (clinicReads) console.log(line("free-slot reads (a clinic doctor's month, about 300 slots)", clinicReads, p1));
  const p2 = `P2 ≥ ${P2_RATE}/s, p99 ≤ 150 ms`;
  if (writes)
    console.log(line('bookings, as fast as answered (order + detail + idempotency key + audit + mail in one statement)', writes, p2));
  if (writesAtTarget)
    console.log(line(`bookings offered at ${P2_RATE}/s, evenly (latency from the moment each was due)`, writesAtTarget, p2));
} finally {
  await cluster.stop();
  await database.drop();
}
