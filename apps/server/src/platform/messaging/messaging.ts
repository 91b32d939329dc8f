import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { outboxMessages, type StoredAttachment } from '../../db/schema/index.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the mail (a calendar invitation). */
  attachments?: StoredAttachment[];
}
export interface OutgoingSms {
  to: string;
  text: string;
}

/** Hands a message to its carrier: true when it went out, false when no carrier is set up (the message is only kept). */
export type Carrier<M> = (message: M) => Promise<boolean>;
export interface Carriers {
  email: Carrier<OutgoingMail>;
  sms: Carrier<OutgoingSms>;
}

export interface MailConfig {
  smtpUrl?: string;
  from: string;
}

/** nodemailer over SMTP when SMTP_URL is set; otherwise nothing goes out and messages stay in the outbox. */
export function createMailCarrier(config: MailConfig): Carrier<OutgoingMail> {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  return async (mail) => {
    if (!transport) return false;
    await transport.sendMail({
      from: config.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.attachments ? { attachments: mail.attachments } : {}),
    });
    return true;
  };
}

export interface SmsConfig {
  /** An HTTP gateway taking POST { to, text } as JSON with a bearer key; unset → outbox only. */
  gatewayUrl?: string;
  gatewayKey?: string;
}

export function createSmsCarrier(config: SmsConfig): Carrier<OutgoingSms> {
  return async (sms) => {
    if (!config.gatewayUrl) return false;
    const response = await fetch(config.gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(config.gatewayKey ? { authorization: `Bearer ${config.gatewayKey}` } : {}) },
      body: JSON.stringify({ to: sms.to, text: sms.text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    return true;
  };
}

/**
 * The outbox (decision 011): every message the app sends is a row. Sent-now messages (a one-time code the person waits
 * for) are recorded after delivery; queued ones are written by the statement that writes what they tell about, and
 * delivered by the dispatcher. Outside production GET /api/dev/outbox reads it.
 */
export function createOutbox(db: Db) {
  return {
    async record(message: { channel: 'sms' | 'email'; recipient: string; subject?: string; body: string; delivered: boolean }) {
      await db.insert(outboxMessages).values({ ...message, subject: message.subject ?? null });
    },
    async latest(recipient: string, limit = 20) {
      return db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient)).orderBy(desc(outboxMessages.id)).limit(limit);
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;

/**
 * A statement part that queues an e-mail, one row for each row of `source` (a CTE of the same statement): the mail is
 * stored exactly when what it tells about is, and is due at `at`.
 */
export function queueMailFor(source: SQL, mail: OutgoingMail, at: Date): SQL {
  const instant = at.toISOString();
  return sql`insert into outbox_messages (channel, recipient, subject, body, attachments, next_attempt_at, created_at)
    select 'email', ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.attachments ? JSON.stringify(mail.attachments) : null}::jsonb,
      ${instant}::timestamptz, ${instant}::timestamptz
    from ${source}`;
}

export interface MailSender {
  send(mail: OutgoingMail): Promise<void>;
}
export interface SmsSender {
  send(sms: OutgoingSms): Promise<void>;
}

/** Sends an e-mail now (a failure is the caller's to report) and records it. */
export function createMailSender(outbox: Outbox, carrier: Carrier<OutgoingMail>): MailSender {
  return {
    async send(mail) {
      const delivered = await carrier(mail);
      await outbox.record({ channel: 'email', recipient: mail.to, subject: mail.subject, body: mail.text, delivered });
    },
  };
}

/** Sends an SMS now (a failure is the caller's to report) and records it. */
export function createSmsSender(outbox: Outbox, carrier: Carrier<OutgoingSms>): SmsSender {
  return {
    async send(sms) {
      const delivered = await carrier(sms);
      await outbox.record({ channel: 'sms', recipient: sms.to, body: sms.text, delivered });
    },
  };
}

/** A message told to one person about one change (issue 12), queued in the transaction of that change. */
export interface QueuedMessage {
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  /** Unique: a retried or replayed change writes the same key, and the message is not queued again. */
  dedupeKey: string;
}

/**
 * A statement that queues `messages`, due at `at`, once for each row of `source` when given (a CTE of the same
 * statement, e.g. a new booking), else once; a message whose dedupe key is already queued is skipped.
 */
export function queueMessages(messages: readonly QueuedMessage[], at: Date, source?: SQL): SQL {
  const instant = at.toISOString();
  const rows = sql.join(
    messages.map(
      (message) =>
        sql`(${message.channel}, ${message.recipient}, ${message.subject}, ${message.body}, ${instant}::timestamptz, ${instant}::timestamptz, ${message.dedupeKey})`,
    ),
    sql`, `,
  );
  return sql`insert into outbox_messages (channel, recipient, subject, body, next_attempt_at, created_at, dedupe_key)
    select m.* from (values ${rows}) as m (channel, recipient, subject, body, next_attempt_at, created_at, dedupe_key)${
      source ? sql` cross join (select 1 from ${source}) as s` : sql``
    }
    on conflict (dedupe_key) do nothing`;
}

/**
 * An account's erasure (decision 052): the messages addressed to the person's phone and e-mail, sent or queued, in the
 * erasure's transaction; nothing is sent to them afterwards and the outbox keeps no copy of what they were told.
 */
export async function forgetRecipients(db: Db, recipients: readonly string[]): Promise<number> {
  if (recipients.length === 0) return 0;
  const gone = await db
    .delete(outboxMessages)
    .where(inArray(outboxMessages.recipient, [...recipients]))
    .returning({ id: outboxMessages.id });
  return gone.length;
}
