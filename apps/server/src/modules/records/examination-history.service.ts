import type { HistoryDetail, HistoryItem, HistoryQuerySchema, ResultInRange } from '@rhc/contracts';
import { isResultCategory, RESULT_KINDS, RESULT_RANGE_MAX_DAYS, TYPE_EXAM } from '@rhc/domain';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client.ts';
import {
  entriesWithResults,
  historyEntry,
  historyEntryProfile,
  historyPage,
  resultConclusion,
  type HistoryRow,
} from '../../db/examination-history.ts';
import { holds, type Standing } from '../../platform/access/access.service.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { fieldError } from '../../platform/http/field-error.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { fileDeletable, linkDeletable, toDocument, toLink, visibleTypes } from './documents.ts';
import { createRecordsRepository, type DocumentOwner, type DocumentRow } from './records.repository.ts';

/**
 * A person's examination history (spec §2 "/patientinformation/history"): health records and completed bookings, their
 * details, prescriptions and results over a time range. Who may read which section is declared on the endpoints.
 */
export function createExaminationHistory(db: Db) {
  const repository = createRecordsRepository(db);
  const deps = { db };

  function toHistoryItem(row: HistoryRow): HistoryItem {
    return {
      id: row.id,
      source: row.source,
      categoryType: row.category as HistoryItem['categoryType'],
      profileId: row.profileId,
      testDay: row.testDay,
      doctorName: row.doctorName,
      reason: row.reason,
      fileCount: row.fileCount,
      hasResultTest: row.hasResultTest,
      hasResultImage: row.hasResultImage,
      hasPrescription: row.hasPrescription,
    };
  }

  /** A history entry (who may read it with which section is declared on the endpoints, issue 48); one gone since is 404. */
  async function readEntry(id: string): Promise<HistoryRow> {
    const profileId = await historyEntryProfile(deps.db, id);
    const entry = profileId ? await historyEntry(deps.db, profileId, id) : undefined;
    if (!entry) throw AppError.notFound();
    return entry;
  }

  async function entryFiles(entry: HistoryRow, types: Set<number>): Promise<DocumentRow[]> {
    const owner: DocumentOwner = entry.source === 'record' ? { recordId: entry.id } : { orderId: entry.id };
    return (await repository.files(owner)).filter((file) => types.has(file.typeExam));
  }

  /** The wire form of a file as `actorId` reads it: whether they may delete it follows the one rule (documents.ts). */
  const documentFor = (actorId: string, standing: Standing) => (file: DocumentRow) =>
    toDocument(file, fileDeletable(file, actorId, holds(standing)));

  return {
    async history(profileId: string, query: z.output<typeof HistoryQuerySchema>) {
      const { page, size, ...filter } = query;
      const { rows, total } = await historyPage(deps.db, profileId, filter, page, size);
      return { items: rows.map(toHistoryItem), total, page, size };
    },

    async historyDetail(id: string, actorId: string, standing: Standing): Promise<HistoryDetail> {
      const entry = await readEntry(id);
      const types = visibleTypes(standing.sections);
      const files = await entryFiles(entry, types);
      const links = entry.source === 'order' ? await repository.links(entry.id) : [];
      // A lab or imaging order's conclusion is a result: shown to whoever sees its files' section (decision 046).
      const concluded =
        entry.source === 'order' && isResultCategory(entry.category) && types.has(RESULT_KINDS[entry.category].typeExam)
          ? { conclusion: await resultConclusion(deps.db, entry.id) }
          : {};
      return {
        ...toHistoryItem(entry),
        documents: files.map(documentFor(actorId, standing)),
        links: links.map((link) => toLink(link, linkDeletable(link, actorId))),
        note: entry.note,
        ...concluded,
      };
    },

    async examInfoPrescription(id: string, actorId: string, standing: Standing) {
      const entry = await readEntry(id);
      const files = await entryFiles(entry, new Set([TYPE_EXAM.prescription]));
      return {
        id: entry.id,
        source: entry.source,
        testDay: entry.testDay,
        doctorName: entry.doctorName,
        reasonForExamination: entry.reason,
        prescriptions: files.map(documentFor(actorId, standing)),
      };
    },

    async diseaseInfo(id: string) {
      const entry = await readEntry(id);
      return { id: entry.id, source: entry.source, testDay: entry.testDay, reasonForExamination: entry.reason, note: entry.note };
    },

    async resultsInRange(
      profileId: string,
      actorId: string,
      range: { from: string; to: string },
      standing: Standing,
      meta: RequestMeta,
    ): Promise<ResultInRange[]> {
      if (range.to < range.from) throw fieldError(meta.language, 'to', 'validation.range_end_before_start');
      const days = (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000;
      if (days > RESULT_RANGE_MAX_DAYS) throw fieldError(meta.language, 'to', 'validation.range_too_long');
      const types = new Set<number>(
        [...visibleTypes(standing.sections)].filter((type) => type === TYPE_EXAM.test || type === TYPE_EXAM.image),
      );
      const entries = await entriesWithResults(deps.db, profileId, range.from, range.to);
      const files = await repository.filesOf(
        entries.filter((entry) => entry.source === 'record').map((entry) => entry.id),
        entries.filter((entry) => entry.source === 'order').map((entry) => entry.id),
      );
      return entries
        .map((entry) => ({
          id: entry.id,
          source: entry.source,
          testDay: entry.testDay,
          doctorName: entry.doctorName,
          documents: files
            .filter((file) => (file.recordId ?? file.orderId) === entry.id && types.has(file.typeExam))
            .map(documentFor(actorId, standing)),
        }))
        .filter((entry) => entry.documents.length > 0);
    },
  };
}
