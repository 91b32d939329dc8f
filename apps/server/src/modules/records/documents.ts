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

/** The wire form of a stored file (spec §3 "File entry", "Record detail response"). */
export function toDocument(row: DocumentRow): Document {
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
  };
}

export function toLink(row: LinkRow): DocumentLink {
  return {
    id: row.id,
    orderId: row.orderId,
    link: row.link,
    displayName: row.displayName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The file types a standing may see: each type needs its section (decision 024). */
export function visibleTypes(sections: readonly ShareSection[]): Set<number> {
  return new Set(TYPE_EXAMS.filter((type) => coversSection(sections, sectionOfTypeExam(type))));
}
