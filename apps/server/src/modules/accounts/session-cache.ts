import type { SessionAccessRow as SessionRow } from './sessions.repository.ts';

/**
 * How long an instance answers from a session row it has read, without reading it again (decision 050). A session
 * ended through this instance (logout, a password change, a refresh) is forgotten at once; one ended through another
 * instance, or in the database by hand, is honoured here within this bound.
 */
export const SESSION_CACHE_MS = 5_000;
/** At most this many sessions are kept; past it the oldest read goes first. Only sessions that exist are kept. */
export const SESSION_CACHE_MAX = 10_000;

interface Entry {
  row: SessionRow;
  readAt: number;
}

/**
 * The session rows an instance read in the last SESSION_CACHE_MS, by access-token hash. Never a miss: an unknown token
 * is read from the database every time, so guessing tokens fills nothing.
 */
export function createSessionCache(options: { maxAgeMs?: number; maxEntries?: number } = {}) {
  const maxAgeMs = options.maxAgeMs ?? SESSION_CACHE_MS;
  const maxEntries = options.maxEntries ?? SESSION_CACHE_MAX;
  // A Map iterates in insertion order: the first key is the oldest read.
  const entries = new Map<string, Entry>();
  // Counts the forgets: a row read before one (it may be the row just ended) is not kept.
  let forgets = 0;

  function forgetWhere(match: (row: SessionRow) => boolean): void {
    forgets += 1;
    for (const [hash, entry] of entries) if (match(entry.row)) entries.delete(hash);
  }

  return {
    /** The row read for `hash` within the bound, else undefined (also when the clock was moved back past the read). */
    get(hash: string, now: Date): SessionRow | undefined {
      const entry = entries.get(hash);
      if (!entry) return undefined;
      const age = now.getTime() - entry.readAt;
      if (age < 0 || age >= maxAgeMs) {
        entries.delete(hash);
        return undefined;
      }
      return entry.row;
    },

    /** A mark to take before reading a row from the database, for `set`. */
    mark(): number {
      return forgets;
    },

    /** Keeps `row`, read after `mark` was taken, unless a session was forgotten since. */
    set(hash: string, row: SessionRow, now: Date, mark: number): void {
      if (mark !== forgets) return;
      entries.delete(hash);
      entries.set(hash, { row, readAt: now.getTime() });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },

    forgetSession(sessionId: string): void {
      forgetWhere((row) => row.id === sessionId);
    },

    /** Every session of a person but `keepSessionId` (null: all). */
    forgetSessionsOf(userId: string, keepSessionId: string | null): void {
      forgetWhere((row) => row.userId === userId && row.id !== keepSessionId);
    },

    get size(): number {
      return entries.size;
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
