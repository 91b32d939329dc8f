import { and, desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/index.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the mail (a calendar invitation); the outbox keeps only the text. */
  attachments?: { filename: string; content: string; contentType: string }[];
}
export interface OutgoingSms {
  to: string;
  text: string;
}
export interface MailSender {
  send(mail: OutgoingMail): Promise<void>;
}
export interface SmsSender {
  send(sms: OutgoingSms): Promise<void>;
}

/**
 * The development outbox: every message is stored (and readable at GET /api/dev/outbox outside production).
 * Real senders also record what they delivered, so the outbox shows the whole traffic.
 */
export function createOutbox(db: Db) {
  return {
    async add(message: { channel: 'sms' | 'email'; recipient: string; subject?: string; body: string; delivered: boolean }) {
      await db.insert(outboxMessages).values({ ...message, subject: message.subject ?? null });
    },
    async latest(recipient: string, limit = 20) {
      return db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.recipient, recipient)))
        .orderBy(desc(outboxMessages.id))
        .limit(limit);
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;

export interface MailConfig {
  smtpUrl?: string;
  from: string;
}

/** nodemailer over SMTP when SMTP_URL is set; otherwise messages stay in the outbox. */
export function createMailSender(outbox: Outbox, config: MailConfig): MailSender {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  return {
    async send(mail) {
      if (transport)
        await transport.sendMail({
          from: config.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.attachments ? { attachments: mail.attachments } : {}),
        });
      await outbox.add({ channel: 'email', recipient: mail.to, subject: mail.subject, body: mail.text, delivered: !!transport });
    },
  };
}

export interface SmsConfig {
  /** An HTTP gateway taking POST { to, text } as JSON with a bearer key; unset → outbox only. */
  gatewayUrl?: string;
  gatewayKey?: string;
}

export function createSmsSender(outbox: Outbox, config: SmsConfig): SmsSender {
  return {
    async send(sms) {
      if (config.gatewayUrl) {
        const response = await fetch(config.gatewayUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(config.gatewayKey ? { authorization: `Bearer ${config.gatewayKey}` } : {}) },
          body: JSON.stringify({ to: sms.to, text: sms.text }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
      }
      await outbox.add({ channel: 'sms', recipient: sms.to, body: sms.text, delivered: !!config.gatewayUrl });
    },
  };
}
