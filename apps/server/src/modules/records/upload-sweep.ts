import { periodicTask, type PeriodicTask } from '../../platform/jobs/periodic-task.ts';
import { sweepSpool } from '../../platform/storage/spool.ts';

/**
 * Uploads abandoned mid-way (a client gone, a process killed: decision 024) leave pending file rows, perhaps stored
 * objects, and spooled files. Every run removes those older than `maxAgeMs`: the rows with their objects (by the
 * service), and the spooled files. It runs once at start and then at least every minute; an upload still under way
 * is younger than the limit and left alone (one older than it fails at its commit, which finds its rows gone).
 */
export function createUploadSweep(deps: {
  sweep(olderThan: Date): Promise<number>;
  tempDir: string;
  maxAgeMs: number;
  clock: () => Date;
  log: { warn(object: object, message: string): void };
}): PeriodicTask {
  const everyMs = Math.min(60_000, Math.max(1_000, deps.maxAgeMs));
  async function run(): Promise<number> {
    let removed = 0;
    for (let batch = 0; batch < 20; batch += 1) {
      const n = await deps.sweep(new Date(deps.clock().getTime() - deps.maxAgeMs));
      removed += n;
      if (n === 0) break;
    }
    // Spooled files carry the file system's time, not the app's clock (which tests and the dev clock move).
    removed += await sweepSpool(deps.tempDir, new Date(Date.now() - deps.maxAgeMs));
    return removed;
  }
  const task = periodicTask({ run, everyMs, log: deps.log, failure: 'upload sweep failed' });
  return {
    ...task,
    start() {
      task.runOnce().catch((error: unknown) => deps.log.warn({ err: error }, 'upload sweep failed'));
      task.start();
    },
  };
}
