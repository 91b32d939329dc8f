import { documentUri, type Document, type DocumentLink } from '@rhc/contracts';
import {
  coversSection,
  FILE_KINDS,
  fileKindOf,
  sectionOfTypeExam,
  TYPE_EXAMS,
  type FileKind,
  type ShareSection,
  type TypeExam,
} from '@rhc/domain';
import type { DocumentRow, LinkRow } from './records.repository.ts';

/* How stored files and links read on the wire, and which of them a standing may see (decision 024). */

function kindOf(mediaType: string): FileKind {
  const kind = fileKindOf(mediaType);
  // Every stored file was sniffed as one of the allowed kinds; `other` cannot be stored.
  return kind === 'other' ? (FILE_KINDS[1] as FileKind) : kind;
}

/**
 * Whether `actorId` may delete a stored file (issue 54): a record's file is its profile's, deleted by the profile's
 * holders (`holdsRecord`), who keep the record; a booking's file belongs to who added it — the patient side's to
 * them, the doctor's to the doctor. The access gate's `owner` side of a file (records.access.ts) is the same rule.
 */
export function fileDeletable(row: Pick<DocumentRow, 'recordId' | 'uploadedBy'>, actorId: string, holdsRecord: boolean): boolean {
  return row.recordId !== null ? holdsRecord : row.uploadedBy === actorId;
}

/** Whether `actorId` may delete a booking's link: whoever added it (issue 54). */
export function linkDeletable(row: Pick<LinkRow, 'createdBy'>, actorId: string): boolean {
  return row.createdBy === actorId;
}

/** The wire form of a stored file (spec §3 "File entry", "Record detail response"), with whether the caller may delete it. */
export function toDocument(row: DocumentRow, canDelete: boolean): Document {
  return {
    id: row.id,
    fileId: row.id,
    fileName: row.displayName || row.originalName,
    displayName: row.displayName,
    originalName: row.originalName,
    typeExam: row.typeExam as TypeExam,
    dowloadUri: documentUri(row.id),
    type: kindOf(row.mediaType),
    mediaType: row.mediaType,
    size: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    canDelete,
  };
}

export function toLink(row: LinkRow, canDelete: boolean): DocumentLink {
  return {
    id: row.id,
    orderId: row.orderId,
    link: row.link,
    displayName: row.displayName,
    createdAt: row.createdAt.toISOString(),
    canDelete,
  };
}

/** The file types a standing may see: each type needs its section (decision 024). */
export function visibleTypes(sections: readonly ShareSection[]): Set<number> {
  return new Set(TYPE_EXAMS.filter((type) => coversSection(sections, sectionOfTypeExam(type))));
}
