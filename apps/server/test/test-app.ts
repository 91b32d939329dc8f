import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/index.ts';
import { createScratchDatabase } from './scratch-database.ts';

export type DatabaseKind = 'PGlite' | 'PostgreSQL';

/** Route suites run on PGlite always, and on a real PostgreSQL too when TEST_DATABASE_URL is set. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite'];

/**
 * The one database a suite that does not test the engine runs on: PostgreSQL, the production database, when the run has
 * one, else PGlite. For suites whose findings cannot depend on the engine (decision 049, "CI time").
 */
export const productionDatabaseKind: DatabaseKind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

export const TEST_SUPPORT_CONTACT = { phone: '02838221234', email: 'hotro@benhvien.test' };

/**
 * scrypt's N for the passwords the route tests set: 2^10 (about 1 MB and a millisecond) instead of production's 2^15
 * (32 MB and tens of ms). The suites sign up and log in thousands of people; at production cost that was minutes of
 * the run's CPU. A suite that tests the cost itself builds its app without it (the production default).
 */
export const TEST_PASSWORD_HASH_COST = 2 ** 10;

export interface TestDatabase {
  database: Database;
  dispose(): Promise<void>;
}

/** A migrated database of its own: a copy of the run's PGlite or PostgreSQL template. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'PGlite') {
    const template = await fs.readFile(inject('pgliteTemplatePath'));
    const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([template]) });
    await database.migrate();
    return { database, dispose: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  // A database of its own per test file, copied from the run's migrated template (test/database-templates.ts): runs
  // never collide, and the committed migrations ran unchanged; migrate() finds nothing left to do, as on PGlite.
  const scratch = await createScratchDatabase(adminUrl, 'rhc_test', inject('postgresTemplate') || undefined);
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 5 });
  await database.migrate();
  return {
    database,
    async dispose() {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * Declares a suite of database-level tests once per database kind (`${title} on PGlite`, …), each on a migrated
 * database of its own (no seed, no app), disposed afterwards.
 */
export function describeOnEachTestDatabase(title: string, suite: (database: () => Database) => void): void {
  for (const kind of databaseKinds) {
    describe(`${title} on ${kind}`, () => {
      let test: TestDatabase | undefined;
      beforeAll(async () => {
        test = await createTestDatabase(kind);
      });
      afterAll(() => test?.dispose());
      suite(() => {
        if (!test) throw new Error('test database is not ready');
        return test.database;
      });
    });
  }
}

/** A clock the tests move by hand, to cross expiry limits without waiting. */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export function createTestClock(start = new Date('2026-11-22T03:00:00Z')): TestClock {
  let current = start.getTime();
  return { now: () => new Date(current), advance: (ms) => (current += ms) };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  uploadsDir: string;
}

/**
 * Declares the suite once per database kind ("on PGlite", "on PostgreSQL"), each with its own
 * seeded database and app. `deps` replace app dependencies (e.g. a web dist dir); `beforeReady`
 * may add routes that exist only for a test (e.g. one that throws).
 */
export function describeOnEachDatabase(
  suite: (context: () => TestContext) => void,
  options: {
    deps?: Partial<Omit<AppDeps, 'database'>>;
    beforeReady?: (app: FastifyInstance) => void;
    /** The databases to run on; every kind of the run unless a suite says otherwise. */
    kinds?: DatabaseKind[];
  } = {},
): void {
  for (const kind of options.kinds ?? databaseKinds) {
    describe(`on ${kind}`, () => {
      let testDatabase: TestDatabase | undefined;
      let context: TestContext | undefined;
      beforeAll(async () => {
        testDatabase = await createTestDatabase(kind);
        await seedReferenceData(testDatabase.database.db, { supportContact: TEST_SUPPORT_CONTACT });
        const clock = createTestClock();
        const uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rhc-uploads-'));
        const app = await buildApp({
          database: testDatabase.database,
          version: '0.0.0-test',
          uploadsDir,
          clock: clock.now,
          passwordHashCost: TEST_PASSWORD_HASH_COST,
          ...options.deps,
        });
        options.beforeReady?.(app);
        await app.ready();
        context = { app, database: testDatabase.database, clock, uploadsDir };
      });
      afterAll(async () => {
        await context?.app.close();
        await testDatabase?.dispose();
        if (context) await fs.rm(context.uploadsDir, { recursive: true, force: true });
      });
      suite(() => {
        if (!context) throw new Error('test app is not ready');
        return context;
      });
    });
  }
}
