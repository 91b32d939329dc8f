import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ORDER_STATUS } from '@rhc/domain';
import { invitations, orders, userNotifications } from '../../db/schema/index.ts';
import { markAllNoticesRead, markNoticeRead, pruneNotices } from '../../platform/messaging/in-app.ts';

export type NotificationRow = typeof userNotifications.$inferSelect;

/** The in-app notice telling a doctor of a new booking. */
const DOCTOR_BOOKED = 'notifications:inApp.doctor.booked';

/**
 * The only SQL reading the bell's table. Its rows are the in-app channel's (platform/messaging/in-app.ts owns the table):
 * written by `recordInApp`/`inAppFor` in the writer's transaction, marked read and pruned by its functions.
 */
export function createNotificationsRepository(db: Db) {
  const mine = (userId: string) => eq(userNotifications.userId, userId);
  const unreadOf = async (userId: string): Promise<number> => {
    const [row] = await db
      .select({ n: count() })
      .from(userNotifications)
      .where(and(mine(userId), isNull(userNotifications.readAt)));
    return row?.n ?? 0;
  };
  return {
    /** A page of the person's notifications, newest first, with how many they have and how many are unread. */
    async page(
      userId: string,
      page: number,
      size: number,
      now: Date,
    ): Promise<{ rows: NotificationRow[]; total: number; unread: number; unreadAwaiting: number; unreadInvitations: number }> {
      const [rows, [counts]] = await Promise.all([
        db
          .select()
          .from(userNotifications)
          .where(mine(userId))
          .orderBy(desc(userNotifications.createdAt), desc(userNotifications.id))
          .limit(size)
          .offset(page * size),
        db
          .select({
            total: count(),
            unread: sql<number>`(count(*) filter (where ${userNotifications.readAt} is null))::int`,
            // Unread "new booking" notices of bookings still awaiting this doctor's confirmation: the bell counts those
            // bookings already (awaitingConfirmation), and one booking must not count twice.
            unreadAwaiting: sql<number>`(count(*) filter (where ${userNotifications.readAt} is null
              and ${userNotifications.event} = ${DOCTOR_BOOKED}
              and exists (select 1 from ${orders} where ${orders.id} = ${userNotifications.orderId}
                and ${orders.doctorId} = ${userId} and ${orders.status} = ${ORDER_STATUS.booked}
                and ${orders.startsAt} > ${now.toISOString()}::timestamptz)))::int`,
            // Unread notices of invitations still waiting for this person's answer (issue 14): the bell counts those
            // invitations already (the dashboard's countInvites).
            unreadInvitations: sql<number>`(count(*) filter (where ${userNotifications.readAt} is null
              and ${userNotifications.params} ? 'invitationId'
              and exists (select 1 from ${invitations} where ${invitations.id}::text = ${userNotifications.params} ->> 'invitationId'
                and ${invitations.status} = 'pending')))::int`,
          })
          .from(userNotifications)
          .where(mine(userId)),
      ]);
      return {
        rows,
        total: counts?.total ?? 0,
        unread: counts?.unread ?? 0,
        unreadAwaiting: counts?.unreadAwaiting ?? 0,
        unreadInvitations: counts?.unreadInvitations ?? 0,
      };
    },

    unread: unreadOf,

    // The writes are the in-app channel's, whose table it is (src/db/table-owners.ts).
    markRead: (userId: string, id: number, at: Date): Promise<boolean> => markNoticeRead(db, userId, id, at),
    prune: (readBefore: Date, anyBefore: Date, limit: number): Promise<number> => pruneNotices(db, readBefore, anyBefore, limit),
    markAllRead: (userId: string, at: Date): Promise<void> => markAllNoticesRead(db, userId, at),
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
