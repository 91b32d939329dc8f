import type { InAppNotification, NotificationPage, NotificationsRead } from '@rhc/contracts';
import type { Language } from '@rhc/i18n';
import type { Db } from '../../db/client.ts';
import type { AccessGate } from '../../platform/access/gate.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { translatorFor } from '../../platform/i18n/request-language.ts';
import { inBatches, periodicTask, type BatchedTaskDeps, type PeriodicTask } from '../../platform/jobs/periodic-task.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { createNotificationsRepository, type NotificationRow } from './notifications.repository.ts';

export interface NotificationsDeps {
  db: Db;
  /** The bookings awaiting a doctor's confirmation (the bell and the doctor's home notice count them). */
  orders: Pick<OrdersService, 'awaitingConfirmation'>;
  /** The access gate's refusal: another person's notice is 404, audited as denied. */
  deny: AccessGate['deny'];
}

/** A notification once read is kept this long after it was made; then the prune deletes it. */
export const READ_KEPT_DAYS = 90;
/** No notification, read or not, is kept longer than this. */
export const ANY_KEPT_DAYS = 365;
const DAY_MS = 86_400_000;

/** What a notice whose text is not known reads (an event written by a newer server, a key since removed). */
export const FALLBACK_TEXT = 'notifications:inApp.fallback';

export function createNotificationsService(deps: NotificationsDeps) {
  const repository = createNotificationsRepository(deps.db);

  /** The notice's text in `language`: its event's text with its facts, or the general one when the event is unknown. */
  function render(row: Pick<NotificationRow, 'event' | 'params'>, language: Language): string {
    try {
      // Only a `<namespace>:<dotted.key>` the server has, ending at a text; anything else reads as the general one.
      const text = translatorFor.known(language, row.event, { ...row.params });
      if (text !== undefined) return text;
    } catch {
      // A text that cannot be made (a broken parameter) reads as the general one: the list never fails for it.
    }
    return translatorFor(language)(FALLBACK_TEXT);
  }

  return {
    /** GET /notifications/{userId}: newest first, in the request's language, with the counts the bell shows. */
    async list(userId: string, query: { page: number; size: number }, meta: RequestMeta): Promise<NotificationPage> {
      const [{ rows, total, unread, unreadAwaiting, unreadInvitations }, awaitingConfirmation] = await Promise.all([
        repository.page(userId, query.page, query.size, meta.now),
        deps.orders.awaitingConfirmation(userId, meta.now),
      ]);
      const items: InAppNotification[] = rows.map((row) => ({
        id: row.id,
        event: row.event,
        text: render(row, meta.language),
        orderId: row.orderId,
        createdAt: row.createdAt.toISOString(),
        read: row.readAt !== null,
      }));
      // Each booking awaiting confirmation counts once, whether or not its "new booking" notice was read; an invitation
      // waiting for an answer is counted by the dashboard (countInvites), not again here.
      const badge = unread - unreadAwaiting - unreadInvitations + awaitingConfirmation;
      return { items, total, page: query.page, size: query.size, unread, awaitingConfirmation, badge };
    },

    /** PATCH /notifications/{userId}/{id}/read: another person's notice, or none, is 404 (audited as denied). */
    async markRead(actor: Actor, userId: string, id: number, meta: RequestMeta): Promise<NotificationsRead> {
      if (!(await repository.markRead(userId, id, meta.now)))
        await deps.deny({ audit: 'notification.markRead' }, actor, userId, { notificationId: id }, meta);
      return { unread: await repository.unread(userId) };
    },

    /**
     * Deletes up to `limit` notifications past their keeping (read ones after READ_KEPT_DAYS, any after ANY_KEPT_DAYS)
     * as of `now`; answers how many. Run by the prune task, never by a request.
     */
    prune(now: Date, limit: number): Promise<number> {
      return repository.prune(new Date(now.getTime() - READ_KEPT_DAYS * DAY_MS), new Date(now.getTime() - ANY_KEPT_DAYS * DAY_MS), limit);
    },

    /** PATCH /notifications/{userId}/read-all. */
    async markAllRead(userId: string, meta: RequestMeta): Promise<NotificationsRead> {
      await repository.markAllRead(userId, meta.now);
      return { unread: await repository.unread(userId) };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;

/**
 * Prunes old notifications (the bell's table would otherwise grow for ever): every `everyMs` (an hour), in at most
 * `maxBatches` statements of `batchSize` rows, so one run's work is bounded and a backlog goes over several runs.
 */
export function createNotificationPrune(deps: BatchedTaskDeps & { prune(now: Date, limit: number): Promise<number> }): PeriodicTask {
  const { everyMs = 60 * 60_000, batchSize = 500, maxBatches = 20 } = deps;
  async function run(): Promise<number> {
    const now = deps.clock();
    return inBatches((limit) => deps.prune(now, limit), batchSize, maxBatches);
  }
  return periodicTask({ run, everyMs, log: deps.log, failure: 'notification prune failed' });
}
