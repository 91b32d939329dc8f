/** Work the server does in the background, off requests, on a timer (sweeps of stale rows, due reminders, expired offers). */
export interface PeriodicTask {
  /** Runs the work now; a run under way is joined, not doubled. Answers how many things it did. */
  runOnce(): Promise<number>;
  /** Starts the timer (a second call does nothing); the timer never keeps the process alive. */
  start(): void;
  /** Stops the timer and waits for a run under way. */
  close(): Promise<void>;
}

/** What a task run on the app's clock is handed: the clock, the log of its failures, and how often it runs (its default when absent). */
export interface ClockedTaskDeps {
  clock: () => Date;
  log: { warn(object: object, message: string): void };
  everyMs?: number;
}

/** A clocked task that deletes in bounded runs: at most `maxBatches` statements of `batchSize` rows a run. */
export interface BatchedTaskDeps extends ClockedTaskDeps {
  batchSize?: number;
  maxBatches?: number;
}

/**
 * Deletes in at most `maxBatches` calls of `deleteBatch` with `batchSize` rows, stopping after the first that deletes
 * fewer: one run's work is bounded and a backlog goes over several runs. Answers how many were deleted.
 */
export async function inBatches(deleteBatch: (limit: number) => Promise<number>, batchSize: number, maxBatches: number): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const n = await deleteBatch(batchSize);
    deleted += n;
    if (n < batchSize) break;
  }
  return deleted;
}

/**
 * Runs `run` every `everyMs`. A failed run is logged as `failure` with its error (the error serializer keeps personal data
 * out of the log) and the next run comes at its time.
 */
export function periodicTask(deps: {
  run: () => Promise<number>;
  everyMs: number;
  log: { warn(object: object, message: string): void };
  failure: string;
}): PeriodicTask {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  function runOnce(): Promise<number> {
    running ??= deps.run().finally(() => (running = undefined));
    return running;
  }

  return {
    runOnce,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        runOnce().catch((error: unknown) => deps.log.warn({ err: error }, deps.failure));
      }, deps.everyMs);
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
