/**
 * Health records and documents (spec §2 "Health record screen", §3 "Record data", "File entry", §5 "Attachments",
 * "Health record", §9 "Files"; issue 15, decision 024). Pure facts and rules, no I/O: the web checks a pick with them
 * before sending, the server checks the same again.
 */
import type { ShareSection } from './sharing.ts';

/** Spec §3 / §9: file types of a record's files — 1 test, 2 image, 3 other, 4 prescription. */
export const TYPE_EXAM = { test: 1, image: 2, other: 3, prescription: 4 } as const;
export type TypeExam = (typeof TYPE_EXAM)[keyof typeof TYPE_EXAM];
export const TYPE_EXAMS = [1, 2, 3, 4] as const satisfies readonly TypeExam[];

/** Spec §5 / §9: each file under 10 MB (10485760 bytes, the limit itself allowed). */
export const FILE_MAX_BYTES = 10_485_760;
/** Spec §5 / §9: in 5-file mode the files sent together may weigh at most 10485760 bytes in total. */
export const FIVE_FILE_TOTAL_MAX_BYTES = 10_485_760;
/** Spec §5 / §9: a screen takes at most 3, 5 or 20 files, depending on the screen. */
export const UPLOAD_MODES = [3, 5, 20] as const;
export type UploadMode = (typeof UPLOAD_MODES)[number];
/** Spec §9: at most 5 files per upload area. */
export const FILES_PER_AREA = 5;
/** Spec §5: the prescription area holds images of type 4 only, at most 5. */
export const PRESCRIPTION_MAX_FILES = 5;

/**
 * The record screen (spec §2): two upload areas, each in 5-file mode — I. the prescription (type 4 images), II. the
 * documents (types 1–3). An order's documents (a doctor or patient attaching results) use 20-file mode.
 */
export const RECORD_AREA_MODE: UploadMode = 5;
export const ORDER_DOCUMENTS_MODE: UploadMode = 20;
/** The most files one record request may carry: both areas full. */
export const RECORD_MAX_FILES_PER_REQUEST = FILES_PER_AREA * 2;

/**
 * How much one person's files may occupy in storage (R8: bound what a request can make the server hold). 200 MB is
 * about twenty full 5-file uploads: years of a family's paperwork, far from what a single abuser could grow to.
 */
export const STORAGE_QUOTA_BYTES = 200 * 1024 * 1024;

/** Free text bounds of the record form (spec §3 "Record data"; not shown in the spec, sized to a real prescription). */
export const DOCTOR_NAME_MAX_LENGTH = 100;
export const REASON_MAX_LENGTH = 1000;
export const DISPLAY_NAME_MAX_LENGTH = 255;
export const DOCUMENT_LINK_MAX_LENGTH = 2000;
/** A record's day is a real calendar day not before 1900 (nobody uploads an older paper) and not after today. */
export const RECORD_DAY_MIN = '1900-01-01';
/** Spec §5 "Analysis date range": at most 365 days apart (used by the results-in-a-time-range call too). */
export const RESULT_RANGE_MAX_DAYS = 365;

/** Spec §2: the kinds of file a person may attach, each with the media types it is recognised as (by content). */
export const FILE_KINDS = ['image', 'pdf', 'word', 'excel', 'zip', 'rar'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export const MEDIA_TYPES_BY_KIND: Readonly<Record<FileKind, readonly string[]>> = {
  image: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  pdf: ['application/pdf'],
  word: ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  excel: ['application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  zip: ['application/zip'],
  rar: ['application/vnd.rar'],
};
export const ALLOWED_MEDIA_TYPES: readonly string[] = FILE_KINDS.flatMap((kind) => MEDIA_TYPES_BY_KIND[kind]);
/** The file chooser's `accept` list: the media types and the extensions of the allowed kinds. */
export const FILE_ACCEPT = [
  ...ALLOWED_MEDIA_TYPES,
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
  '.gif',
  '.pdf',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.zip',
  '.rar',
].join(',');

/** The kind of a media type (for the icon of spec §2: word, pdf, rar, excel, zip or other — images get their own). */
export function fileKindOf(mediaType: string): FileKind | 'other' {
  const type = mediaType.toLowerCase();
  return FILE_KINDS.find((kind) => MEDIA_TYPES_BY_KIND[kind].includes(type)) ?? 'other';
}

/** The kind of a file by its name's extension, for a file a person has picked but not yet sent (its icon). */
export function fileKindOfName(name: string): FileKind | 'other' {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (['jpg', 'jpeg', 'png', 'webp', 'gif'].includes(ext)) return 'image';
  if (ext === 'pdf') return 'pdf';
  if (ext === 'doc' || ext === 'docx') return 'word';
  if (ext === 'xls' || ext === 'xlsx') return 'excel';
  if (ext === 'zip') return 'zip';
  if (ext === 'rar') return 'rar';
  return 'other';
}

/** The usual extension of each allowed media type (a file saved under its display name, e.g. in a record export). */
const EXTENSION_OF_MEDIA_TYPE: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/zip': 'zip',
  'application/vnd.rar': 'rar',
};

/**
 * A file's name as a computer opens it: a display name ("Đơn thuốc") gets the extension of its media type, unless it
 * already ends with one of that kind ("kết quả.PDF" stays); an unknown media type leaves the name as it is.
 */
export function nameWithExtension(name: string, mediaType: string): string {
  const extension = EXTENSION_OF_MEDIA_TYPE[mediaType.toLowerCase()];
  if (!extension) return name;
  const kind = fileKindOf(mediaType);
  return kind !== 'other' && fileKindOfName(name) === kind ? name : `${name}.${extension}`;
}

/** The shared section (decision 022) a follower needs to see a file of this type (decision 024). */
export function sectionOfTypeExam(typeExam: TypeExam): ShareSection {
  switch (typeExam) {
    case TYPE_EXAM.test:
      return 'test_results';
    case TYPE_EXAM.image:
      return 'imaging';
    case TYPE_EXAM.prescription:
      return 'prescriptions';
    default:
      return 'exam_info';
  }
}

/** The messages a pick of files can get (keys of the `records` namespace; spec §5 names the first two). */
export type FileCheckMessage =
  | 'detail.size-of-5-count'
  | 'record.file-required'
  | 'detail.file-too-large'
  | 'detail.too-many-files'
  | 'detail.prescription-type-only'
  | 'detail.prescription-images-only'
  | 'detail.file-type-not-allowed';

/** One row of the upload widget: its file's size (null: no file chosen yet), type, and media type when known. */
export interface PickedFile {
  size: number | null;
  typeExam: TypeExam;
  mediaType?: string;
}

/** Which upload area a pick belongs to: the prescription area (type 4 images only) or any other. */
export type UploadArea = 'prescription' | 'documents';

/**
 * Checks the files a person picked in one upload area before anything is sent (spec §5): every row has a file, at most
 * `mode` files, each at most 10485760 bytes, in 5-file mode a total at most 10485760 bytes, an allowed kind where the
 * media type is known, and in the prescription area type 4 images only (at most 5). Answers the first message that
 * applies, or null. `alreadyStored` counts files of the area that are already saved (they take places, not bytes).
 */
export function checkPickedFiles(
  files: readonly PickedFile[],
  mode: UploadMode,
  area: UploadArea = 'documents',
  alreadyStored = 0,
): FileCheckMessage | null {
  if (files.some((file) => file.size === null)) return 'record.file-required';
  const limit = area === 'prescription' ? Math.min(mode, PRESCRIPTION_MAX_FILES) : mode;
  if (files.length + alreadyStored > limit) return 'detail.too-many-files';
  if (area === 'prescription' && files.some((file) => file.typeExam !== TYPE_EXAM.prescription)) return 'detail.prescription-type-only';
  if (area === 'documents' && files.some((file) => file.typeExam === TYPE_EXAM.prescription)) return 'detail.prescription-type-only';
  if (files.some((file) => (file.size ?? 0) > FILE_MAX_BYTES)) return 'detail.file-too-large';
  if (mode === 5 && files.reduce((sum, file) => sum + (file.size ?? 0), 0) > FIVE_FILE_TOTAL_MAX_BYTES) return 'detail.size-of-5-count';
  for (const file of files) {
    if (file.mediaType === undefined || file.mediaType === '') continue;
    const kind = fileKindOf(file.mediaType);
    if (kind === 'other') return 'detail.file-type-not-allowed';
    if (area === 'prescription' && kind !== 'image') return 'detail.prescription-images-only';
  }
  return null;
}

/** Whether a record's day (YYYY-MM-DD) is a real day from 1900 on and not after `today` (Vietnam's, passed in). */
export function isRecordDayAllowed(day: string, today: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) return false;
  return day >= RECORD_DAY_MIN && day <= today;
}

/** Spec §5: a document link must be a valid link — an absolute http(s) URL with a host, no spaces or credentials. */
export function isDocumentLink(value: string): boolean {
  if (value.length === 0 || value.length > DOCUMENT_LINK_MAX_LENGTH || /\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username !== '' || url.password !== '') return false;
  return url.hostname.length > 0 && (url.hostname.includes('.') || url.hostname === 'localhost');
}
