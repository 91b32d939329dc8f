import { z } from 'zod/mini';
import { defineEndpoints } from '../endpoint.ts';
import { lazySchema } from '../lazy-schema.ts';

export const OutboxMessageSchema = lazySchema(() =>
  z.object({
    channel: z.enum(['sms', 'email']),
    to: z.string(),
    subject: z.nullable(z.string()),
    text: z.string(),
    /** Handed to SMTP or the SMS gateway; false while queued, when none is set up, or when given up. */
    delivered: z.boolean(),
    /** Still queued: a delivery will be tried (again). */
    pending: z.boolean(),
    attempts: z.int(),
    lastError: z.nullable(z.string()),
    /** File names of what goes with an e-mail (a booking's calendar invitation). */
    attachments: z.array(z.string()),
    createdAt: z.iso.datetime(),
  }),
);
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
    query: z.object({ to: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)) }),
    response: z.array(OutboxMessageSchema),
  },
  advanceClock: {
    method: 'POST',
    path: '/dev/clock',
    summary: "Move this server's clock forward by advanceMs (0 resets it); the offset is process-wide (development only)",
    auth: false,
    body: z.strictObject({ advanceMs: z.int().check(z.gte(-WEEK_MS), z.lte(WEEK_MS)) }),
    response: z.object({ offsetMs: z.int(), now: z.iso.datetime() }),
  },
  runReminders: {
    method: 'POST',
    path: '/dev/reminders',
    summary: 'Send the reminders due now without waiting for the sweep (development only)',
    auth: false,
    response: z.object({ queued: z.int() }),
  },
  runAccountDeletions: {
    method: 'POST',
    path: '/dev/account-deletions',
    summary: 'Carry out the account deletions due now without waiting for the sweep (development only)',
    auth: false,
    response: z.object({ erased: z.int() }),
  },
});
