import type { Database } from './db/client.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createAccountDeletionService } from './modules/accounts/account-deletion.service.ts';
import { createOtpService } from './modules/accounts/otp.service.ts';
import { createSessionService } from './modules/accounts/sessions.service.ts';
import { createStepUpService } from './modules/accounts/step-up.service.ts';
import { createTwoStepService } from './modules/accounts/two-step.service.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createClinicalService } from './modules/clinical/clinical.service.ts';
import type { DevClock } from './modules/dev/dev-clock.ts';
import { createDevService } from './modules/dev/dev.service.ts';
import { createExportsService } from './modules/exports/exports.service.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createOrderParties } from './modules/orders/orders.access.ts';
import { createOrderProfiles } from './modules/orders/order-profiles.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { createOfferResolver } from './modules/waitlist/waitlist.access.ts';
import { createWaitlistPlaces } from './modules/waitlist/waitlist-places.ts';
import { createRecordsResolvers } from './modules/records/records.access.ts';
import { createRecordExportsResolvers } from './modules/record-exports/record-exports.access.ts';
import { createRecordExportsService } from './modules/record-exports/record-exports.service.ts';
import { createRelativesResolvers } from './modules/relatives/relatives.access.ts';
import { createSchedulesResolvers } from './modules/schedules/schedules.access.ts';
import { createAccessService } from './platform/access/access.service.ts';
import { createRelativesService } from './modules/relatives/relatives.service.ts';
import { createInvitationsService } from './modules/relatives/invitations.service.ts';
import { createMonitoringService } from './modules/monitoring/monitoring.service.ts';
import { createNutritionService } from './modules/nutrition/nutrition.service.ts';
import { createVaccinesService } from './modules/vaccines/vaccines.service.ts';
import { createProfileLinksService } from './modules/relatives/profile-links.service.ts';
import { createRecordsService } from './modules/records/records.service.ts';
import { createRemindersService } from './modules/reminders/reminders.service.ts';
import { createSchedulesService } from './modules/schedules/schedules.service.ts';
import { createWaitlistService } from './modules/waitlist/waitlist.service.ts';
import { createSystemService } from './modules/system/system.service.ts';
import { createAccessGate } from './platform/access/gate.ts';
import { createAuditLog } from './platform/audit/audit-log.ts';
import { createMailSender, createOutbox, createSmsSender, type Carriers } from './platform/messaging/messaging.ts';
import type { OutboxDispatcher } from './platform/messaging/outbox-dispatcher.ts';
import { createRateLimiter } from './platform/security/rate-limit.ts';
import type { FileStorage } from './platform/storage/storage.ts';

/** What the services are built from: the platform's parts and the configuration. */
export interface ServiceDeps {
  database: Database;
  version: string;
  storage: FileStorage;
  /** Where uploads are spooled while they arrive (decision 024); a log for the records module's upkeep. */
  uploads: { tempDir: string; log: { warn(object: object, message: string): void } };
  carriers: Carriers;
  /** Delivers what the services queue in the outbox; woken after a commit that queued something. */
  dispatcher: OutboxDispatcher;
  /** Base of generated meeting links for online bookings. */
  videoBaseUrl: string;
  /** Absolute origin of the web app, for links in e-mails and calendar files. */
  publicBaseUrl: string;
  /** Development only: the clock POST /api/dev/clock moves (absent in production). */
  devClock?: DevClock;
  /** The current time (the dev clock's where there is one). */
  clock: () => Date;
  /** scrypt's N for new password hashes (AppDeps.passwordHashCost). */
  passwordHashCost?: number;
}

/**
 * Every service, built in one place and in dependency order. A module reaches another only through that module's service,
 * handed to it here (ESLint's module zones refuse any other import).
 */
export function createServices(deps: ServiceDeps) {
  const db = deps.database.db;
  const outbox = createOutbox(db);
  const audit = createAuditLog(db);
  const limiter = createRateLimiter(db);

  const system = createSystemService({ database: deps.database, version: deps.version, clock: deps.clock });
  const catalog = createCatalogService({ db });
  const sessions = createSessionService(db);
  const otp = createOtpService({
    db,
    sms: createSmsSender(outbox, deps.carriers.sms),
    mail: createMailSender(outbox, deps.carriers.email),
  });
  // Optional two-step login (issue 53, decision 054): asked by the login after a right password.
  const twoStep = createTwoStepService({ db, otp, audit });
  const accounts = createAccountsService({
    db,
    otp,
    sessions,
    storage: deps.storage,
    audit,
    limiter,
    passwordHashCost: deps.passwordHashCost,
    cancelDeletion: (userId, meta) => accountDeletion.cancelFor(userId, 'login', meta),
    twoStep,
  });
  const stepUp = createStepUpService({ db, otp, sessions, audit });
  const schedules = createSchedulesService({
    db,
    catalog,
    outbox: deps.dispatcher,
    // A doctor's confirmed change of working time or days off tells the patients it leaves outside it (decision 047).
    tellOutsideWorkTime: (tx, orderIds, changeId, now) => orders.tellOutsideWorkTime(tx, orderIds, changeId, now),
  });
  // The one authorisation check on another person's data (issue 14, decision 022), used by every module that reads it.
  const access = createAccessService({ db, audit });
  // Declared access (issue 48): every entry's path ids checked in one place, each kind of object resolved by its module.
  const orderParties = createOrderParties(db);
  const gate = createAccessGate({
    access,
    audit,
    orderParties,
    objects: {
      ...createSchedulesResolvers(db),
      ...createRelativesResolvers(db),
      ...createRecordsResolvers(db, { access, orderParties }),
      offer: createOfferResolver(db),
      ...createRecordExportsResolvers(db),
    },
  });
  const orders = createOrdersService({
    db,
    schedules,
    outbox: deps.dispatcher,
    limiter,
    audit,
    deny: gate.deny,
    videoBaseUrl: deps.videoBaseUrl,
    publicBaseUrl: deps.publicBaseUrl,
    // The clinic's cut-off for the patient's own changes and its phone (decision 020), read from the system settings.
    changePolicy: () => system.changePolicy(),
    // A doctor's order for a patient (kind 2) needs the clinical writer's rule (decision 027); read when a request asks.
    clinicalWriter: (doctorId) => clinical.writerRefusal(doctorId),
    hasClinicalRecord: (orderId) => clinical.hasRecord(orderId),
    access,
    // Only a verified doctor with a licence number confirms an online booking (issue 17): the clinical service's rule.
    onlineConfirmer: (actor, orderId, meta) => clinical.checkOnlineConfirmer(actor, orderId, meta),
    // Every lifecycle step hands the waiting list the time it frees, in its transaction (issue 12, decision 021).
    afterChange: (tx, before, after, now) => waitlist.afterChange(tx, before, after, now),
    // A completed vaccine order records its dose in the person's history, on the completion's transaction (decision 043).
    vaccinations: { recordFromOrder: (tx, dose, now) => vaccines.recordFromOrder(tx, dose, now) },
    // A lab or imaging order's result files are its files of the category's type added by its staff (decision 046).
    resultFiles: (orderId, staffId, typeExam, actorId) => records.resultFiles(orderId, staffId, typeExam, actorId),
  });
  // Earlier slot wanted (issue 12, decision 021): offers the times the orders free, in the orders' words.
  const waitlist = createWaitlistService({
    db,
    outbox: deps.dispatcher,
    audit,
    schedules,
    noticeFacts: (view) => orders.noticeFacts(view),
    publicBaseUrl: deps.publicBaseUrl,
  });
  const notifications = createNotificationsService({ db, orders, deny: gate.deny });
  const reminders = createRemindersService({ db, audit, outbox: deps.dispatcher, publicBaseUrl: deps.publicBaseUrl });
  // Relatives and sharing (issue 14): the domain that serves it, after the orders that name saved profiles. A booking's
  // profile is the orders module's to write (src/db/table-owners.ts): relatives and profile links change it through these.
  const orderProfiles = createOrderProfiles();
  const relatives = createRelativesService({ db, audit, access, orderProfiles });
  const invitations = createInvitationsService({
    db,
    access,
    relatives,
    audit,
    deny: gate.deny,
    outbox: deps.dispatcher,
    publicBaseUrl: deps.publicBaseUrl,
    stepUp,
  });
  // A profile kept for someone, linked to their own account with a fresh code (decision 025).
  const profileLinks = createProfileLinksService({
    db,
    audit,
    codes: otp,
    outbox: deps.dispatcher,
    publicBaseUrl: deps.publicBaseUrl,
    orderProfiles,
    waitlistPlaces: createWaitlistPlaces(),
  });
  // Health monitoring (issue 16): readings of a person, through the one access check.
  const monitoring = createMonitoringService({ db });
  // The nutrition assessment and plan history (issue 52): a person's, through the same declared access.
  const nutrition = createNutritionService({ db });
  // Vaccinations (issue 50, decision 042): a person's doses and statuses, through the same declared access; reminders of
  // due doses through the outbox.
  const vaccines = createVaccinesService({ db, outbox: deps.dispatcher, publicBaseUrl: deps.publicBaseUrl });
  // The doctor's clinical work on an order (issue 17): after the orders it writes on.
  const clinical = createClinicalService({
    db,
    audit,
    orders,
    outbox: deps.dispatcher,
    publicBaseUrl: deps.publicBaseUrl,
  });
  // Health records and documents (issue 15, decision 024): after the orders whose files it keeps and the access check.
  const records = createRecordsService({
    db,
    access,
    orders,
    clinicalWriter: (doctorId) => clinical.writerRefusal(doctorId),
    storage: deps.storage,
    audit,
    tempDir: deps.uploads.tempDir,
    log: deps.uploads.log,
  });
  // The order as PDF and Word, and by e-mail (issue 17, decision 028): through the clinical record's read check.
  const exports = createExportsService({
    db,
    audit,
    limiter,
    clinical,
    orders,
    outbox: deps.dispatcher,
    publicBaseUrl: deps.publicBaseUrl,
  });
  // Deleting one's account (issue 53, decision 052): every module erases its part of the person through its service.
  const accountDeletion = createAccountDeletionService({
    db,
    sessions,
    twoStep,
    audit,
    limiter,
    storage: deps.storage,
    outbox: deps.dispatcher,
    publicBaseUrl: deps.publicBaseUrl,
    parts: () => ({ relatives, orders, records, recordExports, monitoring, nutrition, vaccines, waitlist, schedules }),
  });
  // The export of a person's whole record (issue 53, decision 053): the order export's PDF renderer, the access log's read.
  const recordExports = createRecordExportsService({
    db,
    audit,
    limiter,
    storage: deps.storage,
    exports,
    relatives,
    outbox: deps.dispatcher,
    tempDir: deps.uploads.tempDir,
    publicBaseUrl: deps.publicBaseUrl,
  });
  const dev = createDevService({ outbox, clock: deps.devClock, reminders, accountDeletion });
  return {
    gate,
    system,
    catalog,
    sessions,
    otp,
    accounts,
    stepUp,
    twoStep,
    accountDeletion,
    schedules,
    orders,
    waitlist,
    reminders,
    notifications,
    access,
    relatives,
    invitations,
    profileLinks,
    monitoring,
    nutrition,
    vaccines,
    clinical,
    exports,
    recordExports,
    records,
    dev,
  };
}
export type Services = ReturnType<typeof createServices>;

/** What every route module is registered with (apps/server/src/app.ts). */
export interface ModuleOptions {
  services: Services;
  /** The current time; tests move it. */
  clock: () => Date;
  config: { secureCookies: boolean };
}
