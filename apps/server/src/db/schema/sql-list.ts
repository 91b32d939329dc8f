import { sql, type SQL } from 'drizzle-orm';

/**
 * Declared values (a domain list) written into SQL as literals: `0, 1, 3` or `'direct', 'online'`. CHECK constraints and
 * partial-index predicates must spell their values out, so they take them from the one declaration through this.
 */
export function sqlList(values: readonly (string | number)[]): SQL {
  return sql.raw(values.map((value) => (typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`)).join(', '));
}
