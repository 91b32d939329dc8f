import type { Endpoint } from '../endpoint.ts';
import { accountsEndpoints } from './accounts.ts';
import { accountDeletionEndpoints } from './account-deletion.ts';
import { catalogEndpoints } from './catalog.ts';
import { clinicalEndpoints } from './clinical.ts';
import { devEndpoints } from './dev.ts';
import { monitoringEndpoints } from './monitoring.ts';
import { notificationsEndpoints } from './notifications.ts';
import { nutritionEndpoints } from './nutrition.ts';
import { ordersEndpoints } from './orders.ts';
import { orderExportEndpoints } from './order-export.ts';
import { recordsEndpoints } from './records.ts';
import { recordExportsEndpoints } from './record-exports.ts';
import { relativesEndpoints } from './relatives.ts';
import { remindersEndpoints } from './reminders.ts';
import { schedulesEndpoints } from './schedules.ts';
import { stepUpEndpoints } from './step-up.ts';
import { systemEndpoints } from './system.ts';
import { twoStepEndpoints } from './two-step.ts';
import { vaccineOrdersEndpoints } from './vaccine-orders.ts';
import { labOrdersEndpoints } from './lab-orders.ts';
import { imagingOrdersEndpoints } from './imaging-orders.ts';
import { orderResultsEndpoints } from './order-results.ts';
import { vaccinesEndpoints } from './vaccines.ts';
import { waitlistEndpoints } from './waitlist.ts';

export { avatarUrl } from './accounts.ts';
export { IDEMPOTENCY_HEADER } from './orders.ts';
export { OutboxMessageSchema, type OutboxMessage } from './dev.ts';
export { documentUri } from './records.ts';

/**
 * Each domain's part of the table on its own, for clients that call one domain: the web's features import these (never
 * the whole `endpoints`), so a page's bundle carries only the schemas of the domains it calls (decision 015).
 */
export {
  accountsEndpoints,
  accountDeletionEndpoints,
  catalogEndpoints,
  clinicalEndpoints,
  monitoringEndpoints,
  notificationsEndpoints,
  nutritionEndpoints,
  orderExportEndpoints,
  ordersEndpoints,
  recordsEndpoints,
  recordExportsEndpoints,
  relativesEndpoints,
  remindersEndpoints,
  schedulesEndpoints,
  stepUpEndpoints,
  systemEndpoints,
  twoStepEndpoints,
  vaccineOrdersEndpoints,
  labOrdersEndpoints,
  imagingOrdersEndpoints,
  orderResultsEndpoints,
  vaccinesEndpoints,
  waitlistEndpoints,
};

/**
 * The endpoint table: every HTTP call of the API, once, grouped by the domain (server module) that serves it. The server
 * registers each route from its entry (validation, OpenAPI and the answer's serializer come from it) and refuses a route
 * that has none; the web calls each one through its entry. A new domain adds its file here.
 */
export const endpoints = {
  system: systemEndpoints,
  accounts: accountsEndpoints,
  stepUp: stepUpEndpoints,
  twoStep: twoStepEndpoints,
  accountDeletion: accountDeletionEndpoints,
  catalog: catalogEndpoints,
  schedules: schedulesEndpoints,
  orders: ordersEndpoints,
  vaccineOrders: vaccineOrdersEndpoints,
  labOrders: labOrdersEndpoints,
  imagingOrders: imagingOrdersEndpoints,
  orderResults: orderResultsEndpoints,
  reminders: remindersEndpoints,
  notifications: notificationsEndpoints,
  waitlist: waitlistEndpoints,
  relatives: relativesEndpoints,
  clinical: clinicalEndpoints,
  orderExport: orderExportEndpoints,
  monitoring: monitoringEndpoints,
  records: recordsEndpoints,
  recordExports: recordExportsEndpoints,
  nutrition: nutritionEndpoints,
  vaccines: vaccinesEndpoints,
  dev: devEndpoints,
};

export type Domain = keyof typeof endpoints;

/** Every entry of the table, in table order. */
export function allEndpoints(): Endpoint[] {
  return Object.values(endpoints).flatMap((group) => Object.values(group) as Endpoint[]);
}
