import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { userNotifications } from '../../db/schema/index.ts';

/** One thing a person is told in the app (the bell's list, issue 12); its text is made when read, in their language. */
export interface InAppNotice {
  userId: string;
  /**
   * The text's i18n key with its namespace, e.g. `notifications:inApp.patient.verified`, `reminders:inApp.due`,
   * `waitlist:inApp.offer`: the bell renders `t(event, params)` in the reader's language.
   */
  event: string;
  orderId: string | null;
  /** The facts the text needs (code, day, hour, doctor, reason…). */
  params: Record<string, string>;
  /** Unique like the outbox's: a retried change writes the same key, and nothing is added. */
  dedupeKey: string;
}

/** A notice to `userId` of no order, keyed by its messages' `dedupe` key with `:app` (a retried change adds nothing). */
export function noticeOfNoOrder(userId: string, event: string, params: Record<string, string>, dedupe: string): InAppNotice {
  return { userId, event, orderId: null, params, dedupeKey: `${dedupe}:app` };
}

/** Records in-app notices in the caller's transaction; one whose key is already recorded is skipped. */
export async function recordInApp(db: Db, notices: readonly InAppNotice[], at: Date): Promise<void> {
  if (notices.length === 0) return;
  await db
    .insert(userNotifications)
    .values(notices.map((notice) => ({ ...notice, createdAt: at })))
    .onConflictDoNothing({ target: userNotifications.dedupeKey });
}

/**
 * A statement part that records `notices`, once for each row of `source` (a CTE of the same statement, e.g. a new
 * booking): the bell's rows exist exactly when what they tell of does. A key already recorded is skipped.
 */
export function inAppFor(source: SQL, notices: readonly InAppNotice[], at: Date): SQL {
  const instant = at.toISOString();
  const rows = sql.join(
    notices.map(
      (notice) =>
        sql`(${notice.userId}::uuid, ${notice.event}, ${notice.orderId}::uuid, ${JSON.stringify(notice.params)}::jsonb, ${notice.dedupeKey}, ${instant}::timestamptz)`,
    ),
    sql`, `,
  );
  return sql`insert into user_notifications (user_id, event, order_id, params, dedupe_key, created_at)
    select n.* from (values ${rows}) as n (user_id, event, order_id, params, dedupe_key, created_at)
      cross join (select 1 from ${source}) as s
    on conflict (dedupe_key) do nothing`;
}

/**
 * Marks read, in the caller's transaction, the person's unread notices about one thing (`params[param]` is `value`), e.g.
 * an invitation once they answered it: what they acted on no longer waits in the bell.
 */
export async function markInAppRead(db: Db, userId: string, param: string, value: string, at: Date): Promise<void> {
  await db.execute(sql`update ${userNotifications} set read_at = ${at.toISOString()}::timestamptz
    where ${userNotifications.userId} = ${userId}::uuid and ${userNotifications.readAt} is null
      and ${userNotifications.params} ->> ${param} = ${value}`);
}

/** Marks one of the person's notices read (a second time keeps the first instant); false when they have none with that id. */
export async function markNoticeRead(db: Db, userId: string, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(userNotifications)
    .set({ readAt: sql`coalesce(${userNotifications.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(userNotifications.userId, userId), eq(userNotifications.id, id)))
    .returning({ id: userNotifications.id });
  return rows.length > 0;
}

/** Marks every unread notice of the person read. */
export async function markAllNoticesRead(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(userNotifications)
    .set({ readAt: at })
    .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)));
}

/**
 * Deletes up to `limit` notices read before `readBefore` or made before `anyBefore` (read or not), oldest first; answers
 * how many. The statement is bounded, so a large backlog goes in several short ones.
 */
export async function pruneNotices(db: Db, readBefore: Date, anyBefore: Date, limit: number): Promise<number> {
  const result = await db.execute(sql`delete from ${userNotifications} where ${userNotifications.id} in (
      select ${userNotifications.id} from ${userNotifications}
      where (${userNotifications.readAt} is not null and ${userNotifications.createdAt} < ${readBefore.toISOString()}::timestamptz)
         or ${userNotifications.createdAt} < ${anyBefore.toISOString()}::timestamptz
      order by ${userNotifications.createdAt} limit ${limit})
    returning ${userNotifications.id}`);
  return rowsOf(result).length;
}

/** An account's erasure (decision 052): every notice in the person's bell, in the erasure's transaction. */
export async function forgetNotices(db: Db, userId: string): Promise<number> {
  const gone = await db.delete(userNotifications).where(eq(userNotifications.userId, userId)).returning({ id: userNotifications.id });
  return gone.length;
}
