import { okEnvelopeSchema } from '@rhc/contracts';
import { normalizeVietnamesePhone } from '@rhc/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import type { Outbox } from '../../platform/messaging/messaging.ts';

const OutboxMessageSchema = z.object({
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  /** Handed to SMTP or the SMS gateway; false while queued, when none is set up, or when given up. */
  delivered: z.boolean(),
  /** Still queued: a delivery will be tried (again). */
  pending: z.boolean(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** File names of what goes with an e-mail (a booking's calendar invitation). */
  attachments: z.array(z.string()),
  createdAt: z.iso.datetime(),
});

/** Development only (never registered when NODE_ENV=production): read the messages the app "sent". */
export const devRoutes: FastifyPluginAsyncZod<{ outbox: Outbox }> = async (app, { outbox }) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Newest messages sent to a phone or e-mail (development only)',
        querystring: z.object({ to: z.string().trim().min(1).max(254) }),
        response: { 200: okEnvelopeSchema(z.array(OutboxMessageSchema)) },
      },
    },
    async (request) => {
      const to = request.query.to.includes('@') ? request.query.to.toLowerCase() : normalizeVietnamesePhone(request.query.to);
      const rows = await outbox.latest(to);
      return ok(
        rows.map((row) => ({
          channel: row.channel as 'sms' | 'email',
          to: row.recipient,
          subject: row.subject,
          text: row.body,
          delivered: row.delivered,
          pending: row.nextAttemptAt !== null,
          attempts: row.attempts,
          lastError: row.lastError,
          attachments: (row.attachments ?? []).map((file) => file.filename),
          createdAt: row.createdAt.toISOString(),
        })),
      );
    },
  );
};
