import type { OutboxMessage } from '@rhc/contracts';
import { normalizeVietnamesePhone } from '@rhc/domain';
import { AppError } from '../../platform/http/app-error.ts';
import type { Outbox } from '../../platform/messaging/messaging.ts';
import type { DevClock } from './dev-clock.ts';

/** Development only (never served when NODE_ENV=production): the messages the app "sent", read back. */
export function createDevService(deps: {
  outbox: Outbox;
  /** The clock POST /api/dev/clock moves; absent, the time cannot be moved. */
  clock?: DevClock | undefined;
  reminders: { sendDue(now: Date): Promise<number> };
  accountDeletion: { eraseDue(now: Date): Promise<number> };
}) {
  function devClock(): DevClock {
    if (!deps.clock) throw AppError.notFound();
    return deps.clock;
  }
  return {
    /** Moves the server's time (0 resets it): end-to-end journeys reach a reminder's time without waiting. */
    async advanceClock(advanceMs: number): Promise<{ offsetMs: number; now: string }> {
      const clock = devClock();
      if (advanceMs === 0) clock.reset();
      else clock.advance(advanceMs);
      return { offsetMs: clock.offsetMs(), now: clock.now().toISOString() };
    },
    /** Sends the reminders due now (the sweep does it every minute). */
    async runReminders(): Promise<{ queued: number }> {
      return { queued: await deps.reminders.sendDue(devClock().now()) };
    },
    /** Carries out the account deletions due now (the sweep does it every hour). */
    async runAccountDeletions(): Promise<{ erased: number }> {
      return { erased: await deps.accountDeletion.eraseDue(devClock().now()) };
    },
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
