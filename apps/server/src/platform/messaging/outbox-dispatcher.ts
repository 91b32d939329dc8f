import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/index.ts';
import type { Carriers } from './messaging.ts';

/** Wait before the next try, by the number of tries made: 1 min, 5 min, 30 min, 2 h; then the message is given up. */
const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
/** Tries of one message before it is given up (its last error stays on the row). */
export const OUTBOX_MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/**
 * A claimed message is not offered again for this long: the time one delivery may take. A process that dies while
 * delivering leaves its messages to be tried again after it (at-least-once: such a message can arrive twice).
 */
const CLAIM_LEASE_MS = 2 * 60_000;
const BATCH_SIZE = 50;
/**
 * A wake-up waits this long before it looks for due messages, so that under load one batch takes the mails of many
 * bookings (two statements for the batch instead of two per mail); nobody notices a confirmation 0.2 s later.
 */
const WAKE_DELAY_MS = 200;
/** How often due messages are looked for without being woken: retries, and messages left by a stopped process. */
const POLL_MS = 30_000;

/** What may be logged of a carrier's failure: its class and code (ECONNREFUSED, EAUTH…), never its text. */
function failureKind(error: unknown): { type: string; code?: string | number } {
  const value = (error ?? {}) as { name?: unknown; code?: unknown };
  return {
    type: typeof value.name === 'string' ? value.name : typeof error,
    ...(typeof value.code === 'string' || typeof value.code === 'number' ? { code: value.code } : {}),
  };
}

export interface OutboxDispatcher {
  /** Delivers what is due soon, without waiting: called after a commit that queued a message. */
  wake(): void;
  /** Delivers every message due now, in batches; answers how many were tried. */
  runOnce(): Promise<number>;
  /** Starts the periodic look for due messages. */
  start(): void;
  /** Stops looking and waits for a delivery under way. */
  close(): Promise<void>;
}

type Claimed = Pick<typeof outboxMessages.$inferSelect, 'id' | 'channel' | 'recipient' | 'subject' | 'body' | 'attachments' | 'attempts'>;

/**
 * Delivers queued messages after the answer that queued them (decision 011). Batches are claimed with FOR UPDATE SKIP
 * LOCKED, so several server instances share the queue without sending a message twice.
 */
export function createOutboxDispatcher(deps: {
  db: Db;
  carriers: Carriers;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  pollMs?: number;
}): OutboxDispatcher {
  const { db, carriers, clock, log } = deps;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let wakeTimer: NodeJS.Timeout | undefined;
  let closed = false;

  async function claim(now: Date): Promise<Claimed[]> {
    const due = db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(lte(outboxMessages.nextAttemptAt, now))
      .orderBy(asc(outboxMessages.nextAttemptAt))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    return db
      .update(outboxMessages)
      .set({ attempts: sql`${outboxMessages.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
      .where(inArray(outboxMessages.id, due))
      .returning({
        id: outboxMessages.id,
        channel: outboxMessages.channel,
        recipient: outboxMessages.recipient,
        subject: outboxMessages.subject,
        body: outboxMessages.body,
        attachments: outboxMessages.attachments,
        attempts: outboxMessages.attempts,
      });
  }

  function deliver(message: Claimed): Promise<boolean> {
    if (message.channel === 'sms') return carriers.sms({ to: message.recipient, text: message.body });
    return carriers.email({
      to: message.recipient,
      subject: message.subject ?? '',
      text: message.body,
      ...(message.attachments ? { attachments: message.attachments } : {}),
    });
  }

  /** One batch: claim, deliver, and settle the delivered ones in one statement per outcome. */
  async function batch(): Promise<number> {
    const now = clock();
    const claimed = await claim(now);
    // Ids by outcome: handed to a carrier, or only kept (no carrier set up).
    const settled = new Map<boolean, number[]>([
      [true, []],
      [false, []],
    ]);
    for (const message of claimed) {
      try {
        settled.get(await deliver(message))?.push(message.id);
      } catch (error) {
        const retryIn = RETRY_DELAYS_MS[message.attempts - 1];
        const givenUp = retryIn === undefined;
        // The recipient and the text are personal data, and a carrier's error message may quote the address (an SMTP
        // rejection): the log names the message and the kind of failure only; the message itself stays on the row.
        log.warn(
          { messageId: message.id, attempts: message.attempts, givenUp, failure: failureKind(error) },
          'outbox message not delivered',
        );
        await db
          .update(outboxMessages)
          .set({
            nextAttemptAt: givenUp ? null : new Date(now.getTime() + retryIn),
            lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
          })
          .where(eq(outboxMessages.id, message.id));
      }
    }
    for (const [delivered, ids] of settled)
      if (ids.length > 0)
        await db.update(outboxMessages).set({ delivered, nextAttemptAt: null, lastError: null }).where(inArray(outboxMessages.id, ids));
    return claimed.length;
  }

  async function drain(): Promise<number> {
    let tried = 0;
    for (;;) {
      again = false;
      const count = await batch();
      tried += count;
      if (count < BATCH_SIZE && !again) return tried;
    }
  }

  function run(): Promise<void> {
    running ??= drain()
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, 'outbox dispatch failed'),
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    wake() {
      if (closed) return;
      wakeTimer ??= setTimeout(() => {
        wakeTimer = undefined;
        // A batch under way may have claimed before this message was committed: it looks once more when it is done.
        if (running) again = true;
        else void run();
      }, WAKE_DELAY_MS);
    },
    async runOnce() {
      await running;
      return drain();
    },
    start() {
      timer = setInterval(() => void run(), deps.pollMs ?? POLL_MS);
      timer.unref();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      clearTimeout(wakeTimer);
      await running;
    },
  };
}
