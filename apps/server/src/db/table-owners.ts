/**
 * Who owns each table (issue 48): one module (`modules/<m>`) or platform part (`platform/<p>`), the only code that
 * writes it. Another module writes it through the owner's service, handed in by createServices; a platform part's
 * table through the part's functions (`createAuditLog(tx).record`, `recordInApp`, …). Reading is free.
 *
 * Each schema file names its owner, which every table declared in it gets; a file whose tables belong to several
 * owners names the others table by table (SQL names). `apps/server/test/table-ownership.test.ts` fails on a schema
 * file missing here and on any write (drizzle or raw SQL) by code of another owner, naming the file, line and owner.
 * Shared SQL in `src/db/*.ts` only reads; seeds and migrations are exempt.
 */
export type TableOwner = `modules/${string}` | `platform/${string}`;

export const SCHEMA_OWNERS: Record<string, { owner: TableOwner; tables?: Record<string, TableOwner> }> = {
  'system.ts': { owner: 'modules/system' },
  'accounts.ts': {
    owner: 'modules/accounts',
    tables: { rate_limit_counters: 'platform/security', audit_events: 'platform/audit' },
  },
  'relatives.ts': { owner: 'modules/relatives' },
  'catalog.ts': { owner: 'modules/catalog' },
  'schedules.ts': { owner: 'modules/schedules' },
  'orders.ts': { owner: 'modules/orders' },
  // A vaccine order's vaccine and dose (decision 043): the orders module's, written with the order.
  'order-vaccines.ts': { owner: 'modules/orders' },
  // A lab order's tests, place and address (decision 044), and the counted places every capacity category holds.
  'order-lab.ts': { owner: 'modules/orders' },
  // An imaging order's type, parts, safety answers and review (decision 045).
  'order-imaging.ts': { owner: 'modules/orders' },
  'capacity.ts': { owner: 'modules/orders' },
  // A lab or imaging order's results: when it was performed and its conclusion (decision 046).
  'order-results.ts': { owner: 'modules/orders' },
  'messaging.ts': { owner: 'platform/messaging' },
  // The bell's rows are the in-app channel every module writes (platform/messaging/in-app.ts); reminders sent and the
  // earlier-slot queue belong to their own modules.
  'notices.ts': {
    owner: 'modules/orders',
    tables: {
      user_notifications: 'platform/messaging',
      order_reminders_sent: 'modules/reminders',
      waitlist_entries: 'modules/waitlist',
      slot_offers: 'modules/waitlist',
    },
  },
  'records.ts': { owner: 'modules/records' },
  'monitoring.ts': { owner: 'modules/monitoring' },
  'clinical.ts': { owner: 'modules/clinical' },
  'nutrition.ts': { owner: 'modules/nutrition' },
  'vaccines.ts': { owner: 'modules/vaccines' },
  // A person's record exports (issue 53, decision 053).
  'record-exports.ts': { owner: 'modules/record-exports' },
};

/**
 * Writes by another owner's code that stay for now, each with its reason. The test fails when one no longer happens,
 * so this list only shrinks.
 */
export const OWNERSHIP_EXCEPTIONS: readonly { file: string; table: string; reason: string }[] = [
  {
    file: 'modules/reminders/reminders.repository.ts',
    table: 'orders',
    reason:
      "a booking's own reminder lead times (orders.reminder_minutes), since reminders left the orders module; to move behind the orders service",
  },
  {
    file: 'modules/reminders/reminders.repository.ts',
    table: 'users',
    reason:
      "the person's default reminder lead times (users.reminder_minutes); to move behind the accounts service with reminders' own module",
  },
  {
    file: 'modules/relatives/profile-links.repository.ts',
    table: '(named at run time)',
    reason:
      'a link moves every row referencing the profile, whatever table holds it (decision 025: found in the catalog, so later domains need no change)',
  },
];
