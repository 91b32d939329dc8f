import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from './scratch-database.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

/**
 * A process start transpiles the server and migrates a new database: 15–20 s on a 2-core machine with other work, more
 * while the rest of the suite runs beside it. The test gives it what startServerProcess waits (60 s), plus its checks.
 */
const PROCESS_TEST_MS = 90_000;

const started: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((server) => server.stop('SIGKILL')));
});

describe('the server process (npm start)', () => {
  it(
    'starts on the embedded database, then on SIGTERM stops accepting and exits 0 well within 10 s',
    async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rhc-process-'));
      const server = await startServerProcess({ DATA_DIR: dataDir });
      started.push(server);
      const health = (await (await fetch(`${server.url}/api/health`)).json()) as { data: { database: { driver: string } } };
      expect(health.data.database.driver).toBe('pglite');

      const stoppedAt = Date.now();
      const code = await server.stop('SIGTERM');
      expect(code).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
      expect(server.output()).toContain('shutting down');
      await fs.rm(dataDir, { recursive: true, force: true });
    },
    PROCESS_TEST_MS,
  );

  it('refuses to start with a bad variable and says which one', () => {
    const result = startAndExit({ PORT: 'eighty', DATABASE_URL: 'mysql://localhost/rhc' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid environment');
    expect(result.stderr).toContain('PORT:');
    expect(result.stderr).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  });
});

/** Runs the server's entry point with `env` added to this process's, waiting for it to exit (a start that is refused). */
function startAndExit(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../src/server.ts')], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
}

/** Runs `work` against a database of its own on TEST_DATABASE_URL's server, dropped afterwards. */
async function withScratchDatabase(work: (url: URL) => Promise<void>): Promise<void> {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'rhc_test');
  try {
    await work(new URL(scratch.url));
  } finally {
    await scratch.drop();
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  it(
    'both migrate safely at the same time, answer /api/health and share data',
    async () => {
      await withScratchDatabase(async (url) => {
        const [a, b] = await Promise.all([
          startServerProcess({ DATABASE_URL: url.toString() }),
          startServerProcess({ DATABASE_URL: url.toString() }),
        ]);
        started.push(a, b);
        for (const server of [a, b]) {
          const health = (await (await fetch(`${server.url}/api/health`)).json()) as { data: { database: { driver: string } } };
          expect(health.data.database.driver).toBe('postgres');
        }
        // A change made through the database is seen by both instances: nothing is cached per process.
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        await client.query(`UPDATE app_settings SET value = $1 WHERE key = 'support_contact'`, [
          JSON.stringify({ phone: '0987654321', email: 'cskh@rhc.test' }),
        ]);
        await client.end();
        for (const server of [a, b]) {
          const contact = (await (await fetch(`${server.url}/api/support-contact`)).json()) as { data: unknown };
          expect(contact.data).toEqual({ phone: '0987654321', email: 'cskh@rhc.test' });
        }
        await Promise.all([a.stop(), b.stop()]);
      });
    },
    PROCESS_TEST_MS,
  );
});

describe.runIf(process.env.TEST_DATABASE_URL)('WORKERS=2 on PostgreSQL', () => {
  it(
    'migrates once, serves from two worker processes on one port, and stops them all on SIGTERM',
    async () => {
      await withScratchDatabase(async (url) => {
        const server = await startServerProcess({ DATABASE_URL: url.toString(), WORKERS: '2' });
        started.push(server);
        // Both workers report ready: each is a whole instance with its own pool.
        const deadline = Date.now() + 20_000;
        while (server.output().split('RHC is ready').length - 1 < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
        expect(server.output().split('RHC is ready').length - 1).toBe(2);
        const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${server.url}/api/health`)));
        expect(answers.every((answer) => answer.status === 200)).toBe(true);
        expect(await server.stop('SIGTERM')).toBe(0);
        expect(server.output().split('shutting down').length - 1).toBe(2);
        await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
      });
    },
    PROCESS_TEST_MS,
  );

  it('refuses more than one worker on the embedded database', () => {
    const result = startAndExit({ DATABASE_URL: '', WORKERS: '2' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('WORKERS: more than 1 needs DATABASE_URL');
  });
});
