import {
  DISPLAY_NAME_MAX_LENGTH,
  DOCTOR_NAME_MAX_LENGTH,
  DOCUMENT_LINK_MAX_LENGTH,
  FILE_KINDS,
  isDocumentLink,
  ORDER_CATEGORIES,
  RECORD_MAX_FILES_PER_REQUEST,
  REASON_MAX_LENGTH,
  RECORD_DAY_MIN,
  TYPE_EXAMS,
} from '@rhc/domain';
import { z } from 'zod/mini';
import { invalid, tooLong } from './text.ts';
import { pageSchema, PageQuerySchema } from './envelope.ts';
import { lazySchema } from './lazy-schema.ts';

/*
 * Health records, documents, document links and examination history (spec §2 "Health record screen", §3 "Record
 * data", "File entry", "Record detail response", "Examination history list filters", §5, §7 "Documents and records";
 * issue 15, decision 024). Field names are the spec's, its spelling included (`dowloadUri`). A `:userId` / `:id` of
 * the records and history paths is a profile id (decision 022): mine, one I manage, or one shared with me; another
 * person's id without a grant answers 404.
 */

const noNul = (value: string) => !value.includes('\u0000');
/** A trimmed text that must be there (`message` when it is not), at most `max` long, with no NUL. */
const requiredField = (message: string, max: number) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max, tooLong), z.refine(noNul, invalid));

/** A profile id (the person the record belongs to). */
const ProfileIdSchema = lazySchema(() => z.uuid(invalid));
/** POST /order-record-data/{userId}, GET /order-record-data/{userId}, GET /history-…/{id}. */
export const RecordUserParamsSchema = lazySchema(() => z.object({ userId: ProfileIdSchema }));
export const HistoryPersonParamsSchema = lazySchema(() => z.object({ id: ProfileIdSchema }));
/** PUT/GET/DELETE /order-record-data/{userId}/{orderId}: `orderId` is the record's id (the spec keeps a record as an order). */
export const RecordParamsSchema = lazySchema(() => z.object({ userId: ProfileIdSchema, orderId: z.uuid(invalid) }));
/** GET /document/{id}, DELETE /documentLink/{id}. */
export const DocumentIdParamsSchema = lazySchema(() => z.object({ id: z.uuid(invalid) }));
/** POST /document/{orderId}, GET /documents/{orderId}, POST /documentLink/{orderId}, the history detail calls. */
export const OrderIdParamSchema = lazySchema(() => z.object({ orderId: z.uuid(invalid) }));
/** DELETE /document/{orderId}/{fileId}: `orderId` is an order's or a record's id; `fileId` the document's. */
export const DocumentParamsSchema = lazySchema(() => z.object({ orderId: z.uuid(invalid), fileId: z.uuid(invalid) }));

/** Spec §3: 1 test, 2 image, 3 other, 4 prescription. */
export const TypeExamSchema = lazySchema(() => z.literal(TYPE_EXAMS, { error: 'validation.type_exam_invalid' }));
/** The same, read from a multipart field or a query string. */
export const TypeExamTextSchema = lazySchema(() => z.pipe(z.coerce.number(invalid), TypeExamSchema));

/** The name a person gives a file (shown instead of the original name); empty: the original name is shown. */
export const DisplayNameSchema = lazySchema(() =>
  z.string(invalid).check(z.trim(), z.maxLength(DISPLAY_NAME_MAX_LENGTH, tooLong), z.refine(noNul, invalid)),
);

/* ---------- a record (spec §3 "Record data", §5 "Health record") ---------- */

/**
 * The multipart field `recordDataInfo` (JSON): the examination day (YYYY-MM-DD, a calendar day, not after today in
 * Vietnam — checked by the server with `isRecordDayAllowed`), the doctor's full name and the reason. The messages are
 * the spec's: MESSAGE_ERROR_CHECKDAY_REQUIRED → `validation.checkday_required`, MESSAGE_ERROR_DOCTOR_REQUIRED →
 * `validation.doctor_required`, MESSAGE_ERROR_CHECKREASON_REQUIRED → `validation.checkreason_required`.
 */
export const RecordDataInfoSchema = lazySchema(() =>
  z.object({
    testDayTime: z.pipe(
      z.string({ error: 'validation.checkday_required' }).check(z.minLength(1, { error: 'validation.checkday_required' })),
      z.iso.date({ error: 'validation.date_invalid' }),
    ),
    doctorName: requiredField('validation.doctor_required', DOCTOR_NAME_MAX_LENGTH),
    reasonForExamination: requiredField('validation.checkreason_required', REASON_MAX_LENGTH),
  }),
);
export type RecordDataInfo = z.input<typeof RecordDataInfoSchema>;

/**
 * One entry of the multipart field `fileInfos` (JSON list): the file part it describes (`fileIndex`, 0-based, in the
 * order the `files` parts are sent), its type and display name. Every `files` part has exactly one entry.
 */
export const FileInfoSchema = lazySchema(() =>
  z.object({
    fileIndex: z.int(invalid).check(z.gte(0, invalid), z.lte(RECORD_MAX_FILES_PER_REQUEST - 1, invalid)),
    typeExam: TypeExamSchema,
    displayName: z.optional(DisplayNameSchema),
  }),
);
export type FileInfo = z.input<typeof FileInfoSchema>;
export const FileInfosSchema = lazySchema(() =>
  z.array(FileInfoSchema, invalid).check(
    z.maxLength(RECORD_MAX_FILES_PER_REQUEST, { error: 'validation.too_many_files' }),
    z.refine((infos) => new Set(infos.map((info) => info.fileIndex)).size === infos.length, invalid),
  ),
);

/**
 * The multipart parts of POST /order-record-data/{userId} and PUT /order-record-data/{userId}/{orderId}, in this
 * order: `recordDataInfo` (JSON, RecordDataInfoSchema), `fileInfos` (JSON list, FileInfosSchema; `[]` when no file),
 * then the `files` parts (repeated, one per fileInfos entry). The JSON parts may be sent without a type or as
 * `application/json`. The text fields must come before the files so the server can refuse a bad form before it stores
 * a byte (400 `RECORD_FORM_ORDER`, naming that order, otherwise). Each file ≤ 10485760 bytes (413 `FILE_TOO_LARGE`), checked by
 * its content (415 `FILE_TYPE_NOT_ALLOWED`); per area (prescription = type 4, images only; documents = types 1–3) at
 * most 5 files including those already saved and at most 10485760 bytes sent together (400 `FILES_TOTAL_TOO_LARGE`,
 * the web's `detail.size-of-5-count`). A new record needs at least one file (400 `RECORD_FILE_REQUIRED`).
 */
export const RecordMultipartFieldsSchema = lazySchema(() =>
  z.object({
    recordDataInfo: RecordDataInfoSchema,
    fileInfos: FileInfosSchema,
  }),
);
export const RECORD_MULTIPART_PARTS = { recordDataInfo: 'recordDataInfo', fileInfos: 'fileInfos', files: 'files' } as const;

/** A stored file of a record or an order (spec §3 "File entry", "Record detail response"). */
export const DocumentSchema = lazySchema(() =>
  z.object({
    /** The document's id (GET /document/{id}). */
    id: z.uuid(),
    /** The same id, under the name the spec's clients send back (DELETE /document/{orderId}/{fileId}). */
    fileId: z.uuid(),
    /** What the person sees: the display name, or the original file name when none was given. */
    fileName: z.string(),
    displayName: z.string(),
    /** The file's name as it was picked. */
    originalName: z.string(),
    typeExam: TypeExamSchema,
    /** The download path under the API base (spec spelling). */
    dowloadUri: z.string(),
    /** The file's kind, for its icon: image, pdf, word, excel, zip, rar. */
    type: z.enum(FILE_KINDS),
    /** The media type found in the file's content. */
    mediaType: z.string(),
    size: z.int().check(z.gte(0)),
    createdAt: z.iso.datetime(),
    /**
     * Whether the caller may delete it (issue 54): a record's file, its profile's holder; a booking's file, whoever added
     * it (the patient side or the doctor). The other party's files show without a delete.
     */
    canDelete: z.boolean(),
  }),
);
export type Document = z.infer<typeof DocumentSchema>;

/**
 * GET /order-record-data/{userId}/{orderId}, and the answer of the POST and PUT. `dateTest` is the day (YYYY-MM-DD).
 * Files of type 4 are the prescription list, the rest the documents (spec §3): both are in `documents`, the web splits
 * them. A follower sees only the files of the sections shared with them (decision 024); `canEdit` is true for the
 * person and the profile's manager.
 */
export const RecordDetailSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    profileId: z.uuid(),
    infoStoreDoctorName: z.string(),
    dateTest: z.iso.date(),
    reasonForExamination: z.string(),
    listResponseDocumentDTO: z.object({ documents: z.array(DocumentSchema) }),
    canEdit: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
);
export type RecordDetail = z.infer<typeof RecordDetailSchema>;

/** GET /order-record-data/{userId}: a person's records, newest day first. */
export const RecordSummarySchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    profileId: z.uuid(),
    infoStoreDoctorName: z.string(),
    dateTest: z.iso.date(),
    reasonForExamination: z.string(),
    fileCount: z.int().check(z.gte(0)),
    createdAt: z.iso.datetime(),
  }),
);
export type RecordSummary = z.infer<typeof RecordSummarySchema>;
export const RecordListQuerySchema = lazySchema(() => PageQuerySchema);
export const RecordPageSchema = lazySchema(() => pageSchema(RecordSummarySchema));

/** DELETE /order-record-data/{userId}/{orderId}: the removed record's id. */
export const RecordDeletedSchema = lazySchema(() => z.object({ id: z.uuid() }));

/* ---------- an order's documents and links (spec §2 "Order detail", §7) ---------- */

/**
 * POST /document/{orderId}?doctorId&patientId (spec §6: a doctor uploads with doctorId and patientId). The uploader is
 * always the session's person; `doctorId`, when sent, must be them (the assigned doctor), `patientId` the order's
 * profile — anything else is 404.
 */
export const DocumentUploadQuerySchema = lazySchema(() =>
  z.object({
    doctorId: z.optional(z.uuid(invalid)),
    patientId: z.optional(z.uuid(invalid)),
  }),
);

/**
 * The multipart parts of POST /document/{orderId}, repeated and matched by position: `typeExams`, `displayNames`,
 * `names`, `ids`, `fileIds` (text parts), then `files`. The i-th `files` part is described by the i-th `typeExams` and
 * `displayNames` (an empty display name: the file's name). `ids`/`fileIds` may be sent empty for new files (the spec's
 * clients do); a non-empty one names an existing document of the order whose `typeExams`/`displayNames` entry is
 * applied to it without a new file. At most 20 files (20-file mode), each ≤ 10485760 bytes.
 */
export const ORDER_DOCUMENT_PARTS = ['files', 'typeExams', 'ids', 'fileIds', 'names', 'displayNames'] as const;

/** A link attached to an order (spec §3 "Document link": link text, display name); it belongs to who added it. */
export const DocumentLinkSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    orderId: z.uuid(),
    link: z.string(),
    displayName: z.string(),
    createdAt: z.iso.datetime(),
    /** Whether the caller may delete it: whoever added it (issue 54). */
    canDelete: z.boolean(),
  }),
);
export type DocumentLink = z.infer<typeof DocumentLinkSchema>;

/** POST /documentLink/{orderId}: a valid http(s) link (spec §5) and its display name. */
export const DocumentLinkBodySchema = lazySchema(() =>
  z.object({
    link: z
      .string({ error: 'validation.link_invalid' })
      .check(
        z.trim(),
        z.maxLength(DOCUMENT_LINK_MAX_LENGTH, { error: 'validation.link_invalid' }),
        z.refine(isDocumentLink, { error: 'validation.link_invalid' }),
      ),
    displayName: z.optional(DisplayNameSchema),
  }),
);
export type DocumentLinkBody = z.input<typeof DocumentLinkBodySchema>;
export const DocumentLinkDeletedSchema = lazySchema(() => z.object({ id: z.uuid() }));

/** The documents and links of an order (GET /documents/{orderId}, POST /document/{orderId}, DELETE /document/…). */
export const OrderDocumentsSchema = lazySchema(() =>
  z.object({
    orderId: z.uuid(),
    documents: z.array(DocumentSchema),
    links: z.array(DocumentLinkSchema),
  }),
);
export type OrderDocuments = z.infer<typeof OrderDocumentsSchema>;

/* ---------- examination history (spec §3 "Examination history list filters", §7) ---------- */

/** Where a history entry comes from: a record the person keeps, or a completed order (booking). */
export const HistorySourceSchema = lazySchema(() => z.enum(['record', 'order']));
export type HistorySource = z.infer<typeof HistorySourceSchema>;
/** `record` for a kept record, else the order's category. */
export const HistoryCategorySchema = lazySchema(() => z.enum(['record', ...ORDER_CATEGORIES]));

/** A day to look for: a real calendar day from 1900 on (no record is older; PostgreSQL has no year 0). */
const SearchDaySchema = lazySchema(() =>
  z.iso.date({ error: 'validation.date_invalid' }).check(z.refine((day) => day >= RECORD_DAY_MIN, { error: 'validation.date_invalid' })),
);
const booleanText = lazySchema(() =>
  z.pipe(
    z.enum(['true', 'false'], invalid),
    z.transform((value) => value === 'true'),
  ),
);
const filterText = lazySchema(() => z.string(invalid).check(z.trim(), z.maxLength(200, tooLong), z.refine(noNul, invalid)));

/**
 * GET /history-examination-information_new/{id}: every filter of spec §3, all optional, paged (page 0, size 10).
 * `testDay` an exact day; `reason`, `doctorName`, `resultChecker` (who attached the results), `resultName` (a file's
 * original name) and `displayName` (a file's display name) match a part of the text, any case; `categoryType` the
 * source (`record`, or an order's category); `typeExam` a file of that type; the three flags, whether there is (true)
 * or is not (false) a file of type 1, 2 or 4.
 */
export const HistoryQuerySchema = lazySchema(() =>
  z.extend(PageQuerySchema, {
    testDay: z.optional(SearchDaySchema),
    reason: z.optional(filterText),
    doctorName: z.optional(filterText),
    categoryType: z.optional(HistoryCategorySchema),
    resultChecker: z.optional(filterText),
    resultName: z.optional(filterText),
    typeExam: z.optional(TypeExamTextSchema),
    displayName: z.optional(filterText),
    hasResultTest: z.optional(booleanText),
    hasResultImage: z.optional(booleanText),
    hasPrescription: z.optional(booleanText),
  }),
);
export type HistoryQuery = z.input<typeof HistoryQuerySchema>;

/** One entry of the history list. */
export const HistoryItemSchema = lazySchema(() =>
  z.object({
    /** The record's or the order's id (GET /history-examination/{orderId}). */
    id: z.uuid(),
    source: HistorySourceSchema,
    categoryType: HistoryCategorySchema,
    profileId: z.uuid(),
    testDay: z.iso.date(),
    doctorName: z.string(),
    reason: z.string(),
    fileCount: z.int().check(z.gte(0)),
    hasResultTest: z.boolean(),
    hasResultImage: z.boolean(),
    hasPrescription: z.boolean(),
  }),
);
export type HistoryItem = z.infer<typeof HistoryItemSchema>;
export const HistoryPageSchema = lazySchema(() => pageSchema(HistoryItemSchema));
export type HistoryPage = z.infer<typeof HistoryPageSchema>;

/**
 * GET /history-examination/{orderId}: one entry in full — its information, files (those of the sections the reader
 * may see) and, for an order, its document links.
 */
export const HistoryDetailSchema = lazySchema(() =>
  z.extend(HistoryItemSchema, {
    documents: z.array(DocumentSchema),
    links: z.array(DocumentLinkSchema),
    note: z.string(),
    /** A completed lab or imaging order's conclusion (decision 046), when the reader sees its results' section. */
    conclusion: z.optional(z.nullable(z.string())),
  }),
);
export type HistoryDetail = z.infer<typeof HistoryDetailSchema>;

/** GET /exam-info-prescription/{orderId}: the examination's information and its prescription files (type 4). */
export const ExamInfoPrescriptionSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    source: HistorySourceSchema,
    testDay: z.iso.date(),
    doctorName: z.string(),
    reasonForExamination: z.string(),
    prescriptions: z.array(DocumentSchema),
  }),
);
export type ExamInfoPrescription = z.infer<typeof ExamInfoPrescriptionSchema>;

/** GET /disease-info/{orderId}: why the person was examined and what was noted. */
export const DiseaseInfoSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    source: HistorySourceSchema,
    testDay: z.iso.date(),
    reasonForExamination: z.string(),
    note: z.string(),
  }),
);
export type DiseaseInfo = z.infer<typeof DiseaseInfoSchema>;

/** GET /examination-result-in-time-range/{id}?from&to: test and imaging results between two days (≤ 365 days apart). */
export const ResultRangeQuerySchema = lazySchema(() =>
  z.object({
    from: SearchDaySchema,
    to: SearchDaySchema,
  }),
);
export const ResultInRangeSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    source: HistorySourceSchema,
    testDay: z.iso.date(),
    doctorName: z.string(),
    documents: z.array(DocumentSchema),
  }),
);
export const ResultsInRangeSchema = lazySchema(() => z.array(ResultInRangeSchema));
export type ResultInRange = z.infer<typeof ResultInRangeSchema>;

/** The per-person storage quota, for the upload widget (GET /storage-usage/{userId}). */
export const StorageUsageSchema = lazySchema(() => z.object({ usedBytes: z.int().check(z.gte(0)), quotaBytes: z.int().check(z.gte(0)) }));
export type StorageUsage = z.infer<typeof StorageUsageSchema>;
