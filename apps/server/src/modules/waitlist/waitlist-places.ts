import type { Db } from '../../db/client.ts';
import { takeOverEntries } from './waitlist.repository.ts';

/**
 * What the relatives module changes in the earlier-slot queue (decision 025), as the waitlist module's operation handed
 * to it by createServices: the waitlist module is the only writer of its tables (src/db/table-owners.ts). It runs on the
 * caller's transaction, so it commits or rolls back with the link it belongs to.
 */
export function createWaitlistPlaces() {
  return {
    /** Bookings that became the account's own keep their queue places and offers, now the account's. */
    takeOver: (tx: Db, orderIds: readonly string[], accountId: string, now: Date): Promise<void> =>
      takeOverEntries(tx, orderIds, accountId, now),
  };
}
