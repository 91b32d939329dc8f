import { z } from 'zod/mini';
import { defineEndpoints } from '../endpoint.ts';
import { lazySchema } from '../lazy-schema.ts';
import {
  RecordExportCreatedSchema,
  RecordExportFileParamsSchema,
  RecordExportListSchema,
  RecordExportProfileParamsSchema,
} from '../record-export.ts';

const ARCHIVE = lazySchema(() => z.string().check(z.describe('application/zip: summary.pdf, fhir-bundle.json, files/…')));

/**
 * The export of a person's record (issue 53): asked for, listed and downloaded by the person themselves or the manager
 * of a managed profile (`manage`); a watcher granted a share, or anyone else, gets 404.
 */
export const recordExportsEndpoints = defineEndpoints('recordExports', {
  create: {
    method: 'POST',
    path: '/record-exports/:profileId',
    summary:
      "Asks for an export of the person's whole record in the request's language: built in the background (status preparing, then ready with a notice, or failed); 429 RECORD_EXPORT_TOO_MANY past 3 an hour per account",
    auth: true,
    access: { audit: 'record.export', profile: { param: 'profileId', section: 'manage' } },
    stepUp: true,
    params: RecordExportProfileParamsSchema,
    status: 201,
    response: RecordExportCreatedSchema,
  },
  list: {
    method: 'GET',
    path: '/record-exports/:profileId',
    summary: "The person's exports, newest first, with their status, progress and until when a ready one may be downloaded",
    auth: true,
    access: { audit: 'record.export', view: 'list', profile: { param: 'profileId', section: 'manage' } },
    params: RecordExportProfileParamsSchema,
    response: RecordExportListSchema,
  },
  file: {
    method: 'GET',
    path: '/record-exports/:profileId/:exportId/file',
    summary:
      'A ready export as a zip archive (an attachment named with the person and the day); 409 RECORD_EXPORT_NOT_READY while preparing or failed, 410 RECORD_EXPORT_EXPIRED after 7 days',
    auth: true,
    access: {
      audit: 'record.export',
      view: 'file',
      profile: { param: 'profileId', section: 'manage' },
      object: { kind: 'recordExport', param: 'exportId', as: ['person', 'manager'] },
    },
    params: RecordExportFileParamsSchema,
    produces: 'application/zip',
    response: ARCHIVE,
  },
});
