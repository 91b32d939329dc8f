/** SQLSTATE codes the services act on. */
export const UNIQUE_VIOLATION = '23505';
export const EXCLUSION_VIOLATION = '23P01';

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
