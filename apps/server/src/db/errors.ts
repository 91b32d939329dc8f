/** SQLSTATE codes the services act on. */
export const UNIQUE_VIOLATION = '23505';
export const EXCLUSION_VIOLATION = '23P01';
/** A CHECK constraint refused the row (e.g. a counted place past the last one, decision 044). */
export const CHECK_VIOLATION = '23514';
/** A row is still referenced (e.g. a managed profile a booking names: it is archived instead of erased). */
export const FOREIGN_KEY_VIOLATION = '23503';
/**
 * Raised by the triggers that keep clinical records and consent history (migration 0020, issue 54): a diagnosis, a
 * prescription or a consent event is never removed, so an order holding one is never deleted with it.
 */
export const RECORD_KEPT = 'RH001';

export type PgErrorFacts = { code?: string; constraint?: string; message?: string };

/**
 * node-postgres puts the SQLSTATE and constraint on the error, drizzle wraps it in `cause`; PGlite's looks the same.
 * Answers the facts of whichever carries them.
 */
export function pgErrorOf(error: unknown): PgErrorFacts {
  const outer = (error ?? {}) as PgErrorFacts & { cause?: PgErrorFacts };
  if (typeof outer.code === 'string') return outer;
  return outer.cause ?? {};
}

/** Whether the error is a violation of `sqlState`, optionally of the constraint whose name or message mentions `about`. */
export function isViolation(error: unknown, sqlState: string, about?: string): boolean {
  const facts = pgErrorOf(error);
  if (facts.code !== sqlState) return false;
  return about === undefined || `${facts.constraint ?? ''} ${facts.message ?? ''}`.includes(about);
}

export type DatabaseErrorFacts = { code: string; constraint?: string; table?: string; column?: string; routine?: string };

/**
 * The facts of a PostgreSQL error (node-postgres's or PGlite's, bare or in drizzle's `cause` chain) that may be logged:
 * SQLSTATE, constraint, table, column, routine; never its message or detail, which quote the values. Undefined when the
 * error does not come from PostgreSQL.
 */
export function databaseErrorFacts(error: unknown): DatabaseErrorFacts | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const facts = current as Record<string, unknown>;
    const isPostgres = typeof facts.code === 'string' && /^[0-9A-Z]{5}$/.test(facts.code) && ('severity' in facts || 'routine' in facts);
    if (isPostgres) {
      const text = (key: string) => (typeof facts[key] === 'string' ? (facts[key] as string) : undefined);
      return {
        code: facts.code as string,
        constraint: text('constraint'),
        table: text('table'),
        column: text('column'),
        routine: text('routine'),
      };
    }
    current = facts.cause;
  }
  return undefined;
}
