import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { createScratchDatabase } from './scratch-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    /** The migrated PostgreSQL database each test file's database is copied from; empty without TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}

/**
 * A fresh database costs seconds to create and migrate (PGlite about 2 s, PostgreSQL about 2.5 s of 31 migrations);
 * do it once per run and hand every test file a copy: of the migrated PGlite data directory, and of a migrated
 * PostgreSQL template database (`CREATE DATABASE … TEMPLATE`, a fraction of a second).
 */
export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rhc-pglite-'));
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  if (!database.snapshot) throw new Error('PGlite databases can be snapshotted');
  const dump = await database.snapshot();
  await database.close();
  const file = path.join(dir, 'migrated.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', file);

  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = adminUrl ? await createScratchDatabase(adminUrl, 'rhc_template') : undefined;
  if (template) {
    const migrated = await openDatabase({ kind: 'postgres', url: template.url, poolSize: 1 });
    await migrated.migrate();
    // A template takes no connection of its own while it is copied: every pool on it is closed here.
    await migrated.close();
  }
  project.provide('postgresTemplate', template ? new URL(template.url).pathname.slice(1) : '');
  return async () => {
    await template?.drop();
    await fs.rm(dir, { recursive: true, force: true });
  };
}
