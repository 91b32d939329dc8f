import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { stepUpRoutes } from './modules/accounts/step-up.routes.ts';
import { twoStepRoutes } from './modules/accounts/two-step.routes.ts';
import { accountDeletionRoutes, createErasureSweep } from './modules/accounts/account-deletion.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { clinicalRoutes } from './modules/clinical/clinical.routes.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { monitoringRoutes } from './modules/monitoring/monitoring.routes.ts';
import { nutritionRoutes } from './modules/nutrition/nutrition.routes.ts';
import { vaccinesRoutes } from './modules/vaccines/vaccines.routes.ts';
import { createVaccineReminderSweep } from './modules/vaccines/vaccines.service.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationPrune } from './modules/notifications/notifications.service.ts';
import { createDevClock } from './modules/dev/dev-clock.ts';
import { createKeySweep } from './modules/orders/idempotency.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { relativesRoutes } from './modules/relatives/relatives.routes.ts';
import { createReminderSweep } from './modules/reminders/reminders.service.ts';
import { remindersRoutes } from './modules/reminders/reminders.routes.ts';
import { invitationsRoutes } from './modules/relatives/invitations.routes.ts';
import { schedulesRoutes } from './modules/schedules/schedules.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { createOfferSweep } from './modules/waitlist/waitlist.service.ts';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes.ts';
import { createAuthenticate } from './platform/auth/authenticate.ts';
import { createMailCarrier, createSmsCarrier, type MailConfig, type SmsConfig } from './platform/messaging/messaging.ts';
import { createOutboxDispatcher } from './platform/messaging/outbox-dispatcher.ts';
import { createFileStorage } from './platform/storage/file-storage.ts';
import { uploadsTempDir } from './platform/storage/storage.ts';
import { createUploadSweep } from './modules/records/upload-sweep.ts';
import { createRecordExportWorker } from './modules/record-exports/record-exports.service.ts';
import { recordExportsRoutes } from './modules/record-exports/record-exports.routes.ts';
import { recordsRoutes } from './modules/records/records.routes.ts';
import { registerCacheControl } from './platform/http/cache-control.ts';
import { registerDraining } from './platform/http/draining.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling, sendError } from './platform/http/error-handler.ts';
import { registerRequestGuards } from './platform/http/request-guard.ts';
import { createResponseSerializerCompiler } from './platform/http/response-serializer.ts';
import { guardEndpointTable } from './platform/http/route.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { OPENAPI_PREFIX, registerOpenApi } from './platform/openapi/openapi.ts';
import { withSafeLogging } from './platform/logging/log-serializers.ts';
import { serveWebApp } from './platform/web/serve-web.ts';
import { createServices, type ModuleOptions } from './services.ts';
import { PASSWORD_HASH_COST } from './platform/security/secrets.ts';

export interface AppDeps {
  database: Database;
  version: string;
  /** Built web app to serve at `/`; omitted or missing → API only. */
  webDistDir?: string;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
  /** Where uploaded files are kept (local disk), and where uploads are spooled while they arrive (every driver). */
  uploadsDir: string;
  /** An S3-compatible store for uploaded files (`s3://KEY:SECRET@host:port/bucket`, decision 024); unset: the local disk. */
  storageUrl?: string;
  /** How long an upload may stay unfinished before its rows, objects and spooled file are swept (default 30 min). */
  uploadPendingMaxAgeMs?: number;
  /** How often waiting record exports are looked for (issue 53); default 10 s. */
  recordExportEveryMs?: number;
  /** Production: Secure cookies, and no development routes (the outbox). */
  production?: boolean;
  mail?: MailConfig;
  sms?: SmsConfig;
  /** Base of generated meeting links for online bookings; default 'https://meet.jit.si/rhc'. */
  videoBaseUrl?: string;
  /** Absolute origin of the web app, for links in e-mails and calendar files; default 'http://localhost:3000'. */
  publicBaseUrl?: string;
  /** The current time; tests move it to check expiry. Never read Date.now() in a service. */
  clock?: () => Date;
  /**
   * scrypt's N for new password hashes; default PASSWORD_HASH_COST (2^15). The route tests lower it: they sign up and log
   * in thousands of people, each hash tens of ms of CPU. Production refuses anything lower.
   */
  passwordHashCost?: number;
}

export const API_PREFIX = '/api';

/** Builds the application: plugins, then the explicit list of route modules. Listening is server.ts's job. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  if (deps.production && deps.passwordHashCost !== undefined && deps.passwordHashCost < PASSWORD_HASH_COST) {
    throw new Error(`passwordHashCost below ${PASSWORD_HASH_COST} is for tests only, never production`);
  }
  const app = Fastify({
    // Requests by route pattern, database errors by code: no personal data in the log (platform/logging).
    logger: withSafeLogging(deps.logger),
    trustProxy: deps.trustProxy ?? false,
    // Keep a caller's request id (a load balancer's) or make one; it is in every log line and echoed back.
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // In-flight requests finish on close; idle keep-alive sockets are closed so shutdown is not held open.
    forceCloseConnections: 'idle',
    // A request that arrives on a kept-alive connection while closing is answered (with Connection: close), not 503.
    return503OnClosing: false,
    // Fastify's and Node's own refusals (414, a bad URL, a malformed request) answer in the error envelope too.
    frameworkErrors,
    clientErrorHandler,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ checkContract: !deps.production }));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerSecurityHeaders(app, API_PREFIX, [OPENAPI_PREFIX]);
  registerDraining(app);
  // Public answers, the same for everyone; every other /api answer is no-store.
  registerCacheControl(app, API_PREFIX, ['/health', '/support-contact']);
  await app.register(fastifyCookie);
  registerErrorHandling(app);
  registerRequestGuards(app);
  await registerOpenApi(app, deps.version);

  // Outside production the clock can be moved forward (POST /api/dev/clock: journeys reach a reminder's time); never in production.
  const devClock = deps.production ? undefined : createDevClock(deps.clock ?? (() => new Date()));
  const clock = devClock?.now ?? deps.clock ?? (() => new Date());
  const db = deps.database.db;
  const carriers = { email: createMailCarrier(deps.mail ?? { from: 'RHC <no-reply@rhc.vn>' }), sms: createSmsCarrier(deps.sms ?? {}) };
  // Queued messages (booking confirmations) go out after the answer; closing the app waits for a delivery under way.
  const dispatcher = createOutboxDispatcher({ db, carriers, clock, log: app.log.child({ component: 'outbox' }) });
  dispatcher.start();
  app.addHook('onClose', () => dispatcher.close());
  const services = createServices({
    database: deps.database,
    version: deps.version,
    storage: await createFileStorage({ uploadsDir: deps.uploadsDir, storageUrl: deps.storageUrl }),
    uploads: { tempDir: uploadsTempDir(deps.uploadsDir), log: app.log.child({ component: 'records' }) },
    carriers,
    dispatcher,
    videoBaseUrl: deps.videoBaseUrl ?? 'https://meet.jit.si/rhc',
    publicBaseUrl: deps.publicBaseUrl ?? 'http://localhost:3000',
    devClock,
    clock,
    passwordHashCost: deps.passwordHashCost,
  });
  // Idempotency-Key rows hold booking answers (patient details): kept 24 h, then swept in bounded batches, off requests.
  const keySweep = createKeySweep({
    prune: (olderThan, limit) => services.orders.pruneIdempotencyKeys(olderThan, limit),
    clock,
    log: app.log.child({ component: 'idempotency-keys' }),
  });
  keySweep.start();
  app.addHook('onClose', () => keySweep.close());
  // Slot offers held past their 15 minutes are expired and passed to the next person waiting (issue 12, decision 021).
  const offerSweep = createOfferSweep({
    sweep: () => services.waitlist.sweep(clock()),
    log: app.log.child({ component: 'slot-offers' }),
  });
  offerSweep.start();
  app.addHook('onClose', () => offerSweep.close());
  // Reminders before bookings (issue 12, decision 018): every minute, claimed once across instances; logs counts only.
  const reminderSweep = createReminderSweep({
    send: (now) => services.reminders.sendDue(now),
    clock,
    log: app.log.child({ component: 'reminders' }),
  });
  reminderSweep.start();
  app.addHook('onClose', () => reminderSweep.close());
  // Reminders of due vaccine doses (issue 50): hourly, claimed once across instances; logs counts only.
  const vaccineReminderSweep = createVaccineReminderSweep({
    send: (now) => services.vaccines.sendDueReminders(now),
    clock,
    log: app.log.child({ component: 'vaccine-reminders' }),
  });
  vaccineReminderSweep.start();
  app.addHook('onClose', () => vaccineReminderSweep.close());
  // The bell's notifications: read ones kept 90 days, any 365 (issue 12), deleted hourly in bounded batches.
  const notificationPrune = createNotificationPrune({
    prune: (now, limit) => services.notifications.prune(now, limit),
    clock,
    log: app.log.child({ component: 'notifications' }),
  });
  notificationPrune.start();
  app.addHook('onClose', () => notificationPrune.close());
  // Uploads abandoned (a client gone, a process killed) leave pending rows, stored objects and spooled files: swept (decision 024).
  const uploadSweep = createUploadSweep({
    sweep: (olderThan) => services.records.sweepAbandoned(olderThan, 200),
    tempDir: uploadsTempDir(deps.uploadsDir),
    maxAgeMs: deps.uploadPendingMaxAgeMs ?? 30 * 60_000,
    clock,
    log: app.log.child({ component: 'records' }),
  });
  uploadSweep.start();
  app.addHook('onClose', () => uploadSweep.close());
  // Accounts whose deletion's grace period is over are erased (issue 53, decision 052): hourly, one transaction each.
  const erasureSweep = createErasureSweep({
    erase: (now) => services.accountDeletion.eraseDue(now),
    clock,
    log: app.log.child({ component: 'account-deletion' }),
  });
  erasureSweep.start();
  app.addHook('onClose', () => erasureSweep.close());
  // Record exports (issue 53): built off requests, one after the other; rows left preparing by a restart are taken again.
  const recordExportLog = app.log.child({ component: 'record-exports' });
  const recordExportWorker = createRecordExportWorker({
    work: () => services.recordExports.work(clock, recordExportLog),
    clock,
    log: recordExportLog,
    everyMs: deps.recordExportEveryMs,
  });
  recordExportWorker.start();
  app.addHook('onClose', () => recordExportWorker.close());
  app.decorate(
    'authenticate',
    createAuthenticate((token, now) => services.sessions.checkAccess(token, now), clock, { secureCookies: !!deps.production }),
  );
  app.decorateRequest('actor', null);
  // Declared access (issue 48): what each entry's path names is checked in one place before its handler.
  app.decorate('accessGate', services.gate);
  // Step-up (decision 051): the entries marked `stepUp` ask this session for a fresh proof before their handler.
  app.decorate('stepUp', services.stepUp);
  app.decorate('clock', clock);
  app.decorateRequest('granted', null);
  app.decorateRequest('requestMeta', null);

  // The route modules, one per domain; each serves its part of the endpoint table and nothing else.
  guardEndpointTable(app, API_PREFIX, [OPENAPI_PREFIX]);
  const modules = [
    systemRoutes,
    accountsRoutes,
    stepUpRoutes,
    twoStepRoutes,
    accountDeletionRoutes,
    catalogRoutes,
    schedulesRoutes,
    ordersRoutes,
    waitlistRoutes,
    remindersRoutes,
    notificationsRoutes,
    relativesRoutes,
    invitationsRoutes,
    monitoringRoutes,
    nutritionRoutes,
    vaccinesRoutes,
    recordsRoutes,
    clinicalRoutes,
    exportsRoutes,
    recordExportsRoutes,
    ...(deps.production ? [] : [devRoutes]),
  ];
  const options: ModuleOptions = { services, clock, config: { secureCookies: !!deps.production } };
  for (const module of modules) await app.register(module, { prefix: API_PREFIX, ...options });

  const sendPage = deps.webDistDir ? await serveWebApp(app, deps.webDistDir, { secureCookies: !!deps.production }) : undefined;
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === API_PREFIX || request.url.startsWith(`${API_PREFIX}/`);
    if (!isApi && sendPage && (request.method === 'GET' || request.method === 'HEAD')) return sendPage(request, reply);
    if (!isApi) return sendError(request, reply, 404, 'NOT_FOUND');
    return sendError(request, reply, 404, 'ROUTE_NOT_FOUND', { method: request.method, url: request.url.split('?')[0] ?? '' });
  });

  return app;
}
