import { z } from 'zod';

/** PostgreSQL's `smallint`: reference-data rows (specialties, exam types, work units, time slots) are numbered within it. */
export const PG_SMALLINT_MAX = 32_767;

const invalid = { error: 'validation.invalid' };

/** The id of a reference-data row as a client sends it: a whole number from 1 to PostgreSQL's smallint maximum. */
export const SerialIdSchema = z.number({ error: 'validation.required' }).int(invalid).min(1, invalid).max(PG_SMALLINT_MAX, invalid);
/** The same, read from a query string. */
export const SerialIdQuerySchema = z.coerce.number(invalid).int(invalid).min(1, invalid).max(PG_SMALLINT_MAX, invalid);
