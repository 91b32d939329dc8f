import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
  }
}

/**
 * A fresh PGlite costs seconds to create and migrate; do it once per run and hand every
 * test file a copy of the migrated data directory.
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
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
