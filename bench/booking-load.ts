/**
 * P1 and P2: free-slot reads and bookings at 50 connections against one RHC instance on PostgreSQL (co-located),
 * printing throughput and latency percentiles beside the targets of reference/security-and-performance.md.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run load -w @rhc/bench
 * LOAD_CONNECTIONS (50) and LOAD_SECONDS (15) set the load, LOAD_WORKERS (1) the instance's worker processes; LOAD_ONLY=reads|writes measures one half; with
 * CPU_PROFILE_DIR=/some/dir the server writes a V8 CPU profile there (open it in Chrome DevTools).
 */
import { randomUUID } from 'node:crypto';
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
/** Worker processes of the one instance (node:cluster, WORKERS); 1 by default, as `npm start` runs. */
const WORKERS = Number(process.env.LOAD_WORKERS ?? 1);
/** `reads` or `writes` measures only that half (for profiling one of them); both by default. */
const ONLY = process.env.LOAD_ONLY;

interface Figures {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
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
 * loop so that loop `i` always speaks for its own patient and doctor; `request(loop, n)` builds the n-th request of a
 * loop. Any status but `expected`, a socket error or a time-out counts as an error.
 */
async function measure(baseUrl: string, expected: number, request: (loop: number, n: number) => LoadRequest): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from(
      { length: CONNECTIONS },
      (_, loop) =>
        new Promise<void>((resolve, reject) => {
          let n = 0;
          const instance = autocannon(
            {
              url: baseUrl,
              connections: 1,
              duration: SECONDS,
              timeout: 10,
              requests: [{ ...request(loop, n), setupRequest: (previous) => ({ ...previous, ...request(loop, (n += 1)) }) }],
            },
            (error, result) => {
              if (error) return reject(error);
              errors += result.timeouts;
              resolve();
            },
          );
          instance.on('response', (_client, statusCode, _bytes, milliseconds) => {
            latencies.push(milliseconds);
            if (statusCode !== expected) errors += 1;
          });
          instance.on('reqError', () => (errors += 1));
        }),
    ),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    requests: latencies.length,
    errors,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
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

  const writes =
    ONLY === 'reads'
      ? undefined
      : await measure(baseUrl, 201, (loop, n) => ({
          method: 'POST',
          path: `/api/order/${at(people.patients, loop).id}`,
          headers: { 'content-type': 'application/json', authorization: at(authorizations, loop), 'idempotency-key': randomUUID() },
          body: JSON.stringify(examBody(at(people.doctorIds, loop), slotAt(firstDay, n))),
        }));

  console.log(
    `booking load: ${CONNECTIONS} connections, ${SECONDS} s each, 1 instance of ${WORKERS} worker${WORKERS === 1 ? '' : 's'} + PostgreSQL on this machine — ${cpuNote()}`,
  );
  const p1 = 'P1 ≥ 2000/s, p95 ≤ 50 ms, p99 ≤ 100 ms, 0 errors';
  if (reads) console.log(line('free-slot reads (a month round the clock, 1,440 slots)', reads, p1));
  if (clinicReads) console.log(line("free-slot reads (a clinic doctor's month, about 300 slots)", clinicReads, p1));
  if (writes)
    console.log(line('bookings (order + detail + idempotency key + audit in one transaction)', writes, 'P2 ≥ 300/s, p99 ≤ 150 ms'));
} finally {
  await cluster.stop();
  await database.drop();
}
