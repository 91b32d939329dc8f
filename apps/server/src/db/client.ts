import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the repositories see: the same on PGlite and on node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbDriver = 'pglite' | 'postgres';

/** The rows of a raw `db.execute(sql…)`: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Builds the value on the first call and keeps it: a statement a repository prepares on first use. */
export function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

export interface Database {
  db: Db;
  driver: DbDriver;
  /**
   * Applies the committed SQL migrations, then `andThen` (the start-up seeds) on the same connection; idempotent. On
   * PostgreSQL instances starting together take turns for the whole of it, so no seed meets another's unfinished rows.
   */
  migrate(andThen?: (db: Db) => Promise<void>): Promise<void>;
  /** True when a trivial query answers within the time limit. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, to start other in-process databases from. */
  snapshot?(): Promise<Blob>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
/** Any constant works; it only has to be the same for every RHC instance sharing one database. */
const MIGRATION_LOCK_KEY = 4_247_001;

export type DatabaseOptions =
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres' ? openPostgres(options) : openPglite(options);
}

async function openPostgres(options: { url: string; poolSize?: number }): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    async migrate(andThen) {
      const client = await pool.connect();
      try {
        // Two instances starting together must not both run the same migration, nor seed at once.
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          const locked = drizzlePg(client, { schema, casing: 'snake_case' });
          await migratePg(locked, { migrationsFolder });
          // On the locked connection: with a pool of one, another would wait for this one forever.
          await andThen?.(locked as unknown as Db);
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    ping: (timeoutMs) => pingWith(db, timeoutMs),
    close: () => pool.end(),
  };
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  if (options.dataDir) await fs.mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    // The orders' no-overlap constraint needs it (migration 0004); PostgreSQL ships it in contrib.
    extensions: { btree_gist },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    async migrate(andThen) {
      await migratePglite(drizzlePglite(client, { schema, casing: 'snake_case' }), { migrationsFolder });
      await andThen?.(db);
    },
    ping: (timeoutMs) => pingWith(db, timeoutMs),
    close: () => client.close(),
    snapshot: () => client.dumpDataDir('none'),
  };
}

async function pingWith(db: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
