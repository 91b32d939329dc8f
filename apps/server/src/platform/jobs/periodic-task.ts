/** Work the server does in the background, off requests, on a timer (sweeps of stale rows, due reminders, expired offers). */
export interface PeriodicTask {
  /** Runs the work now; a run under way is joined, not doubled. Answers how many things it did. */
  runOnce(): Promise<number>;
  /** Starts the timer (a second call does nothing); the timer never keeps the process alive. */
  start(): void;
  /** Stops the timer and waits for a run under way. */
  close(): Promise<void>;
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
