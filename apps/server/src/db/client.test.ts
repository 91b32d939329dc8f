import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../test/scratch-database.ts';
import { openDatabase, type Database } from './client.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('instances starting together on one PostgreSQL', () => {
  let scratch: ScratchDatabase;
  const opened: Database[] = [];
  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'rhc_test');
  });
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
    await scratch.drop();
  });

  it('take turns: the second migrates and seeds only once the first has finished seeding, even with a pool of one', async () => {
    const [a, b] = await Promise.all([1, 2].map(() => openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 1 })));
    if (!a || !b) throw new Error('not opened');
    opened.push(a, b);
    const steps: string[] = [];
    let finishFirst = () => {};
    const firstSeeding = new Promise<void>((resolve) => (finishFirst = resolve));
    let firstStarted = () => {};
    const started = new Promise<void>((resolve) => (firstStarted = resolve));

    const first = a.migrate(async (db) => {
      await db.execute(sql`select 1`);
      steps.push('first seeds');
      firstStarted();
      await firstSeeding;
      steps.push('first done');
    });
    await started;
    const second = b.migrate(async (db) => {
      steps.push('second seeds');
      await db.execute(sql`select 1`);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(steps).toEqual(['first seeds']);
    finishFirst();
    await Promise.all([first, second]);
    expect(steps).toEqual(['first seeds', 'first done', 'second seeds']);
  });
});
