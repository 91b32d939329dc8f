import { FileInfosSchema, RECORD_MULTIPART_PARTS, RecordDataInfoSchema } from '@rhc/contracts';
import { FILES_PER_AREA, FIVE_FILE_TOTAL_MAX_BYTES, isRecordDayAllowed, PRESCRIPTION_MAX_FILES, TYPE_EXAM, vietnamDay } from '@rhc/domain';
import type { z } from 'zod/mini';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { fieldError } from '../../platform/http/field-error.ts';
import type { FormField } from '../../platform/http/multipart-form.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { PendingFilesGone, type DocumentRow, type RecordsRepository } from './records.repository.ts';
import type { UploadBatch } from './upload-batch.ts';
import { fieldErrors, parseJsonField, type IncomingFile } from './upload-input.ts';

/** 400: a record form's parts out of order, naming the order they must come in (recordDataInfo, fileInfos, files). */
function formOrder(): AppError {
  return new AppError(400, 'RECORD_FORM_ORDER', { order: Object.values(RECORD_MULTIPART_PARTS).join(', ') });
}

/** What a record's form is read into: the person's, by whom, the record changed (null for a new one) and its files. */
export interface RecordFormTarget {
  profileId: string;
  actor: Actor;
  meta: RequestMeta;
  recordId: string | null;
  stored: readonly DocumentRow[];
}

/**
 * The multipart form of POST/PUT /order-record-data (RecordMultipartFieldsSchema): the two JSON fields first, then
 * the files. The record's information and the files' descriptions are checked before the first file is stored; the
 * per-area limits (spec §5: 5 files, 5-file mode's 10485760 bytes together; prescriptions type 4 images only) as the
 * files arrive.
 */
export function recordForm(repository: RecordsRepository, batch: UploadBatch, target: RecordFormTarget) {
  const { profileId, actor, meta, recordId, stored } = target;
  const language = meta.language;
  const raw: { recordDataInfo?: unknown; fileInfos?: unknown } = {};
  let info: z.output<typeof RecordDataInfoSchema> | undefined;
  let fileInfos: z.output<typeof FileInfosSchema> | undefined;
  const areaBytes = { prescription: 0, documents: 0 };
  let received = 0;

  function checkFields() {
    if (info && fileInfos) return;
    const parsedInfo = RecordDataInfoSchema.safeParse(raw.recordDataInfo ?? {});
    if (!parsedInfo.success) throw fieldErrors(language, 'recordDataInfo', parsedInfo.error);
    if (parsedInfo.data.testDayTime > vietnamDay(meta.now))
      throw fieldError(language, 'recordDataInfo.testDayTime', 'validation.record_day_future');
    if (!isRecordDayAllowed(parsedInfo.data.testDayTime, vietnamDay(meta.now)))
      throw fieldError(language, 'recordDataInfo.testDayTime', 'validation.record_day_too_early');
    const parsedFiles = FileInfosSchema.safeParse(raw.fileInfos ?? []);
    if (!parsedFiles.success) throw fieldErrors(language, 'fileInfos', parsedFiles.error);
    const infos = [...parsedFiles.data].sort((a, b) => a.fileIndex - b.fileIndex);
    if (infos.some((entry, index) => entry.fileIndex !== index)) throw new AppError(400, 'FILE_INFO_MISMATCH');
    const storedPrescriptions = stored.filter((file) => file.typeExam === TYPE_EXAM.prescription).length;
    const newPrescriptions = infos.filter((entry) => entry.typeExam === TYPE_EXAM.prescription).length;
    if (storedPrescriptions + newPrescriptions > PRESCRIPTION_MAX_FILES)
      throw new AppError(400, 'TOO_MANY_FILES', { max: PRESCRIPTION_MAX_FILES });
    if (stored.length - storedPrescriptions + infos.length - newPrescriptions > FILES_PER_AREA)
      throw new AppError(400, 'TOO_MANY_FILES', { max: FILES_PER_AREA });
    if (recordId === null && infos.length === 0) throw new AppError(400, 'RECORD_FILE_REQUIRED');
    info = parsedInfo.data;
    fileInfos = infos;
  }

  return {
    field(name: string, value: FormField): void {
      if (name !== 'recordDataInfo' && name !== 'fileInfos') return;
      if (received > 0) throw formOrder();
      raw[name] = parseJsonField(language, name, value);
    },
    async file(fieldname: string, incoming: IncomingFile): Promise<void> {
      if (fieldname !== 'files') throw new AppError(400, 'FILE_INFO_MISMATCH');
      // Both descriptions come before the first file, so a bad form is refused before a byte is stored.
      if (raw.recordDataInfo === undefined || raw.fileInfos === undefined) throw formOrder();
      checkFields();
      const entry = fileInfos?.[received];
      if (!entry) throw new AppError(400, 'FILE_INFO_MISMATCH');
      received += 1;
      await batch.add(incoming, entry.typeExam, entry.displayName ?? '');
      const area = entry.typeExam === TYPE_EXAM.prescription ? 'prescription' : 'documents';
      areaBytes[area] += batch.files.at(-1)?.size ?? 0;
      if (areaBytes[area] > FIVE_FILE_TOTAL_MAX_BYTES) throw new AppError(413, 'FILES_TOTAL_TOO_LARGE');
    },
    /** Writes the record and its files in one transaction; answers the record's id. */
    async commit(): Promise<string> {
      checkFields();
      if (!info || !fileInfos || received !== fileInfos.length) throw new AppError(400, 'FILE_INFO_MISMATCH');
      const values = {
        profileId,
        testDay: info.testDayTime,
        doctorName: info.doctorName,
        reason: info.reasonForExamination,
        actorId: actor.userId,
        now: meta.now,
      };
      const ids = batch.files.map((file) => file.id);
      try {
        if (recordId === null) return await repository.createRecord(values, ids);
        if (!(await repository.updateRecord(recordId, values, ids))) throw AppError.notFound();
        return recordId;
      } catch (error) {
        if (error instanceof PendingFilesGone) throw new AppError(409, 'CONFLICT');
        throw error;
      }
    },
    abort: () => batch.abort(),
    fileCount: () => batch.files.length,
  };
}
