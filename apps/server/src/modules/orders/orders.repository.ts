import { ORDER_KIND } from '@rhc/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { createBooking } from './booking.repository.ts';
import { createOrderChanges } from './lifecycle.repository.ts';
import { createOrderReads } from './order-reads.repository.ts';
import { createPlaces } from './places.repository.ts';

export type { BookingFacts, NewBooking } from './booking.repository.ts';
export type { OrderDetailInsert, OrderInsert } from './lifecycle.repository.ts';
export type { OrderFilter, OrderView } from './order-reads.repository.ts';

/**
 * The only SQL for orders, order_details, order_vaccines, order_lab, order_imaging, the counted places and
 * idempotency_keys, in one repository of four parts by job: reads (order-reads), changes of a stored order
 * (lifecycle), booking with its idempotency keys (booking) and counted places (places).
 */
export function createOrdersRepository(db: Db) {
  return { ...createOrderReads(db), ...createOrderChanges(db), ...createBooking(db), ...createPlaces(db) };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

/* ---------- a booking's profile (relatives, decision 025), offered by order-profiles.ts ---------- */

/** The booking is now for that profile, unless it names one already. */
export async function setOrderProfile(db: Db, orderId: string, profileId: string): Promise<void> {
  await db
    .update(orders)
    .set({ profileId })
    .where(and(eq(orders.id, orderId), isNull(orders.profileId)));
}

/**
 * The profile's bookings become the account's own (booked for themself by them). Answers their ids: their places in
 * an earlier-slot queue move with them, through the waitlist module.
 */
export async function takeOverProfileOrders(db: Db, profileId: string, accountId: string, now: Date): Promise<string[]> {
  const moved = await db
    .update(orders)
    .set({ userId: accountId, kind: ORDER_KIND.self, updatedAt: now })
    .where(eq(orders.profileId, profileId))
    .returning({ id: orders.id });
  return moved.map((row) => row.id);
}
