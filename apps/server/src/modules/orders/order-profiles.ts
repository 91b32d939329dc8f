import type { Db } from '../../db/client.ts';
import { setOrderProfile, takeOverProfileOrders } from './orders.repository.ts';

/**
 * What the relatives module changes on bookings (decision 025), as the orders module's operations, handed to it by
 * createServices: the orders module is the only writer of its tables (src/db/table-owners.ts). Each runs on the
 * caller's transaction `tx`, so it commits or rolls back with the profile change it belongs to.
 */
export function createOrderProfiles() {
  return {
    /** A booking made for a relative now names the profile kept from its typed-in details (unless it names one). */
    setProfile: (tx: Db, orderId: string, profileId: string): Promise<void> => setOrderProfile(tx, orderId, profileId),
    /** A linked profile's bookings become the person's own; answers their ids. */
    takeOver: (tx: Db, profileId: string, accountId: string, now: Date): Promise<string[]> =>
      takeOverProfileOrders(tx, profileId, accountId, now),
  };
}
export type OrderProfiles = ReturnType<typeof createOrderProfiles>;
