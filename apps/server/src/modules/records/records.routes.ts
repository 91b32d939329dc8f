import { endpoints } from '@rhc/contracts';
import { FILE_MAX_BYTES, FIVE_FILE_TOTAL_MAX_BYTES, ORDER_DOCUMENTS_MODE, RECORD_MAX_FILES_PER_REQUEST } from '@rhc/domain';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { readForm, refuseDeclaredOver } from '../../platform/http/multipart-form.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { route, standingOf } from '../../platform/http/route.ts';
import type { ModuleOptions } from '../../services.ts';

/** Room for the multipart boundaries, part headers and the JSON fields around the files. */
const MULTIPART_OVERHEAD_BYTES = 256 * 1024;
/** A record request: two areas (prescription, documents), each at most 10485760 bytes together (5-file mode). */
const RECORD_BODY_MAX_BYTES = 2 * FIVE_FILE_TOTAL_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;
const ORDER_BODY_MAX_BYTES = ORDER_DOCUMENTS_MODE * FILE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;
/** A JSON field (recordDataInfo, fileInfos) or a text part is small; more is refused by the parser. */
const FIELD_MAX_BYTES = 64 * 1024;
const PART_SIZES = { fileSize: FILE_MAX_BYTES, fieldSize: FIELD_MAX_BYTES };

const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/** RFC 5987 / 6266: an ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The name a download is saved under: the display name, with the original file's extension when it has none. */
function downloadName(name: string, originalName: string): string {
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(originalName)?.[0] ?? '';
  return extension && !name.toLowerCase().endsWith(extension.toLowerCase()) ? `${name}${extension}` : name;
}

/** HTTP only: each entry of `endpoints.records` handed to the records service (issue 15, decision 024). */
export const recordsRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { records } }) => {
  const api = endpoints.records;

  /* ---------- files ---------- */

  route(app, api.document, async (request, reply) => {
    const file = await records.download(actorOf(request), request.params.id, metaOf(request));
    const inline = INLINE_TYPES.has(file.mediaType);
    return reply
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', downloadName(file.name, file.originalName)))
      .header('Content-Length', String(file.size))
      .type(file.mediaType)
      .send(file.stream);
  });

  route(app, api.uploadOrderDocuments, async (request, reply) => {
    const actor = actorOf(request);
    const form = await records.orderUpload(actor, request.params.orderId, request.query, metaOf(request));
    refuseDeclaredOver(request, ORDER_BODY_MAX_BYTES, 'FILES_TOTAL_TOO_LARGE');
    return readForm(request, reply, form, { ...PART_SIZES, files: ORDER_DOCUMENTS_MODE, fields: ORDER_DOCUMENTS_MODE * 5 });
  });

  route(app, api.deleteDocument, (request) =>
    records.deleteFile(actorOf(request), request.params.orderId, request.params.fileId, metaOf(request)),
  );
  route(app, api.orderDocuments, (request) => records.orderDocuments(actorOf(request), request.params.orderId, metaOf(request)));
  route(app, api.storageUsage, (request) => records.storageUsage(request.params.userId));

  /* ---------- records ---------- */

  route(app, api.records, (request) => records.records(request.params.userId, request.query.page, request.query.size));

  route(app, api.createRecord, async (request, reply) => {
    const actor = actorOf(request);
    const form = await records.recordUpload(actor, request.params.userId, null, standingOf(request), metaOf(request));
    refuseDeclaredOver(request, RECORD_BODY_MAX_BYTES, 'FILES_TOTAL_TOO_LARGE');
    return readForm(request, reply, form, { ...PART_SIZES, files: RECORD_MAX_FILES_PER_REQUEST, fields: 2 });
  });

  route(app, api.record, (request) => records.record(request.params.userId, request.params.orderId, standingOf(request)));

  route(app, api.updateRecord, async (request, reply) => {
    const actor = actorOf(request);
    const form = await records.recordUpload(actor, request.params.userId, request.params.orderId, standingOf(request), metaOf(request));
    refuseDeclaredOver(request, RECORD_BODY_MAX_BYTES, 'FILES_TOTAL_TOO_LARGE');
    return readForm(request, reply, form, { ...PART_SIZES, files: RECORD_MAX_FILES_PER_REQUEST, fields: 2 });
  });

  route(app, api.deleteRecord, (request) =>
    records.deleteRecord(actorOf(request), request.params.userId, request.params.orderId, metaOf(request)),
  );

  /* ---------- document links ---------- */

  route(app, api.createDocumentLink, (request) =>
    records.createLink(actorOf(request), request.params.orderId, request.body, metaOf(request)),
  );
  route(app, api.deleteDocumentLink, (request) => records.deleteLink(actorOf(request), request.params.id, metaOf(request)));

  /* ---------- examination history ---------- */

  route(app, api.history, (request) => records.history(request.params.id, request.query));
  route(app, api.historyDetail, (request) => records.historyDetail(request.params.orderId, actorOf(request).userId, standingOf(request)));
  route(app, api.examInfoPrescription, (request) =>
    records.examInfoPrescription(request.params.orderId, actorOf(request).userId, standingOf(request)),
  );
  route(app, api.diseaseInfo, (request) => records.diseaseInfo(request.params.orderId));
  route(app, api.resultsInRange, (request) =>
    records.resultsInRange(request.params.id, actorOf(request).userId, request.query, standingOf(request), metaOf(request)),
  );
};
