import { RECORD_DAY_MIN, TYPE_EXAMS } from '@rhc/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders } from './orders.ts';
import { profiles } from './relatives.ts';
import { sqlList } from './sql-list.ts';
import { cascadingRef, randomId, requiredRef } from './columns.ts';

/*
 * Health records, their files, the files and links of orders (issue 15, decision 024).
 */

/** A health record a person keeps (spec §3 "Record data"): the examination day, the doctor, the reason. */
export const healthRecords = pgTable(
  'health_records',
  {
    id: randomId(),
    /** The person the record is about (their own profile or one they manage; decision 022). */
    // No cascade: a managed profile with records is archived, not erased (decision 022 reads the FK violation).
    profileId: requiredRef('profile_id', () => profiles.id),
    /** The examination's calendar day (Vietnam), never after the day it was saved. */
    testDay: date('test_day', { mode: 'string' }).notNull(),
    doctorName: text('doctor_name').notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('health_records_day', sql`${t.testDay} >= ${sql.raw(`'${RECORD_DAY_MIN}'`)}`),
    index('health_records_profile_day').on(t.profileId, t.testDay),
  ],
);

/** The states of a stored file: `pending` while its upload runs (swept when abandoned), `committed` once it belongs. */
export const DOCUMENT_STATES = ['pending', 'committed'] as const;

/**
 * A stored file of a record or of an order (spec §3 "File entry"). A row is written `pending` before its bytes are
 * stored and becomes `committed` in the transaction that writes the record (or attaches it to the order); a sweep
 * removes pending rows left by a failed or killed upload together with their stored objects, so a file is never
 * stored without a row that names it.
 */
export const documents = pgTable(
  'documents',
  {
    id: randomId(),
    /** The order files were stored in (a record lists its files as they were picked). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** Whose file it is: counts against their storage quota, and the access check reads this profile. */
    profileId: requiredRef('profile_id', () => profiles.id),
    recordId: uuid('record_id').references(() => healthRecords.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    typeExam: smallint('type_exam').notNull(),
    displayName: text('display_name').notNull().default(''),
    originalName: text('original_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    /** Found in the file's first bytes, never taken from the name or the declared type. */
    mediaType: text('media_type').notNull(),
    /** Random, server-made (R8). */
    storageKey: text('storage_key').notNull().unique(),
    state: text('state').notNull().default('pending'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('documents_type_exam', sql`${t.typeExam} in (${sqlList(TYPE_EXAMS)})`),
    check('documents_state', sql`${t.state} in (${sqlList(DOCUMENT_STATES)})`),
    check('documents_owner', sql`${t.state} = 'pending' or ((${t.recordId} is null) <> (${t.orderId} is null))`),
    check('documents_size', sql`${t.sizeBytes} >= 0`),
    index('documents_record').on(t.recordId),
    index('documents_order').on(t.orderId),
    index('documents_profile').on(t.profileId),
    index('documents_pending')
      .on(t.createdAt)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * Stored objects whose file row is gone, however it went: a file or record deleted, an order deleted with its files
 * (the foreign key cascades), an abandoned upload swept. A trigger on `documents` (migration 0018) queues the key in
 * the deleting transaction; the upload sweep removes the object, then the entry. No object outlives its row.
 */
export const storageTrash = pgTable('storage_trash', {
  storageKey: text('storage_key').primaryKey(),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A link attached to an order (spec §3 "Document link": link text, display name). */
export const documentLinks = pgTable(
  'document_links',
  {
    id: randomId(),
    orderId: cascadingRef('order_id', () => orders.id),
    link: text('link').notNull(),
    displayName: text('display_name').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('document_links_http', sql`${t.link} ~ '^https?://'`), index('document_links_order').on(t.orderId)],
);
