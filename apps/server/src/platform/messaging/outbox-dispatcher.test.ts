import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestClock, createTestDatabase, databaseKinds, type TestClock, type TestDatabase } from '../../../test/test-app.ts';
import { outboxMessages } from '../../db/schema/index.ts';
import type { Carriers, OutgoingMail } from './messaging.ts';
import { queueMailFor } from './messaging.ts';
import { createOutboxDispatcher, OUTBOX_MAX_ATTEMPTS } from './outbox-dispatcher.ts';

const MINUTE = 60_000;

for (const kind of databaseKinds) {
  describe(`the outbox dispatcher on ${kind}`, () => {
    let test: TestDatabase;
    let clock: TestClock;
    let logged: unknown[];
    beforeAll(async () => {
      test = await createTestDatabase(kind);
    });
    afterAll(() => test.dispose());
    beforeEach(async () => {
      clock = createTestClock();
      logged = [];
      await test.database.db.delete(outboxMessages);
    });

    /** Queues a mail the way a booking does: by a statement that writes it from a row of its own. */
    async function queue(to: string): Promise<void> {
      const mail: OutgoingMail = {
        to,
        subject: 'Xác nhận lịch khám',
        text: 'Lịch khám của bạn đã được ghi nhận.',
        attachments: [{ filename: 'RHC-1.ics', content: 'BEGIN:VCALENDAR', contentType: 'text/calendar' }],
      };
      await test.database.db.execute(sql`with source as (select 1) ${queueMailFor(sql`source`, mail, clock.now())}`);
    }

    async function rows() {
      return test.database.db.select().from(outboxMessages).orderBy(outboxMessages.id);
    }

    function dispatcherWith(email: Carriers['email']) {
      return createOutboxDispatcher({
        db: test.database.db,
        carriers: { email, sms: async () => false },
        clock: clock.now,
        log: { warn: (details: unknown) => logged.push(details), error: (details: unknown) => logged.push(details) },
      });
    }

    it('hands a queued mail, with its attachment, to the carrier once', async () => {
      await queue('an.nguyen@example.vn');
      const sent: OutgoingMail[] = [];
      const dispatcher = dispatcherWith(async (mail) => (sent.push(mail), true));
      expect(await dispatcher.runOnce()).toBe(1);
      expect(await dispatcher.runOnce()).toBe(0);
      expect(sent).toMatchObject([{ to: 'an.nguyen@example.vn', attachments: [{ filename: 'RHC-1.ics', content: 'BEGIN:VCALENDAR' }] }]);
      expect(await rows()).toMatchObject([{ delivered: true, nextAttemptAt: null, attempts: 1, lastError: null }]);
    });

    it('keeps a mail as not delivered when no carrier is set up, and does not try it again', async () => {
      await queue('binh.tran@example.vn');
      const dispatcher = dispatcherWith(async () => false);
      await dispatcher.runOnce();
      clock.advance(24 * 60 * MINUTE);
      expect(await dispatcher.runOnce()).toBe(0);
      expect(await rows()).toMatchObject([{ delivered: false, nextAttemptAt: null, attempts: 1 }]);
    });

    it('tries a failed delivery again later, with the error kept, and gives up after the last try', async () => {
      await queue('chi.le@example.vn');
      let calls = 0;
      const dispatcher = dispatcherWith(async () => {
        calls += 1;
        throw new Error('SMTP 421 try again later');
      });
      await dispatcher.runOnce();
      const [first] = await rows();
      expect(first).toMatchObject({ delivered: false, attempts: 1, lastError: 'SMTP 421 try again later' });
      expect(first?.nextAttemptAt?.getTime()).toBe(clock.now().getTime() + MINUTE);
      // Not due yet: nothing is tried before the retry time.
      expect(await dispatcher.runOnce()).toBe(0);
      for (let attempt = 2; attempt <= OUTBOX_MAX_ATTEMPTS + 2; attempt += 1) {
        clock.advance(3 * 60 * 60_000);
        await dispatcher.runOnce();
      }
      expect(calls).toBe(OUTBOX_MAX_ATTEMPTS);
      // Each failure is logged, by message id: never with the address (personal data).
      expect(logged).toHaveLength(OUTBOX_MAX_ATTEMPTS);
      expect(JSON.stringify(logged)).not.toContain('chi.le@example.vn');
      expect(await rows()).toMatchObject([{ delivered: false, attempts: OUTBOX_MAX_ATTEMPTS, nextAttemptAt: null }]);
    });

    it('delivers a mail once a failing carrier recovers', async () => {
      await queue('dung.pham@example.vn');
      let up = false;
      const dispatcher = dispatcherWith(async () => {
        if (!up) throw new Error('connection refused');
        return true;
      });
      await dispatcher.runOnce();
      up = true;
      clock.advance(MINUTE);
      await dispatcher.runOnce();
      expect(await rows()).toMatchObject([{ delivered: true, attempts: 2, lastError: null, nextAttemptAt: null }]);
    });

    it('shares the queue between two instances without sending any mail twice', async () => {
      const recipients = Array.from({ length: 45 }, (_, i) => `nguoi${i}@example.vn`);
      for (const to of recipients) await queue(to);
      const sent: string[] = [];
      const carrier = async (mail: OutgoingMail) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        sent.push(mail.to);
        return true;
      };
      const [a, b] = [dispatcherWith(carrier), dispatcherWith(carrier)];
      const tried = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(tried[0] + tried[1]).toBe(recipients.length);
      expect(sent.toSorted()).toEqual(recipients.toSorted());
    });

    it('delivers on its own after wake(), and close() waits for a delivery under way', async () => {
      await queue('em.vo@example.vn');
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let entered: () => void = () => undefined;
      const inCarrier = new Promise<void>((resolve) => (entered = resolve));
      const dispatcher = dispatcherWith(async () => {
        entered();
        await gate;
        return true;
      });
      dispatcher.wake();
      await inCarrier;
      let closed = false;
      const closing = dispatcher.close().then(() => (closed = true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(closed).toBe(false);
      release();
      await closing;
      expect(await rows()).toMatchObject([{ delivered: true, nextAttemptAt: null }]);
    });
  });
}
