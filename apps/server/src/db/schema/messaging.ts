import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';

/** A file sent with an e-mail (a calendar invitation), kept with a queued message until it is delivered. */
export interface StoredAttachment {
  filename: string;
  content: string;
  contentType: string;
  /** `base64` for a binary file (a PDF); absent: `content` is the text itself. */
  encoding?: 'base64';
}

/**
 * Every SMS and e-mail the app sends, and the queue of those still to go (decision 011). A message written in the same
 * transaction as what it tells about (a booking) waits with `next_attempt_at` set; the dispatcher delivers it after the
 * answer, with retries. `next_attempt_at` null means nothing more will be tried: delivered, kept (no transport set up,
 * development) or given up (`last_error` says why). Outside production GET /api/dev/outbox reads it.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    attachments: jsonb('attachments').$type<StoredAttachment[]>(),
    delivered: boolean('delivered').notNull().default(false),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the message tells about, once (issue 12): `order:<id>:<event>:<version>:<recipient id>:<channel>`, the version being the one the change made. A retried
     * or replayed change writes the same key, and the insert does nothing (ON CONFLICT DO NOTHING). Null for one-time
     * codes and the booking confirmation, which are written once by construction.
     */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    index('outbox_recipient_created').on(t.recipient, t.createdAt),
    index('outbox_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
    check('outbox_channel', sql`${t.channel} in ('sms', 'email')`),
    unique('outbox_dedupe_key').on(t.dedupeKey),
  ],
);
