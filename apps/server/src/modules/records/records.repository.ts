import { and, count, desc, eq, inArray, ne, or, sql, sum } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { documentLinks, documents, healthRecords, profiles, storageTrash } from '../../db/schema/index.ts';

/*
 * The only SQL for the records domain's tables (health_records, documents, document_links; decision 024).
 */

export type RecordRow = typeof healthRecords.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type LinkRow = typeof documentLinks.$inferSelect;

/** Where a committed file belongs: a record or an order. */
export type DocumentOwner = { recordId: string } | { orderId: string };

export interface PendingFile {
  profileId: string;
  typeExam: number;
  displayName: string;
  originalName: string;
  storageKey: string;
  uploadedBy: string;
  now: Date;
}

/** The commit found fewer pending rows than it wrote (a sweep took them): the whole unit fails. */
export class PendingFilesGone extends Error {
  constructor() {
    super('pending files are gone');
    this.name = 'PendingFilesGone';
  }
}

function ownerWhere(owner: DocumentOwner) {
  return 'recordId' in owner ? eq(documents.recordId, owner.recordId) : eq(documents.orderId, owner.orderId);
}

/**
 * The account whose storage quota a profile's files count against: the person's own account, or the profile's manager
 * (a profile has exactly one of them, `profiles_holder`). An archived profile's files still count: they are still stored.
 */
async function quotaHolder(db: Db, profileId: string): Promise<string> {
  const [row] = await db
    .select({ holder: sql<string>`coalesce(${profiles.accountId}, ${profiles.managerId})` })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row?.holder ?? profileId;
}

/** The bytes of every file (pending included) of the profiles `holder` holds: its own and those it manages; `except` left out. */
async function heldBytes(db: Db, holder: string, except?: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sum(documents.sizeBytes).mapWith(Number) })
    .from(documents)
    .innerJoin(profiles, eq(profiles.id, documents.profileId))
    .where(
      and(or(eq(profiles.accountId, holder), eq(profiles.managerId, holder)), except === undefined ? undefined : ne(documents.id, except)),
    );
  return row?.bytes ?? 0;
}

export function createRecordsRepository(db: Db) {
  /** Marks the pending rows `ids` as belonging to `owner`, inside `tx`; all of them or none. */
  async function commitPending(tx: Db, ids: readonly string[], owner: DocumentOwner, renames: readonly Rename[] = []) {
    if (ids.length > 0) {
      const committed = await tx
        .update(documents)
        .set({ state: 'committed', ...owner })
        .where(and(inArray(documents.id, [...ids]), eq(documents.state, 'pending')))
        .returning({ id: documents.id });
      if (committed.length !== ids.length) throw new PendingFilesGone();
    }
    for (const rename of renames) {
      await tx
        .update(documents)
        .set({ typeExam: rename.typeExam, displayName: rename.displayName })
        .where(and(eq(documents.id, rename.id), ownerWhere(owner), eq(documents.state, 'committed')));
    }
  }

  return {
    /**
     * An account's erasure (decision 052): the health records of these profiles with their files, and their files not on
     * a booking; a booking's files stay with the booking (the kept clinical record). The documents' trigger queues each
     * stored object for removal (storage_trash), so the files go with their rows. Answers how many files.
     */
    async eraseProfiles(profileIds: readonly string[]): Promise<number> {
      if (profileIds.length === 0) return 0;
      const ids = [...profileIds];
      const files = await db
        .delete(documents)
        .where(and(inArray(documents.profileId, ids), sql`${documents.orderId} is null`))
        .returning({ id: documents.id });
      await db.delete(healthRecords).where(inArray(healthRecords.profileId, ids));
      return files.length;
    },
    /** Registers a file before its bytes are stored (a sweep removes it, and its object, when the upload is abandoned). */
    async insertPending(file: PendingFile): Promise<string> {
      const [row] = await db
        .insert(documents)
        .values({
          profileId: file.profileId,
          typeExam: file.typeExam,
          displayName: file.displayName,
          originalName: file.originalName,
          mediaType: 'application/octet-stream',
          storageKey: file.storageKey,
          state: 'pending',
          uploadedBy: file.uploadedBy,
          createdAt: file.now,
        })
        .returning({ id: documents.id });
      return (row as { id: string }).id;
    },

    /**
     * Sets a pending file's size and sniffed type if the files of the profile's account — its own and those of every
     * profile it manages, this one included — stay within `quotaBytes` (issue 54: a managed profile brings no quota of
     * its own); one account's concurrent uploads are counted one after another (an advisory lock per account). Answers
     * false (nothing changed) when the quota would be passed.
     */
    async admitPendingSize(id: string, profileId: string, size: number, mediaType: string, quotaBytes: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const holder = await quotaHolder(tx, profileId);
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`documents:${holder}`}))`);
        const used = await heldBytes(tx, holder, id);
        if (used + size > quotaBytes) return false;
        await tx
          .update(documents)
          .set({ sizeBytes: size, mediaType })
          .where(and(eq(documents.id, id), eq(documents.state, 'pending')));
        return true;
      });
    },

    /** Removes pending rows (a failed upload cleaning up after itself). */
    async removePending(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(documents).where(and(inArray(documents.id, [...ids]), eq(documents.state, 'pending')));
    },

    /** Pending rows older than `olderThan` (abandoned uploads), removed; answers their storage keys. */
    async sweepPending(olderThan: Date, limit: number): Promise<string[]> {
      const result = await db.execute(sql`
        delete from documents where id in (
          select id from documents where state = 'pending' and created_at < ${olderThan.toISOString()}::timestamptz
          order by created_at limit ${limit} for update skip locked)
        returning storage_key`);
      return rowsOf<{ storage_key: string }>(result).map((row) => row.storage_key);
    },

    /** Keys of stored objects whose rows are gone (queued by the trigger of migration 0018), oldest first. */
    async trashed(limit: number): Promise<string[]> {
      const rows = await db.select({ key: storageTrash.storageKey }).from(storageTrash).orderBy(storageTrash.queuedAt).limit(limit);
      return rows.map((row) => row.key);
    },

    /** Forgets queued keys whose objects are removed. */
    async forgetTrashed(keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      await db.delete(storageTrash).where(inArray(storageTrash.storageKey, [...keys]));
    },

    /** Writes a new record and makes its pending files its own, in one transaction. */
    async createRecord(
      values: { profileId: string; testDay: string; doctorName: string; reason: string; actorId: string; now: Date },
      fileIds: readonly string[],
    ): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(healthRecords)
          .values({
            profileId: values.profileId,
            testDay: values.testDay,
            doctorName: values.doctorName,
            reason: values.reason,
            createdBy: values.actorId,
            updatedBy: values.actorId,
            createdAt: values.now,
            updatedAt: values.now,
          })
          .returning({ id: healthRecords.id });
        const id = (row as { id: string }).id;
        await commitPending(tx as unknown as Db, fileIds, { recordId: id });
        return id;
      });
    },

    /** Changes a record and adds its new pending files, in one transaction; false when the record is not the profile's. */
    async updateRecord(
      recordId: string,
      values: { profileId: string; testDay: string; doctorName: string; reason: string; actorId: string; now: Date },
      fileIds: readonly string[],
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(healthRecords)
          .set({
            testDay: values.testDay,
            doctorName: values.doctorName,
            reason: values.reason,
            updatedBy: values.actorId,
            updatedAt: values.now,
          })
          .where(and(eq(healthRecords.id, recordId), eq(healthRecords.profileId, values.profileId)))
          .returning({ id: healthRecords.id });
        if (updated.length === 0) return false;
        await commitPending(tx as unknown as Db, fileIds, { recordId });
        return true;
      });
    },

    /** Attaches pending files to an order and applies the renames, in one transaction. */
    async commitOrderFiles(orderId: string, fileIds: readonly string[], renames: readonly Rename[]): Promise<void> {
      await db.transaction((tx) => commitPending(tx as unknown as Db, fileIds, { orderId }, renames));
    },

    async findRecord(recordId: string): Promise<RecordRow | undefined> {
      const [row] = await db.select().from(healthRecords).where(eq(healthRecords.id, recordId)).limit(1);
      return row;
    },

    async records(profileId: string, page: number, size: number): Promise<{ rows: (RecordRow & { fileCount: number })[]; total: number }> {
      const fileCount = db
        .select({ n: count() })
        .from(documents)
        .where(and(eq(documents.recordId, healthRecords.id), eq(documents.state, 'committed')));
      const [rows, [totals]] = await Promise.all([
        db
          .select({ record: healthRecords, fileCount: sql<number>`(${fileCount})`.mapWith(Number) })
          .from(healthRecords)
          .where(eq(healthRecords.profileId, profileId))
          .orderBy(desc(healthRecords.testDay), desc(healthRecords.createdAt))
          .limit(size)
          .offset(page * size),
        db.select({ total: count() }).from(healthRecords).where(eq(healthRecords.profileId, profileId)),
      ]);
      return { rows: rows.map((row) => ({ ...row.record, fileCount: row.fileCount })), total: totals?.total ?? 0 };
    },

    /** Deletes a record; answers the storage keys of its files (deleted with it), or undefined when it is not the profile's. */
    async deleteRecord(recordId: string, profileId: string): Promise<string[] | undefined> {
      return db.transaction(async (tx) => {
        const keys = await tx.select({ key: documents.storageKey }).from(documents).where(eq(documents.recordId, recordId)).for('update');
        const deleted = await tx
          .delete(healthRecords)
          .where(and(eq(healthRecords.id, recordId), eq(healthRecords.profileId, profileId)))
          .returning({ id: healthRecords.id });
        return deleted.length === 0 ? undefined : keys.map((row) => row.key);
      });
    },

    /** The committed files of a record or an order, oldest first. */
    async files(owner: DocumentOwner): Promise<DocumentRow[]> {
      return db
        .select()
        .from(documents)
        .where(and(ownerWhere(owner), eq(documents.state, 'committed')))
        .orderBy(documents.seq);
    },

    /** Committed files of several records or orders at once. */
    async filesOf(recordIds: readonly string[], orderIds: readonly string[]): Promise<DocumentRow[]> {
      if (recordIds.length === 0 && orderIds.length === 0) return [];
      const where = [
        recordIds.length > 0 ? inArray(documents.recordId, [...recordIds]) : undefined,
        orderIds.length > 0 ? inArray(documents.orderId, [...orderIds]) : undefined,
      ].filter((part) => part !== undefined);
      return db
        .select()
        .from(documents)
        .where(and(eq(documents.state, 'committed'), where.length === 1 ? where[0] : sql`(${where[0]} or ${where[1]})`))
        .orderBy(documents.seq);
    },

    async findFile(id: string): Promise<DocumentRow | undefined> {
      const [row] = await db
        .select()
        .from(documents)
        .where(and(eq(documents.id, id), eq(documents.state, 'committed')))
        .limit(1);
      return row;
    },

    /** Deletes one committed file of `owner`; answers its storage key, or undefined when it is not there. */
    async deleteFile(id: string, owner: DocumentOwner): Promise<string | undefined> {
      const [row] = await db
        .delete(documents)
        .where(and(eq(documents.id, id), ownerWhere(owner), eq(documents.state, 'committed')))
        .returning({ key: documents.storageKey });
      return row?.key;
    },

    /** Bytes a person's files occupy (pending ones included: they are on their way). */
    /** The bytes counted against the quota a profile's files share: its account's, across every profile it holds. */
    async usedBytes(profileId: string): Promise<number> {
      return heldBytes(db, await quotaHolder(db, profileId));
    },

    /* ---------- links ---------- */

    async links(orderId: string): Promise<LinkRow[]> {
      return db.select().from(documentLinks).where(eq(documentLinks.orderId, orderId)).orderBy(documentLinks.createdAt, documentLinks.id);
    },

    async linksOf(orderIds: readonly string[]): Promise<LinkRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(documentLinks)
        .where(inArray(documentLinks.orderId, [...orderIds]))
        .orderBy(documentLinks.createdAt, documentLinks.id);
    },

    async countLinks(orderId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(documentLinks).where(eq(documentLinks.orderId, orderId));
      return row?.n ?? 0;
    },

    async insertLink(values: { orderId: string; link: string; displayName: string; actorId: string; now: Date }): Promise<LinkRow> {
      const [row] = await db
        .insert(documentLinks)
        .values({
          orderId: values.orderId,
          link: values.link,
          displayName: values.displayName,
          createdBy: values.actorId,
          createdAt: values.now,
        })
        .returning();
      return row as LinkRow;
    },

    async findLink(id: string): Promise<LinkRow | undefined> {
      const [row] = await db.select().from(documentLinks).where(eq(documentLinks.id, id)).limit(1);
      return row;
    },

    async deleteLink(id: string): Promise<boolean> {
      const deleted = await db.delete(documentLinks).where(eq(documentLinks.id, id)).returning({ id: documentLinks.id });
      return deleted.length > 0;
    },
  };
}

/** A change to an existing file of an order sent with POST /document/{orderId} (its `ids` entry). */
export interface Rename {
  id: string;
  typeExam: number;
  displayName: string;
}

export type RecordsRepository = ReturnType<typeof createRecordsRepository>;
