import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';

export const OutboxMessageSchema = z.object({
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
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/** The furthest the development clock moves in one call. */
const WEEK_MS = 7 * 24 * 3600_000;

/** Development only: never served when NODE_ENV=production. */
export const devEndpoints = defineEndpoints('dev', {
  outbox: {
    method: 'GET',
    path: '/dev/outbox',
    summary: 'Newest messages sent to a phone or e-mail (development only)',
    auth: false,
    query: z.object({ to: z.string().trim().min(1).max(254) }),
    response: z.array(OutboxMessageSchema),
  },
  advanceClock: {
    method: 'POST',
    path: '/dev/clock',
    summary: "Move this server's clock forward by advanceMs (0 resets it); the offset is process-wide (development only)",
    auth: false,
    body: z.object({ advanceMs: z.number().int().min(-WEEK_MS).max(WEEK_MS) }).strict(),
    response: z.object({ offsetMs: z.number().int(), now: z.iso.datetime() }),
  },
  runReminders: {
    method: 'POST',
    path: '/dev/reminders',
    summary: 'Send the reminders due now without waiting for the sweep (development only)',
    auth: false,
    response: z.object({ queued: z.number().int() }),
  },
});
