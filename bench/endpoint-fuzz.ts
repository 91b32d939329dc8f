/**
 * R11, the longer run: the endpoint-table fuzz of the suite (apps/server/test/fuzz) with more requests per endpoint, on a
 * fresh PGlite, printing the totals, the slowest endpoints and every distinct failure with its smallest request.
 *   FUZZ_RUNS=2000 FUZZ_SEED=20261122 npm run fuzz -w @rhc/bench
 * Exits 1 when a failure was found.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedReferenceData } from '../apps/server/src/db/seed/index.ts';
import {
  createWorld,
  DEFAULT_FUZZ_SEED,
  documentedErrorCodes,
  endpointsInFuzzOrder,
  FuzzCollector,
  fuzzEndpoint,
} from '../apps/server/test/fuzz/endpoint-fuzz.ts';
import { cpuNote } from './support/bench-env.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? DEFAULT_FUZZ_SEED);

const database = await openDatabase({ kind: 'pglite' });
await database.migrate();
await seedReferenceData(database.db, { supportContact: { phone: '02838221234', email: 'hotro@benhvien.test' } });
let now = new Date('2026-11-22T03:00:00Z').getTime();
const clock = { now: () => new Date(now), advance: (ms: number) => (now += ms) };
const uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rhc-fuzz-uploads-'));
const app = await buildApp({ database, version: '0.0.0-fuzz', uploadsDir, clock: clock.now, logger: false });
await app.ready();

const collector = new FuzzCollector(SEED);
try {
  const world = await createWorld({ app, database, clock });
  const codes = documentedErrorCodes();
  const started = performance.now();
  for (const endpoint of endpointsInFuzzOrder()) await fuzzEndpoint(world, endpoint, { seed: SEED, numRuns: RUNS }, collector, codes);
  const seconds = (performance.now() - started) / 1000;

  console.log(`endpoint fuzz: ${RUNS} requests per endpoint, PGlite, app.inject — ${cpuNote()}`);
  console.log(`${collector.requests} requests in ${seconds.toFixed(1)} s (${(collector.requests / seconds).toFixed(0)} requests/s)`);
  const slowest = [...collector.millis.entries()].sort(([, a], [, b]) => b - a).slice(0, 5);
  console.log(`slowest endpoints: ${slowest.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join('; ')}`);
  console.log(collector.report());
} finally {
  await app.close();
  await database.close();
  await fs.rm(uploadsDir, { recursive: true, force: true });
}
process.exitCode = collector.distinct().length ? 1 : 0;
