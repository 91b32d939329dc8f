import { RECORD_EXPORT_STATUSES } from '@rhc/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { profiles } from './relatives.ts';
import { sqlList } from './sql-list.ts';
import { cascadingRef, randomId } from './columns.ts';

/**
 * An export of a person's whole record (issue 53, decision 053): asked for by the person or their manager, built in the
 * background (`preparing`, with its progress), then `ready` with its archive in storage until `expires_at`, when the
 * archive is deleted and the row says `expired`; or `failed`.
 */
export const recordExports = pgTable(
  'record_exports',
  {
    id: randomId(),
    profileId: cascadingRef('profile_id', () => profiles.id),
    requestedBy: cascadingRef('requested_by', () => users.id),
    /** The summary's and the notice's language (vi, en, zh): the request's. */
    language: text('language').notNull(),
    status: text('status').notNull().default('preparing'),
    progress: smallint('progress').notNull().default(0),
    /** The archive in storage once ready; null before and once expired. */
    storageKey: text('storage_key').unique(),
    bytes: bigint('bytes', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When a builder took it (a builder that died leaves it to be taken again after a while). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    check('record_exports_status', sql`${t.status} in (${sqlList(RECORD_EXPORT_STATUSES)})`),
    check('record_exports_language', sql`${t.language} in ('vi', 'en', 'zh')`),
    check('record_exports_progress', sql`${t.progress} between 0 and 100`),
    check('record_exports_ready', sql`${t.status} <> 'ready' or (${t.storageKey} is not null and ${t.expiresAt} is not null)`),
    index('record_exports_profile').on(t.profileId, t.createdAt),
    index('record_exports_preparing')
      .on(t.createdAt)
      .where(sql`${t.status} = 'preparing'`),
    index('record_exports_ready_expiry')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'ready'`),
  ],
);
