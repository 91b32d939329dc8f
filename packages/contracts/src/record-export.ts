import { z } from 'zod/mini';
import { AppLanguageSchema } from './accounts.ts';
import { lazySchema } from './lazy-schema.ts';

/*
 * The export of a person's whole record (issue 53, decision 053): one zip archive with a readable summary (summary.pdf,
 * in the requester's language), the FHIR R4 Bundle of the same data (fhir-bundle.json) and the record's files (files/…),
 * built in the background and kept for a week. Messages are keys of the `errors` namespace.
 */

/** The states of an export: built in the background (`preparing`), then `ready` to download until it `expired`, or `failed`. */
export const RECORD_EXPORT_STATUSES = ['preparing', 'ready', 'failed', 'expired'] as const;
export type RecordExportStatus = (typeof RECORD_EXPORT_STATUSES)[number];

/** How long a ready archive may be downloaded: 7 days. */
export const RECORD_EXPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Exports one account may ask for in an hour (each reads the whole record and copies every file). */
export const RECORD_EXPORTS_PER_HOUR = 3;
/** The archive's media type. */
export const RECORD_EXPORT_MEDIA_TYPE = 'application/zip';

export const RecordExportSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    profileId: z.string(),
    language: AppLanguageSchema,
    status: z.enum(RECORD_EXPORT_STATUSES),
    /** 0–100 while preparing; 100 once ready. */
    progress: z.number(),
    /** The archive's size once ready. */
    bytes: z.nullable(z.number()),
    createdAt: z.string(),
    readyAt: z.nullable(z.string()),
    /** Until when a ready archive may be downloaded. */
    expiresAt: z.nullable(z.string()),
  }),
);
export type RecordExport = z.infer<typeof RecordExportSchema>;

export const RecordExportProfileParamsSchema = lazySchema(() => z.object({ profileId: z.uuid({ error: 'validation.invalid' }) }));
export const RecordExportFileParamsSchema = lazySchema(() =>
  z.object({ profileId: z.uuid({ error: 'validation.invalid' }), exportId: z.uuid({ error: 'validation.invalid' }) }),
);

export const RecordExportCreatedSchema = lazySchema(() => z.object({ export: RecordExportSchema }));
export const RecordExportListSchema = lazySchema(() => z.object({ exports: z.array(RecordExportSchema) }));
