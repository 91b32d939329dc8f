import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userNotifications } from '../../db/schema/index.ts';
import { recordInApp } from '../../platform/messaging/in-app.ts';
import { createPatient } from '../../../test/booking-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { ANY_KEPT_DAYS, createNotificationPrune, createNotificationsService, READ_KEPT_DAYS } from './notifications.service.ts';

const DAY = 86_400_000;

/** The prune task the app runs hourly, on the test's database and clock, with small batches. */
function pruneOf(ctx: TestContext, batchSize = 500, maxBatches = 20) {
  const db = ctx.database.db;
  const service = createNotificationsService({
    db,
    orders: { awaitingConfirmation: () => Promise.resolve(0) },
    deny: () => Promise.reject(new Error('the prune refuses no request')),
  });
  return createNotificationPrune({
    prune: (now, limit) => service.prune(now, limit),
    clock: () => ctx.clock.now(),
    log: { warn: () => undefined },
    batchSize,
    maxBatches,
  });
}

/** Records a notice for `userId` now (by the test's clock), read at once when `read`; answers its id. */
async function notice(ctx: TestContext, userId: string, name: string, read: boolean): Promise<number> {
  const now = ctx.clock.now();
  await recordInApp(
    ctx.database.db,
    [{ userId, event: 'notifications:inApp.fallback', orderId: null, params: {}, dedupeKey: `prune-test:${name}` }],
    now,
  );
  const [row] = await ctx.database.db
    .update(userNotifications)
    .set({ readAt: read ? now : null })
    .where(eq(userNotifications.dedupeKey, `prune-test:${name}`))
    .returning({ id: userNotifications.id });
  if (!row) throw new Error('notice not stored');
  return row.id;
}

async function remaining(ctx: TestContext, userId: string): Promise<number[]> {
  const rows = await ctx.database.db
    .select({ id: userNotifications.id })
    .from(userNotifications)
    .where(eq(userNotifications.userId, userId))
    .orderBy(userNotifications.id);
  return rows.map((row) => row.id);
}

describeOnEachDatabase((context) => {
  describe('pruning the bell’s notifications (issue 12)', () => {
    it(`deletes read ones after ${READ_KEPT_DAYS} days and any after ${ANY_KEPT_DAYS}, keeping the rest`, async () => {
      const ctx = context();
      const patient = await createPatient(ctx);
      const oldRead = await notice(ctx, patient.userId, 'old-read', true);
      const oldUnread = await notice(ctx, patient.userId, 'old-unread', false);
      ctx.clock.advance(READ_KEPT_DAYS * DAY - 1000);
      const prune = pruneOf(ctx);
      // Not yet 90 days: nothing goes.
      expect(await prune.runOnce()).toBe(0);
      const laterRead = await notice(ctx, patient.userId, 'later-read', true);
      ctx.clock.advance(2000);
      expect(await prune.runOnce()).toBe(1);
      expect(await remaining(ctx, patient.userId)).toEqual([oldUnread, laterRead]);
      // A year after it was made, an unread one goes too; the one read 90 days later has had its 90 days as well.
      ctx.clock.advance((ANY_KEPT_DAYS - READ_KEPT_DAYS) * DAY);
      const fresh = await notice(ctx, patient.userId, 'fresh', false);
      expect(await prune.runOnce()).toBe(2);
      expect(await remaining(ctx, patient.userId)).toEqual([fresh]);
      expect(oldRead).toBeLessThan(oldUnread);
    });

    it('works in bounded batches: a backlog goes over several runs', async () => {
      const ctx = context();
      const patient = await createPatient(ctx);
      for (let n = 0; n < 5; n += 1) await notice(ctx, patient.userId, `batch-${n}`, true);
      ctx.clock.advance((READ_KEPT_DAYS + 1) * DAY);
      const prune = pruneOf(ctx, 2, 2);
      expect(await prune.runOnce()).toBe(4);
      expect(await prune.runOnce()).toBe(1);
      expect(await prune.runOnce()).toBe(0);
      expect(await remaining(ctx, patient.userId)).toEqual([]);
    });
  });
});
