import { z } from 'zod/mini';
import { defineEndpoints } from '../endpoint.ts';
import { ConvertBodySchema, OrderExportParamsSchema, OrderExportQuerySchema, SentMailBodySchema, SentMailSchema } from '../order-export.ts';
import { lazySchema } from '../lazy-schema.ts';

const FILE = lazySchema(() => z.string().check(z.describe('application/pdf or a Word document (.docx)')));

/**
 * The order as PDF or Word, and by e-mail (issue 17, spec §7). Who: the order's patient (its booker, or the person or
 * manager of its profile), its assigned doctor, a follower granted `prescriptions`; anyone else 404.
 */
export const orderExportEndpoints = defineEndpoints('orderExport', {
  file: {
    method: 'GET',
    path: '/order-export/:orderId',
    summary:
      'The order (patient, doctor with licence number, clinic, date, diagnosis, prescription table, re-exam date, advice) as a PDF or a Word file in `language` (else the request language); an attachment',
    auth: true,
    access: { audit: 'clinical.read', view: 'export', order: { param: 'orderId', as: 'party', section: 'prescriptions' } },
    params: OrderExportParamsSchema,
    query: OrderExportQuerySchema,
    // application/pdf or application/vnd.openxmlformats-officedocument.wordprocessingml.document, as `format` asks.
    produces: 'application/*',
    response: FILE,
  },
  convert: {
    method: 'POST',
    path: '/convert',
    summary: 'The same file as GET /order-export/{orderId}, asked for with a JSON body { orderId, language, format }',
    auth: true,
    access: { audit: 'clinical.read', view: 'export', order: { param: 'orderId', as: 'party', section: 'prescriptions' } },
    body: ConvertBodySchema,
    produces: 'application/*',
    response: FILE,
  },
  sentMail: {
    method: 'POST',
    path: '/sent-mail',
    summary:
      "The order's PDF by e-mail to the patient's address or a typed one, in `language`: queued in the outbox and delivered over SMTP; 429 EXPORT_MAIL_TOO_MANY past 10 an hour per account; audited",
    auth: true,
    access: { audit: 'order.mail', order: { param: 'orderId', as: 'party', section: 'prescriptions' } },
    body: SentMailBodySchema,
    response: SentMailSchema,
  },
});
