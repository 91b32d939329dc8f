import type { OrderStatus } from '@rhc/domain';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { holdDoctorCalendar } from '../../db/doctor-calendar.ts';
import { idempotencyKeys, orderDetails, orderImaging, orderLab, orders, orderVaccines } from '../../db/schema/index.ts';
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

    /**
     * An account's erasure (decision 052): the bookings still to come that it is a party to — booked by it, for one of
     * `profileIds`, or with it as the doctor — in one of `from`; their ids, the earliest first.
     */
    async upcomingOf(userId: string, profileIds: readonly string[], from: readonly OrderStatus[], now: Date): Promise<string[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            inArray(orders.status, [...from]),
            gt(orders.startsAt, now),
            or(
              eq(orders.userId, userId),
              eq(orders.doctorId, userId),
              profileIds.length > 0 ? inArray(orders.profileId, [...profileIds]) : undefined,
            ),
          ),
        )
        .orderBy(orders.startsAt)
        .for('update');
      return rows.map((row) => row.id);
    },

    /**
     * An account's erasure (decision 052): the bookings kept for the clinical record that it made or that are for one of
     * `profileIds` keep the patient's date of birth and gender only; name, phone, e-mail and address (a lab test at
     * home's too) go. The person's
     * idempotency keys (which hold booking answers) go too. Answers how many bookings were stripped.
     */
    async stripContacts(userId: string, profileIds: readonly string[], anonymous: string): Promise<number> {
      const mine = db
        .select({ id: orders.id })
        .from(orders)
        .where(or(eq(orders.userId, userId), profileIds.length > 0 ? inArray(orders.profileId, [...profileIds]) : undefined));
      const stripped = await db
        .update(orderDetails)
        .set({ patientName: anonymous, patientPhone: '', patientEmail: null, patientAddress: '' })
        .where(inArray(orderDetails.orderId, mine))
        .returning({ id: orderDetails.orderId });
      // A lab test at home kept the address and phone to call on the way (decision 044); its area stays.
      await db
        .update(orderLab)
        .set({ address: '', phone: '' })
        .where(and(inArray(orderLab.orderId, mine), eq(orderLab.atHome, true)));
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
      return stripped.length;
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
