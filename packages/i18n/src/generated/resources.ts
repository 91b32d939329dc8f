// Generated from the file names in packages/i18n/locales/en by src/resource-types.ts: do not edit.
// `npm run typecheck`, `npm run build` and `npm run dev` rewrite it; a test fails while it is stale.
import type accountsStrings from '../../locales/en/accounts.json';
import type alcoholStrings from '../../locales/en/alcohol.json';
import type bookingStrings from '../../locales/en/booking.json';
import type clinicalStrings from '../../locales/en/clinical.json';
import type commonStrings from '../../locales/en/common.json';
import type errorsStrings from '../../locales/en/errors.json';
import type exportsStrings from '../../locales/en/exports.json';
import type handbookStrings from '../../locales/en/handbook.json';
import type invitationsStrings from '../../locales/en/invitations.json';
import type licenceStrings from '../../locales/en/licence.json';
import type messagesStrings from '../../locales/en/messages.json';
import type monitoringStrings from '../../locales/en/monitoring.json';
import type notificationsStrings from '../../locales/en/notifications.json';
import type nutritionStrings from '../../locales/en/nutrition.json';
import type ordersStrings from '../../locales/en/orders.json';
import type personStrings from '../../locales/en/person.json';
import type recordsStrings from '../../locales/en/records.json';
import type relativesStrings from '../../locales/en/relatives.json';
import type remindersStrings from '../../locales/en/reminders.json';
import type schedulesStrings from '../../locales/en/schedules.json';
import type vaccineFactsStrings from '../../locales/en/vaccine-facts.json';
import type vaccineOrdersStrings from '../../locales/en/vaccine-orders.json';
import type vaccineRegistrationStrings from '../../locales/en/vaccine-registration.json';
import type vaccineRemindersStrings from '../../locales/en/vaccine-reminders.json';
import type vaccinesStrings from '../../locales/en/vaccines.json';
import type waitlistStrings from '../../locales/en/waitlist.json';

/** Every namespace with the shape of its English strings: what types the keys of the web app's `t`. */
export type Resources = {
  accounts: typeof accountsStrings;
  alcohol: typeof alcoholStrings;
  booking: typeof bookingStrings;
  clinical: typeof clinicalStrings;
  common: typeof commonStrings;
  errors: typeof errorsStrings;
  exports: typeof exportsStrings;
  handbook: typeof handbookStrings;
  invitations: typeof invitationsStrings;
  licence: typeof licenceStrings;
  messages: typeof messagesStrings;
  monitoring: typeof monitoringStrings;
  notifications: typeof notificationsStrings;
  nutrition: typeof nutritionStrings;
  orders: typeof ordersStrings;
  person: typeof personStrings;
  records: typeof recordsStrings;
  relatives: typeof relativesStrings;
  reminders: typeof remindersStrings;
  schedules: typeof schedulesStrings;
  'vaccine-facts': typeof vaccineFactsStrings;
  'vaccine-orders': typeof vaccineOrdersStrings;
  'vaccine-registration': typeof vaccineRegistrationStrings;
  'vaccine-reminders': typeof vaccineRemindersStrings;
  vaccines: typeof vaccinesStrings;
  waitlist: typeof waitlistStrings;
};
