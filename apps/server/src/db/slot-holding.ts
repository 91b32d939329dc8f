import { SLOT_HOLDING_STATUSES } from '@rhc/domain';
import { sql, type SQL } from 'drizzle-orm';
import { orders } from './schema/index.ts';
import { sqlList } from './schema/sql-list.ts';

/**
 * `orders.status in (…)` for the orders that hold their doctor's time (SLOT_HOLDING_STATUSES). The statuses are written
 * out, not bound, as in the orders_no_overlap constraint's predicate (migration 0004, held to the same list by
 * constraints.test.ts), so the planner may use that constraint's index.
 */
export function holdsSlot(): SQL {
  return sql`${orders.status} in (${sqlList(SLOT_HOLDING_STATUSES)})`;
}
