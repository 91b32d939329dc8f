import {
  RECORD_MULTIPART_PARTS,
  type ClientInput,
  type FileInfo,
  type HistoryQuerySchema,
  type RecordDataInfo,
  recordsEndpoints,
} from '@rhc/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, endpointQuery } from '../../lib/api-client.ts';

/** Every call of the records feature, each through its entry of the endpoint table (`recordsEndpoints`). */
const api = recordsEndpoints;

/** Spec §9: history lists default to page 0, size 10. */
export const HISTORY_PAGE_SIZE = 10;

/** After a change: every read of the domain (the record, the history) is read again. */
export async function refreshRecords(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: [api.record.domain] });
}

export function useRecord(userId: string, recordId: string | undefined) {
  return useQuery({
    ...endpointQuery(api.record, { params: { userId, orderId: recordId ?? '' } }),
    enabled: userId !== '' && recordId !== undefined,
  });
}

/** One file of a record form: the file itself and what it is. */
export interface OutgoingFile {
  file: File;
  typeExam: FileInfo['typeExam'];
  displayName: string;
}

/**
 * The multipart body of POST/PUT /order-record-data (contract: recordDataInfo, fileInfos, then the files, so the
 * server can refuse a bad form before it stores a byte).
 */
export function recordFormData(info: RecordDataInfo, files: readonly OutgoingFile[]): FormData {
  const form = new FormData();
  form.append(RECORD_MULTIPART_PARTS.recordDataInfo, JSON.stringify(info));
  const infos: FileInfo[] = files.map((entry, fileIndex) => ({
    fileIndex,
    typeExam: entry.typeExam,
    ...(entry.displayName.trim() ? { displayName: entry.displayName.trim() } : {}),
  }));
  form.append(RECORD_MULTIPART_PARTS.fileInfos, JSON.stringify(infos));
  for (const entry of files) form.append(RECORD_MULTIPART_PARTS.files, entry.file, entry.file.name);
  return form;
}

export function createRecord(userId: string, info: RecordDataInfo, files: readonly OutgoingFile[]) {
  return apiRequest(api.createRecord, { params: { userId }, body: recordFormData(info, files) });
}

export function updateRecord(userId: string, recordId: string, info: RecordDataInfo, files: readonly OutgoingFile[]) {
  return apiRequest(api.updateRecord, { params: { userId, orderId: recordId }, body: recordFormData(info, files) });
}

export function deleteRecord(userId: string, recordId: string) {
  return apiRequest(api.deleteRecord, { params: { userId, orderId: recordId } });
}

/** DELETE /document/{orderId}/{fileId}: a file of a record (or of an order), answering what is left. */
export function deleteDocument(ownerId: string, fileId: string) {
  return apiRequest(api.deleteDocument, { params: { orderId: ownerId, fileId } });
}

/* ---------- examination history ---------- */

export type HistoryFilters = Omit<ClientInput<typeof HistoryQuerySchema>, 'page' | 'size'>;

export function useHistory(personId: string, filters: HistoryFilters, page: number) {
  return useQuery({
    ...endpointQuery(api.history, { params: { id: personId }, query: { ...filters, page, size: HISTORY_PAGE_SIZE } }),
    enabled: personId !== '',
    placeholderData: (previous) => previous,
  });
}

export function useHistoryDetail(entryId: string | null) {
  return useQuery({
    ...endpointQuery(api.historyDetail, { params: { orderId: entryId ?? '' } }),
    enabled: entryId !== null,
  });
}

/* ---------- document links of an order ---------- */

export function useOrderDocuments(orderId: string) {
  return useQuery({ ...endpointQuery(api.orderDocuments, { params: { orderId } }), enabled: orderId !== '' });
}

/**
 * POST /document/{orderId}?doctorId&patientId: files attached to an order by its patient or its assigned doctor (who
 * sends `doctorId`, and the order's `patientId`, spec §6). Parts matched by position: typeExams, displayNames, ids
 * (empty: new files), then the files.
 */
export function uploadOrderDocuments(
  orderId: string,
  files: readonly OutgoingFile[],
  query: { doctorId?: string; patientId?: string } = {},
) {
  const form = new FormData();
  for (const entry of files) {
    form.append('typeExams', String(entry.typeExam));
    form.append('displayNames', entry.displayName.trim());
    form.append('ids', '');
  }
  for (const entry of files) form.append('files', entry.file, entry.file.name);
  return apiRequest(api.uploadOrderDocuments, { params: { orderId }, query, body: form });
}

export function createDocumentLink(orderId: string, link: string, displayName: string) {
  return apiRequest(api.createDocumentLink, {
    params: { orderId },
    body: { link, ...(displayName.trim() ? { displayName: displayName.trim() } : {}) },
  });
}

export function deleteDocumentLink(id: string) {
  return apiRequest(api.deleteDocumentLink, { params: { id } });
}

/* ---------- the people whose records I may see (the relatives domain's calls) ---------- */
