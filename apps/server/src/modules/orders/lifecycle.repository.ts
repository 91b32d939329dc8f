import type { OrderStatus } from '@rhc/domain';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { holdDoctorCalendar } from '../../db/doctor-calendar.ts';
import { orderDetails, orderImaging, orderLab, orders, orderVaccines } from '../../db/schema/index.ts';
import { queueMessages, type QueuedMessage } from '../../platform/messaging/messaging.ts';

export type OrderInsert = typeof orders.$inferInsert;
export type OrderDetailInsert = typeof orderDetails.$inferInsert;

/** The orders repository's changes of a stored order: its state, its category's details, its removal, and the messages they queue. */
export function createOrderChanges(db: Db) {
  return {
    /** Takes the doctor's calendar lock until the transaction ends (a change queues behind bookings of that doctor). */
    holdDoctorCalendar(doctorId: string): Promise<void> {
      return holdDoctorCalendar(db, doctorId);
    },

    /**
     * The conditional UPDATE of every state change: it matches only while the order is in one of `from` and, with
     * `startsAfter`, only while its appointment starts later than that instant. Answers the order's new version (each
     * change raises it), or null when nothing matched.
     */
    async update(
      id: string,
      from: readonly OrderStatus[],
      order: Partial<Omit<OrderInsert, 'id'>>,
      detail: Partial<Omit<OrderDetailInsert, 'orderId'>> = {},
      startsAfter?: Date,
    ): Promise<number | null> {
      const [row] = await db
        .update(orders)
        .set({ ...order, version: sql`${orders.version} + 1` })
        .where(and(eq(orders.id, id), inArray(orders.status, [...from]), startsAfter ? gt(orders.startsAt, startsAfter) : undefined))
        .returning({ version: orders.version });
      if (!row) return null;
      if (Object.keys(detail).length > 0) await db.update(orderDetails).set(detail).where(eq(orderDetails.orderId, id));
      return row.version;
    },

    /** A vaccine order's new vaccine and dose (a patient's edit, decision 043). */
    async setVaccine(orderId: string, vaccine: Omit<typeof orderVaccines.$inferSelect, 'orderId'>): Promise<void> {
      await db
        .insert(orderVaccines)
        .values({ orderId, ...vaccine })
        .onConflictDoUpdate({ target: orderVaccines.orderId, set: vaccine });
    },

    /** A lab order's new tests and place of collection (an edit, decision 044). */
    async setLab(orderId: string, lab: Omit<typeof orderLab.$inferSelect, 'orderId'>): Promise<void> {
      await db
        .insert(orderLab)
        .values({ orderId, ...lab })
        .onConflictDoUpdate({ target: orderLab.orderId, set: lab });
    },

    /** An imaging order's new type, parts, answers and review (an edit, decision 045). */
    async setImaging(orderId: string, imaging: Omit<typeof orderImaging.$inferSelect, 'orderId'>): Promise<void> {
      await db
        .insert(orderImaging)
        .values({ orderId, ...imaging })
        .onConflictDoUpdate({ target: orderImaging.orderId, set: imaging });
    },

    /** Queues messages in this transaction; one whose dedupe key is already queued is skipped. */
    async queue(messages: readonly QueuedMessage[], at: Date): Promise<void> {
      if (messages.length > 0) await db.execute(queueMessages(messages, at));
    },

    async delete(id: string, from: readonly OrderStatus[]): Promise<boolean> {
      const rows = await db
        .delete(orders)
        .where(and(eq(orders.id, id), inArray(orders.status, [...from])))
        .returning({ id: orders.id });
      return rows.length > 0;
    },
  };
}
