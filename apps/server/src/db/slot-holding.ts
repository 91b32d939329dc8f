import { CALENDAR_CATEGORIES, SLOT_HOLDING_STATUSES } from '@rhc/domain';
import { sql, type SQL } from 'drizzle-orm';
import { orders } from './schema/index.ts';
import { sqlList } from './schema/sql-list.ts';

/**
 * `orders.status in (…) and orders.category in (…)` for the orders that hold their doctor's time (SLOT_HOLDING_STATUSES
 * of the CALENDAR_CATEGORIES: a lab or imaging order holds a counted place instead, decision 044). The values are
 * written out, not bound, as in the orders_no_overlap constraint's predicate (migrations 0004 and 0026, held to the same
 * lists by constraints.test.ts), so the planner may use that constraint's index.
 */
export function holdsSlot(): SQL {
  return sql`${orders.status} in (${sqlList(SLOT_HOLDING_STATUSES)}) and ${orders.category} in (${sqlList(CALENDAR_CATEGORIES)})`;
}
