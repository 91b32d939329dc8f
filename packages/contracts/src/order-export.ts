import { z } from 'zod/mini';
import { AppLanguageSchema, EmailSchema } from './accounts.ts';
import { lazySchema } from './lazy-schema.ts';

/*
 * The order as a document (issue 17, spec §2 "download as PDF or document, send by e-mail", §7 `POST /sent-mail`,
 * `POST /convert`, `GET /order-export/` keyed by language). Messages are keys of the `errors` namespace.
 */

/** The file asked for: a PDF, or a Word document (.docx). */
export const ExportFormatSchema = lazySchema(() => z.enum(['pdf', 'docx'], { error: 'validation.choose' }));
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

/** Media types of the two files. */
export const EXPORT_MEDIA_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const satisfies Record<ExportFormat, string>;

export const OrderExportParamsSchema = lazySchema(() => z.object({ orderId: z.uuid({ error: 'validation.invalid' }) }));

/** GET /order-export/{orderId}?language&format: the language defaults to the request's (Accept-Language). */
export const OrderExportQuerySchema = lazySchema(() =>
  z.object({
    language: z.optional(AppLanguageSchema),
    format: z._default(ExportFormatSchema, 'pdf'),
  }),
);

/** POST /convert: the same file, asked for with a JSON body (the spec's variant). */
export const ConvertBodySchema = lazySchema(() =>
  z.strictObject({
    orderId: z.uuid({ error: 'validation.invalid' }),
    language: z.optional(AppLanguageSchema),
    format: z._default(ExportFormatSchema, 'pdf'),
  }),
);
export type ConvertBody = z.input<typeof ConvertBodySchema>;

/**
 * POST /sent-mail: the order's PDF to the patient's e-mail address, or to `email` when one is typed. Queued in the
 * outbox and delivered over SMTP; rate limited per account.
 */
export const SentMailBodySchema = lazySchema(() =>
  z.strictObject({
    orderId: z.uuid({ error: 'validation.invalid' }),
    language: z.optional(AppLanguageSchema),
    /** Left out: the patient's address on the booking. */
    email: z.optional(EmailSchema),
  }),
);
export type SentMailBody = z.input<typeof SentMailBodySchema>;

/** What was done: queued, and whether to the patient's own address (the address itself is not echoed). */
export const SentMailSchema = lazySchema(() =>
  z.object({
    queued: z.literal(true),
    toPatientAddress: z.boolean(),
    language: AppLanguageSchema,
  }),
);
export type SentMail = z.infer<typeof SentMailSchema>;
