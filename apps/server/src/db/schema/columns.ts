import { uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * Column shapes most tables repeat, written once. Each builds exactly what it replaces, so the generated SQL (and the
 * committed migrations) stay the same.
 */

/** `id uuid primary key default gen_random_uuid()`: the key of a table whose rows are made by the database. */
export function randomId() {
  return uuid('id').primaryKey().defaultRandom();
}

/** A required reference to a row of another table, deleted with it (`not null references … on delete cascade`). */
export function cascadingRef(name: string, target: () => AnyPgColumn) {
  return uuid(name).notNull().references(target, { onDelete: 'cascade' });
}

/** A required reference to a row of another table that may not be deleted while it is referenced (`not null references …`). */
export function requiredRef(name: string, target: () => AnyPgColumn) {
  return uuid(name).notNull().references(target);
}

/** The key of a table that extends another one row for row, deleted with it (`primary key references … on delete cascade`). */
export function cascadingKey(name: string, target: () => AnyPgColumn) {
  return uuid(name).primaryKey().references(target, { onDelete: 'cascade' });
}
