import type { OrderDocuments, RecordDetail, RecordSummary } from '@rhc/contracts';
import {
  ORDER_DOCUMENTS_MODE,
  sectionOfTypeExam,
  STORAGE_QUOTA_BYTES,
  TYPE_EXAM,
  TYPE_EXAMS,
  type TypeExam,
  type WriterRefusal,
} from '@rhc/domain';
import type { DocumentLinkBodySchema } from '@rhc/contracts';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client.ts';
import type { AuditAction, AuditLog } from '../../platform/audit/audit-log.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { fieldError } from '../../platform/http/field-error.ts';
import { fieldText, type FormField } from '../../platform/http/multipart-form.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { holds, type AccessService } from '../../platform/access/access.service.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { createRecordsRepository, PendingFilesGone, type Rename } from './records.repository.ts';
import { fileDeletable, linkDeletable, toDocument, toLink, visibleTypes } from './documents.ts';
import { createExaminationHistory } from './examination-history.service.ts';
import { createOrderFiles } from './order-files.ts';
import { recordForm } from './record-form.ts';
import { createUploadBatches } from './upload-batch.ts';
import type { IncomingFile } from './upload-input.ts';

export interface RecordsDeps {
  db: Db;
  access: AccessService;
  orders: Pick<OrdersService, 'documentFacts'>;
  /** Why a doctor may not write clinical data (not verified, no licence number), or null: the clinical service's rule. */
  clinicalWriter: (doctorId: string) => Promise<WriterRefusal | null>;
  storage: FileStorage;
  audit: AuditLog;
  /** Where uploads are spooled while they arrive (platform/storage/storage.ts `uploadsTempDir`). */
  tempDir: string;
  /** Failures that must not fail the answer (an object left after its row was deleted): logged by code only. */
  log: { warn(object: object, message: string): void };
}

/** How the actor stands to a profile (the access check's answer). */
type Standing = Awaited<ReturnType<AccessService['read']>>;

/** The most links an order keeps (R8: bounded what one person can make the server hold). */
const MAX_LINKS_PER_ORDER = 50;

export function createRecordsService(deps: RecordsDeps) {
  const { access, storage } = deps;
  const repository = createRecordsRepository(deps.db);
  const { removeObjects, createBatch } = createUploadBatches({ ...deps, repository });

  async function audit(action: AuditAction, actor: Actor, subject: string, details: Record<string, string | number>, meta: RequestMeta) {
    await deps.audit.record(
      { action, outcome: 'success', actorUserId: actor.userId, subjectUserId: subject, ip: meta.ip, details },
      meta.now,
    );
  }

  async function recordDetail(recordId: string, standing: Standing): Promise<RecordDetail> {
    const record = await repository.findRecord(recordId);
    if (!record) throw AppError.notFound();
    const types = visibleTypes(standing.sections);
    const files = (await repository.files({ recordId })).filter((file) => types.has(file.typeExam));
    const canEdit = holds(standing);
    return {
      id: record.id,
      profileId: record.profileId,
      infoStoreDoctorName: record.doctorName,
      dateTest: record.testDay,
      reasonForExamination: record.reason,
      listResponseDocumentDTO: { documents: files.map((file) => toDocument(file, canEdit)) },
      canEdit,
      createdAt: record.createdAt.toISOString(),
      updatedAt: record.updatedAt.toISOString(),
    };
  }

  /** The record of the path, which must be the path's profile's: else 404. */
  async function recordOf(profileId: string, recordId: string) {
    const record = await repository.findRecord(recordId);
    if (!record || record.profileId !== profileId) throw AppError.notFound();
    return record;
  }

  const { orderFacts, ownerProfile, readOrder, holdOrder, readerTypes } = createOrderFiles(deps);

  /** An order's files of `types` and its links, each saying whether the actor may delete it (who added it, issue 54). */
  async function orderDocuments(actor: Actor, orderId: string, types: Set<number>): Promise<OrderDocuments> {
    const [files, links] = await Promise.all([repository.files({ orderId }), repository.links(orderId)]);
    return {
      orderId,
      documents: files.filter((file) => types.has(file.typeExam)).map((file) => toDocument(file, fileDeletable(file, actor.userId, false))),
      links: links.map((link) => toLink(link, linkDeletable(link, actor.userId))),
    };
  }

  return {
    /** An account's erasure (decision 052): the records and files of its own and managed profiles, in its transaction. */
    eraseProfiles(tx: Db, profileIds: readonly string[]): Promise<number> {
      return createRecordsRepository(tx).eraseProfiles(profileIds);
    },
    /* ---------- records ---------- */

    /** The form of a new record (recordId null) or of a change to one. */
    async recordUpload(actor: Actor, profileId: string, recordId: string | null, standing: Standing, meta: RequestMeta) {
      const stored = recordId === null ? [] : (await recordOf(profileId, recordId), await repository.files({ recordId }));
      const form = recordForm(repository, createBatch(profileId, actor, meta), { profileId, actor, meta, recordId, stored });
      return {
        field: form.field,
        file: form.file,
        abort: form.abort,
        async commit(): Promise<RecordDetail> {
          const id = await form.commit();
          await audit('record.write', actor, profileId, { recordId: id, files: form.fileCount() }, meta);
          return recordDetail(id, standing);
        },
      };
    },

    async record(profileId: string, recordId: string, standing: Standing): Promise<RecordDetail> {
      await recordOf(profileId, recordId);
      return recordDetail(recordId, standing);
    },

    async records(profileId: string, page: number, size: number) {
      const { rows, total } = await repository.records(profileId, page, size);
      const items: RecordSummary[] = rows.map((row) => ({
        id: row.id,
        profileId: row.profileId,
        infoStoreDoctorName: row.doctorName,
        dateTest: row.testDay,
        reasonForExamination: row.reason,
        fileCount: row.fileCount,
        createdAt: row.createdAt.toISOString(),
      }));
      return { items, total, page, size };
    },

    async deleteRecord(actor: Actor, profileId: string, recordId: string, meta: RequestMeta): Promise<{ id: string }> {
      const keys = await repository.deleteRecord(recordId, profileId);
      if (keys === undefined) throw AppError.notFound();
      await removeObjects(keys);
      await audit('record.delete', actor, profileId, { recordId, files: keys.length }, meta);
      return { id: recordId };
    },

    async storageUsage(profileId: string) {
      return { usedBytes: await repository.usedBytes(profileId), quotaBytes: STORAGE_QUOTA_BYTES };
    },

    /* ---------- files ---------- */

    /** GET /document/{id}: the file, if the actor may see its type's section (or is the order's doctor). */
    async download(actor: Actor, documentId: string, meta: RequestMeta) {
      const file = await repository.findFile(documentId);
      if (!file) throw AppError.notFound();
      const section = sectionOfTypeExam(file.typeExam as TypeExam);
      if (file.recordId !== null) await access.read(actor, file.profileId, section, meta);
      else if (file.orderId !== null) await readOrder(actor, await orderFacts(file.orderId), section, meta);
      else throw AppError.notFound();
      const stream = await storage.open(file.storageKey);
      if (!stream) throw AppError.notFound();
      return {
        stream,
        name: file.displayName || file.originalName,
        originalName: file.originalName,
        mediaType: file.mediaType,
        size: file.sizeBytes,
      };
    },

    /**
     * DELETE /document/{orderId}/{fileId}: `orderId` is a record's or an order's id. The holder of the profile (or the
     * order's doctor) deletes; answers what is left.
     */
    async deleteFile(actor: Actor, ownerId: string, fileId: string, meta: RequestMeta): Promise<OrderDocuments> {
      const record = await repository.findRecord(ownerId);
      if (record) {
        await access.hold(actor, record.profileId);
        const key = await repository.deleteFile(fileId, { recordId: ownerId });
        if (key === undefined) throw AppError.notFound();
        await removeObjects([key]);
        await audit('document.delete', actor, record.profileId, { recordId: ownerId, documentId: fileId }, meta);
        const files = await repository.files({ recordId: ownerId });
        return { orderId: ownerId, documents: files.map((file) => toDocument(file, true)), links: [] };
      }
      const facts = await orderFacts(ownerId);
      await holdOrder(actor, facts);
      const key = await repository.deleteFile(fileId, { orderId: ownerId });
      if (key === undefined) throw AppError.notFound();
      await removeObjects([key]);
      await audit('document.delete', actor, ownerProfile(facts), { orderId: ownerId, documentId: fileId }, meta);
      return orderDocuments(actor, ownerId, new Set(TYPE_EXAMS));
    },

    /** GET /documents/{orderId}. */
    async orderDocuments(actor: Actor, orderId: string, meta: RequestMeta): Promise<OrderDocuments> {
      const facts = await orderFacts(orderId);
      const reader = await readOrder(actor, facts, 'exam_info', meta);
      return orderDocuments(actor, orderId, readerTypes(reader));
    },

    /**
     * POST /document/{orderId}?doctorId&patientId: the order's patient (holder) or its assigned doctor. `doctorId`, when
     * sent, must be the caller and the order's doctor; `patientId` the order's profile (spec §6). Else 404.
     */
    async orderUpload(actor: Actor, orderId: string, query: { doctorId?: string; patientId?: string }, meta: RequestMeta) {
      const facts = await orderFacts(orderId);
      if (query.doctorId !== undefined && (query.doctorId !== actor.userId || facts.doctorId !== actor.userId)) throw AppError.notFound();
      if (query.patientId !== undefined && query.patientId !== ownerProfile(facts) && query.patientId !== facts.userId)
        throw AppError.notFound();
      await holdOrder(actor, facts);
      const profileId = ownerProfile(facts);
      const existing = await repository.files({ orderId });
      const batch = createBatch(profileId, actor, meta);
      const lists: Record<'typeExams' | 'ids' | 'fileIds' | 'names' | 'displayNames', string[]> = {
        typeExams: [],
        ids: [],
        fileIds: [],
        names: [],
        displayNames: [],
      };
      const renames: Rename[] = [];
      const language = meta.language;
      const typeAt = (index: number): TypeExam => {
        const value = Number(lists.typeExams[index] ?? TYPE_EXAM.other);
        if (!(TYPE_EXAMS as readonly number[]).includes(value))
          throw fieldError(language, `typeExams.${index}`, 'validation.type_exam_invalid');
        return value as TypeExam;
      };
      const displayAt = (index: number): string => {
        const value = (lists.displayNames[index] ?? '').trim();
        if (value.length > 255 || value.includes('\u0000')) throw fieldError(language, `displayNames.${index}`, 'validation.too_long');
        return value;
      };
      let fileIndex = 0;
      return {
        field(name: string, value: FormField): void {
          const text = fieldText(value);
          if (!(name in lists) || text === undefined) return;
          const list = lists[name as keyof typeof lists];
          if (list.length >= ORDER_DOCUMENTS_MODE) throw new AppError(400, 'TOO_MANY_FILES', { max: ORDER_DOCUMENTS_MODE });
          list.push(text);
        },
        async file(fieldname: string, incoming: IncomingFile): Promise<void> {
          if (fieldname !== 'files') throw new AppError(400, 'FILE_INFO_MISMATCH');
          // Entries naming an existing file (ids/fileIds) describe a change of it, not a new file: skip them.
          while ((lists.ids[fileIndex] ?? lists.fileIds[fileIndex] ?? '') !== '') fileIndex += 1;
          if (existing.length + batch.files.length >= ORDER_DOCUMENTS_MODE)
            throw new AppError(400, 'TOO_MANY_FILES', { max: ORDER_DOCUMENTS_MODE });
          await batch.add(incoming, typeAt(fileIndex), displayAt(fileIndex));
          fileIndex += 1;
        },
        abort: () => batch.abort(),
        async commit(): Promise<OrderDocuments> {
          const known = new Set(existing.map((file) => file.id));
          const count = Math.max(lists.ids.length, lists.fileIds.length);
          for (let index = 0; index < count; index += 1) {
            const id = (lists.ids[index] ?? '') || (lists.fileIds[index] ?? '');
            if (id === '') continue;
            if (!known.has(id)) throw AppError.notFound();
            renames.push({ id, typeExam: typeAt(index), displayName: displayAt(index) });
          }
          if (batch.files.length === 0 && renames.length === 0) throw new AppError(400, 'RECORD_FILE_REQUIRED');
          try {
            await repository.commitOrderFiles(
              orderId,
              batch.files.map((file) => file.id),
              renames,
            );
          } catch (error) {
            if (error instanceof PendingFilesGone) throw new AppError(409, 'CONFLICT');
            throw error;
          }
          await audit('document.write', actor, profileId, { orderId, files: batch.files.length, changed: renames.length }, meta);
          return orderDocuments(actor, orderId, new Set(TYPE_EXAMS));
        },
      };
    },

    /**
     * The result files of a lab or imaging order (decision 046): its committed files of `typeExam` added by its staff
     * `staffId`. Not a permission check: the orders module's results read was let in by its endpoint's declared access.
     */
    async resultFiles(orderId: string, staffId: string, typeExam: number, actorId: string) {
      const files = await repository.files({ orderId });
      return files
        .filter((file) => file.typeExam === typeExam && file.uploadedBy === staffId)
        .map((file) => toDocument(file, fileDeletable(file, actorId, false)));
    },

    /* ---------- links ---------- */

    async createLink(actor: Actor, orderId: string, body: z.output<typeof DocumentLinkBodySchema>, meta: RequestMeta) {
      const facts = await orderFacts(orderId);
      await holdOrder(actor, facts);
      if ((await repository.countLinks(orderId)) >= MAX_LINKS_PER_ORDER)
        throw new AppError(400, 'TOO_MANY_FILES', { max: MAX_LINKS_PER_ORDER });
      const row = await repository.insertLink({
        orderId,
        link: body.link,
        displayName: body.displayName ?? '',
        actorId: actor.userId,
        now: meta.now,
      });
      await audit('document.write', actor, ownerProfile(facts), { orderId, linkId: row.id }, meta);
      return toLink(row, true);
    },

    async deleteLink(actor: Actor, linkId: string, meta: RequestMeta): Promise<{ id: string }> {
      const link = await repository.findLink(linkId);
      if (!link) throw AppError.notFound();
      const facts = await orderFacts(link.orderId);
      await holdOrder(actor, facts);
      if (!(await repository.deleteLink(linkId))) throw AppError.notFound();
      await audit('document.delete', actor, ownerProfile(facts), { orderId: link.orderId, linkId }, meta);
      return { id: linkId };
    },

    ...createExaminationHistory(deps.db),

    /* ---------- upkeep ---------- */

    /**
     * Removes uploads abandoned before `olderThan` (their rows; the trigger queues their objects), then the stored
     * objects of every file row gone since (an order deleted with its files, a failed removal), at most `limit` of each
     * a run. Answers how many objects it removed. A key whose removal fails stays queued for the next run.
     */
    async sweepAbandoned(olderThan: Date, limit: number): Promise<number> {
      await repository.sweepPending(olderThan, limit);
      const removed: string[] = [];
      for (const key of await repository.trashed(limit)) {
        try {
          await storage.remove(key);
          removed.push(key);
        } catch (error) {
          deps.log.warn({ err: error }, 'could not remove a stored file');
        }
      }
      await repository.forgetTrashed(removed);
      return removed.length;
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
