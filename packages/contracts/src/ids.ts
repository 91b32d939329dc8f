import { z } from 'zod/mini';
import { invalid } from './text.ts';
import { lazySchema } from './lazy-schema.ts';

/** PostgreSQL's `smallint`: reference-data rows (specialties, exam types, work units, time slots) are numbered within it. */
export const PG_SMALLINT_MAX = 32_767;

/** The id of a reference-data row as a client sends it: a whole number from 1 to PostgreSQL's smallint maximum. */
export const SerialIdSchema = lazySchema(() =>
  z.number({ error: 'validation.required' }).check(z.int(invalid), z.gte(1, invalid), z.lte(PG_SMALLINT_MAX, invalid)),
);
/** The same, read from a query string. */
export const SerialIdQuerySchema = lazySchema(() =>
  z.coerce.number(invalid).check(z.int(invalid), z.gte(1, invalid), z.lte(PG_SMALLINT_MAX, invalid)),
);
