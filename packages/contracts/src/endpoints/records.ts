import { z } from 'zod/mini';
import { defineEndpoints, endpointPath } from '../endpoint.ts';
import {
  DiseaseInfoSchema,
  DocumentIdParamsSchema,
  DocumentLinkBodySchema,
  DocumentLinkDeletedSchema,
  DocumentLinkSchema,
  DocumentParamsSchema,
  DocumentUploadQuerySchema,
  ExamInfoPrescriptionSchema,
  HistoryDetailSchema,
  HistoryPageSchema,
  HistoryPersonParamsSchema,
  HistoryQuerySchema,
  OrderDocumentsSchema,
  OrderIdParamSchema,
  RecordDeletedSchema,
  RecordDetailSchema,
  RecordListQuerySchema,
  RecordPageSchema,
  RecordParamsSchema,
  RecordUserParamsSchema,
  ResultRangeQuerySchema,
  ResultsInRangeSchema,
  StorageUsageSchema,
} from '../records.ts';

/**
 * Health records, documents, document links and examination history (spec §7 "Documents and records"; issue 15,
 * decision 024). Multipart parts and their order: see RecordMultipartFieldsSchema and ORDER_DOCUMENT_PARTS.
 */
export const recordsEndpoints = defineEndpoints('records', {
  /* ---------- files ---------- */
  document: {
    method: 'GET',
    path: '/document/:id',
    summary: 'Downloads a document (record or order file) I may see: attachment (images inline), X-Content-Type-Options: nosniff',
    auth: true,
    params: DocumentIdParamsSchema,
    produces: 'application/octet-stream',
    response: z.string().check(z.describe('The file')),
  },
  uploadOrderDocuments: {
    method: 'POST',
    path: '/document/:orderId',
    summary:
      'Attaches files to an order (its patient or its assigned doctor; multipart parts typeExams, ids, fileIds, names, displayNames, then files), answers the documents',
    auth: true,
    params: OrderIdParamSchema,
    query: DocumentUploadQuerySchema,
    consumes: 'multipart/form-data',
    response: OrderDocumentsSchema,
    status: 201,
  },
  deleteDocument: {
    method: 'DELETE',
    path: '/document/:orderId/:fileId',
    summary: "Deletes a file of an order or of a record (orderId is the order's or the record's id), answers the documents",
    auth: true,
    params: DocumentParamsSchema,
    response: OrderDocumentsSchema,
  },
  orderDocuments: {
    method: 'GET',
    path: '/documents/:orderId',
    summary: 'The files and links of an order (its patient, holder, a follower with the sections, or its assigned doctor)',
    auth: true,
    params: OrderIdParamSchema,
    response: OrderDocumentsSchema,
  },
  storageUsage: {
    method: 'GET',
    path: '/storage-usage/:userId',
    summary: "How much of a person's storage quota their files use",
    auth: true,
    params: RecordUserParamsSchema,
    response: StorageUsageSchema,
  },

  /* ---------- records (spec §2 "Health record screen") ---------- */
  records: {
    method: 'GET',
    path: '/order-record-data/:userId',
    summary: "A person's health records, newest day first (paged)",
    auth: true,
    params: RecordUserParamsSchema,
    query: RecordListQuerySchema,
    response: RecordPageSchema,
  },
  createRecord: {
    method: 'POST',
    path: '/order-record-data/:userId',
    summary: 'Creates a record with its files, all or nothing (multipart: recordDataInfo, fileInfos, then files)',
    auth: true,
    params: RecordUserParamsSchema,
    consumes: 'multipart/form-data',
    response: RecordDetailSchema,
    status: 201,
  },
  record: {
    method: 'GET',
    path: '/order-record-data/:userId/:orderId',
    summary: 'A record and the files I may see',
    auth: true,
    params: RecordParamsSchema,
    response: RecordDetailSchema,
  },
  updateRecord: {
    method: 'PUT',
    path: '/order-record-data/:userId/:orderId',
    summary: "Changes a record's information and adds files, all or nothing (multipart: recordDataInfo, fileInfos, then files)",
    auth: true,
    params: RecordParamsSchema,
    consumes: 'multipart/form-data',
    response: RecordDetailSchema,
  },
  deleteRecord: {
    method: 'DELETE',
    path: '/order-record-data/:userId/:orderId',
    summary: 'Deletes a record and its files',
    auth: true,
    params: RecordParamsSchema,
    response: RecordDeletedSchema,
  },

  /* ---------- document links ---------- */
  createDocumentLink: {
    method: 'POST',
    path: '/documentLink/:orderId',
    summary: 'Adds a link (http or https) to an order',
    auth: true,
    params: OrderIdParamSchema,
    body: DocumentLinkBodySchema,
    response: DocumentLinkSchema,
    status: 201,
  },
  deleteDocumentLink: {
    method: 'DELETE',
    path: '/documentLink/:id',
    summary: 'Removes a link of an order',
    auth: true,
    params: DocumentIdParamsSchema,
    response: DocumentLinkDeletedSchema,
  },

  /* ---------- examination history ---------- */
  history: {
    method: 'GET',
    path: '/history-examination-information_new/:id',
    summary: "A person's examination history (records and completed orders) with every filter of spec §3, paged",
    auth: true,
    params: HistoryPersonParamsSchema,
    query: HistoryQuerySchema,
    response: HistoryPageSchema,
  },
  historyDetail: {
    method: 'GET',
    path: '/history-examination/:orderId',
    summary: 'One history entry (a record or a completed order) with its files and links',
    auth: true,
    params: OrderIdParamSchema,
    response: HistoryDetailSchema,
  },
  examInfoPrescription: {
    method: 'GET',
    path: '/exam-info-prescription/:orderId',
    summary: "An examination's information and its prescription files",
    auth: true,
    params: OrderIdParamSchema,
    response: ExamInfoPrescriptionSchema,
  },
  diseaseInfo: {
    method: 'GET',
    path: '/disease-info/:orderId',
    summary: "An examination's reason and note",
    auth: true,
    params: OrderIdParamSchema,
    response: DiseaseInfoSchema,
  },
  resultsInRange: {
    method: 'GET',
    path: '/examination-result-in-time-range/:id',
    summary: "A person's test and imaging results between two days (at most 365 days apart)",
    auth: true,
    params: HistoryPersonParamsSchema,
    query: ResultRangeQuerySchema,
    response: ResultsInRangeSchema,
  },
});

/** The download path of a document (spec `dowloadUri`). */
export function documentUri(documentId: string): string {
  return endpointPath(recordsEndpoints.document, { id: documentId });
}
