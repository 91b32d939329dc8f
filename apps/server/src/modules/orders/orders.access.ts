import type { Db } from '../../db/client.ts';
import type { OrderParties } from '../../platform/access/gate.ts';
import { createOrdersRepository } from './orders.repository.ts';

/** The orders module's answer to the access gate (issue 48): a booking's sides, or null when there is no such booking. */
export function createOrderParties(db: Db): (orderId: string) => Promise<OrderParties | null> {
  const repository = createOrdersRepository(db);
  return async (orderId) => (await repository.findParties(orderId)) ?? null;
}
