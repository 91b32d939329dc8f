import { AppError } from '../../platform/http/app-error.ts';
import { sha256 } from '../../platform/security/secrets.ts';
import { inBatches, periodicTask, type BatchedTaskDeps, type PeriodicTask } from '../../platform/jobs/periodic-task.ts';

const KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** The Idempotency-Key header a booking must carry (R2): missing or malformed answers 400. */
export function idempotencyKeyOf(header: string | string[] | undefined): string {
  if (header === undefined || header === '') throw new AppError(400, 'IDEMPOTENCY_KEY_REQUIRED');
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw new AppError(400, 'IDEMPOTENCY_KEY_INVALID');
  return header;
}

/**
 * How long a key answers as it did the first time. Its stored answer holds the patient's details, so the row is deleted
 * after this; a retry later than this is a new booking attempt (the claim replaces a stale row even before the sweep).
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;

/** The instant before which a key row is stale. */
export function keysStaleBefore(now: Date): Date {
  return new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
}

/** The sweep's `runOnce` deletes the stale rows, a bounded batch per statement and a bounded number of batches. */
export type KeySweep = PeriodicTask;

/**
 * Deletes stale Idempotency-Key rows in the background, never on a request's path: every `everyMs` (10 min), up to
 * `maxBatches` statements of `batchSize` rows (the index on created_at finds them), so one sweep's work is bounded.
 */
export function createKeySweep(deps: BatchedTaskDeps & { prune(olderThan: Date, limit: number): Promise<number> }): KeySweep {
  const { everyMs = 10 * 60_000, batchSize = 500, maxBatches = 20 } = deps;
  async function sweep(): Promise<number> {
    const olderThan = keysStaleBefore(deps.clock());
    return inBatches((limit) => deps.prune(olderThan, limit), batchSize, maxBatches);
  }

  return periodicTask({ run: sweep, everyMs, log: deps.log, failure: 'idempotency key sweep failed' });
}

/** JSON with object keys sorted at every depth, so the same request always hashes the same whatever its key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(body: unknown): string {
  return sha256(canonicalJson(body));
}

/** What a key row remembers: the success envelope, or the code of a refusal a retry must get again. */
export type StoredAnswer = { kind: 'ok'; body: unknown } | { kind: 'error'; code: string };
