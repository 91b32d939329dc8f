import type { OutboxMessage } from '@rhc/contracts';
import { normalizeVietnamesePhone } from '@rhc/domain';
import type { Outbox } from '../../platform/messaging/messaging.ts';

/** Development only (never served when NODE_ENV=production): the messages the app "sent", read back. */
export function createDevService(deps: { outbox: Outbox }) {
  return {
    /** The newest messages to a phone (any spelling) or an e-mail address. */
    async outbox(to: string): Promise<OutboxMessage[]> {
      const recipient = to.includes('@') ? to.toLowerCase() : normalizeVietnamesePhone(to);
      const rows = await deps.outbox.latest(recipient);
      return rows.map((row) => ({
        channel: row.channel as OutboxMessage['channel'],
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        delivered: row.delivered,
        pending: row.nextAttemptAt !== null,
        attempts: row.attempts,
        lastError: row.lastError,
        attachments: (row.attachments ?? []).map((file) => file.filename),
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}
export type DevService = ReturnType<typeof createDevService>;
