import { and, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { documents, orderResults, orders, users } from '../../db/schema/index.ts';

/** The only SQL of a lab or imaging order's results (decision 046): `order_results`, and a count of its result files. */
export function createResultsRepository(db: Db) {
  const performer = alias(users, 'performer');
  const concluder = alias(users, 'concluder');
  return {
    /** The order's status and time, its row locked until the transaction ends: a result step and the completion queue. */
    async lockOrder(orderId: string): Promise<{ status: number; startsAt: Date } | undefined> {
      const [row] = await db
        .select({ status: orders.status, startsAt: orders.startsAt })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      return row;
    },

    async find(orderId: string) {
      const [row] = await db
        .select({
          performedAt: orderResults.performedAt,
          performedBy: orderResults.performedBy,
          performerName: performer.fullName,
          conclusion: orderResults.conclusion,
          concludedAt: orderResults.concludedAt,
          concludedBy: orderResults.concludedBy,
          concluderName: concluder.fullName,
        })
        .from(orderResults)
        .leftJoin(performer, eq(performer.id, orderResults.performedBy))
        .leftJoin(concluder, eq(concluder.id, orderResults.concludedBy))
        .where(eq(orderResults.orderId, orderId));
      return row;
    },

    /** The sample taken or the scan done, once: a second mark keeps the first time and who marked it. */
    async markPerformed(orderId: string, actorId: string, now: Date): Promise<void> {
      await db
        .insert(orderResults)
        .values({ orderId, performedAt: now, performedBy: actorId })
        .onConflictDoUpdate({
          target: orderResults.orderId,
          set: {
            performedAt: sql`coalesce(${orderResults.performedAt}, excluded.performed_at)`,
            performedBy: sql`case when ${orderResults.performedAt} is null then excluded.performed_by else ${orderResults.performedBy} end`,
          },
        });
    },

    /** The conclusion as written now (null clears it). */
    async setConclusion(orderId: string, conclusion: string | null, actorId: string, now: Date): Promise<void> {
      const values = { conclusion, concludedAt: conclusion === null ? null : now, concludedBy: conclusion === null ? null : actorId };
      await db
        .insert(orderResults)
        .values({ orderId, ...values })
        .onConflictDoUpdate({ target: orderResults.orderId, set: values });
    },

    /** How many stored result files the order has: its files of `typeExam` added by `staffId`. */
    async countResultFiles(orderId: string, staffId: string, typeExam: number): Promise<number> {
      const [row] = await db
        .select({ files: count() })
        .from(documents)
        .where(
          and(
            eq(documents.orderId, orderId),
            eq(documents.typeExam, typeExam),
            eq(documents.uploadedBy, staffId),
            eq(documents.state, 'committed'),
          ),
        );
      return row?.files ?? 0;
    },
  };
}
export type ResultsRepository = ReturnType<typeof createResultsRepository>;
