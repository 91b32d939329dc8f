import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { startDraining } from './platform/http/draining.ts';
import { EnvError, loadEnv, type Env } from './config/env.ts';
import { openDatabase, type Database } from './db/client.ts';
import { seedDemoData, seedReferenceData } from './db/seed/index.ts';
import { databaseErrorFacts } from './db/errors.ts';
import { createFileStorage } from './platform/storage/file-storage.ts';

/**
 * Entry: env → database → migrate → seed → buildApp() → listen; SIGTERM/SIGINT drain and close.
 * With WORKERS > 1 (PostgreSQL only) this process migrates and seeds, then runs that many workers that share the
 * port (node:cluster): each is a whole instance, as several instances behind a load balancer are.
 */
async function main(): Promise<void> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (env.WORKERS > 1 && cluster.isPrimary) {
    await prepareDatabase(env);
    superviseWorkers(env);
    return;
  }
  await serve(env, { prepared: cluster.isWorker });
}

function openConfiguredDatabase(env: Env) {
  return openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'pglite') },
  );
}

async function migrateAndSeed(database: Database, env: Env): Promise<void> {
  // The demo record's files go through the configured storage (issue 15).
  const storage = await createFileStorage({ uploadsDir: path.join(env.DATA_DIR, 'uploads'), storageUrl: env.STORAGE_URL });
  await database.migrate(async (db) => {
    await seedReferenceData(db, { supportContact: { phone: env.SUPPORT_PHONE, email: env.SUPPORT_EMAIL } });
    if (env.SEED_DEMO) await seedDemoData(db, new Date(), storage);
  });
}

/** The cluster's primary: migrations and seeds once, before any worker answers. */
async function prepareDatabase(env: Env): Promise<void> {
  const database = await openConfiguredDatabase(env);
  try {
    await migrateAndSeed(database, env);
  } finally {
    await database.close();
  }
}

/** Forks the workers, replaces one that dies, and on SIGTERM/SIGINT passes the signal on and waits for all of them. */
function superviseWorkers(env: Env): void {
  let stopping = false;
  let running = 0;
  const fork = () => {
    running += 1;
    cluster.fork();
  };
  for (let i = 0; i < env.WORKERS; i += 1) fork();
  cluster.on('exit', (worker, code, signal) => {
    running -= 1;
    if (stopping) {
      if (running === 0) process.exit(0);
      return;
    }
    console.error(JSON.stringify({ level: 50, msg: 'worker died; starting another', pid: worker.process.pid, code, signal }));
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    // Each worker drains within SHUTDOWN_TIMEOUT_MS; this is only the backstop.
    setTimeout(() => process.exit(1), env.SHUTDOWN_TIMEOUT_MS + 2_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** One instance: opens the database (migrating and seeding unless the primary did), builds the app and listens. */
async function serve(env: Env, options: { prepared: boolean }): Promise<void> {
  const version = readVersion();
  const database = await openConfiguredDatabase(env);
  if (!options.prepared) await migrateAndSeed(database, env);

  const app = await buildApp({
    database,
    version,
    webDistDir: env.WEB_DIST_DIR,
    trustProxy: env.TRUST_PROXY,
    uploadsDir: path.join(env.DATA_DIR, 'uploads'),
    storageUrl: env.STORAGE_URL,
    uploadPendingMaxAgeMs: env.UPLOAD_PENDING_MAX_AGE_SECONDS * 1000,
    production: env.NODE_ENV === 'production',
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    sms: { gatewayUrl: env.SMS_GATEWAY_URL, gatewayKey: env.SMS_GATEWAY_KEY },
    videoBaseUrl: env.VIDEO_BASE_URL,
    publicBaseUrl: env.PUBLIC_BASE_URL,
    logger: {
      level: env.LOG_LEVEL,
      // Secrets never reach the log, even if a later serializer includes headers.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // Nor personal data: buildApp logs requests by route pattern and database errors by code (platform/logging).
    },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, draining in-flight requests');
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      // Rolling restart: for a short while every answer, also on kept-alive connections, carries Connection: close,
      // so clients go on with new connections (to other instances); then no new connections, in-flight ones finish.
      startDraining(app);
      await new Promise((resolve) => setTimeout(resolve, drainWindowMs(env.SHUTDOWN_TIMEOUT_MS)));
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info({ database: database.driver, dataDir: database.driver === 'pglite' ? env.DATA_DIR : undefined }, 'RHC is ready');
}

/**
 * How long a draining instance keeps answering (with Connection: close) before it stops listening and closes its
 * idle connections: a client that sends on an idle kept-alive connection after that may see a reset, which the load
 * balancer retries (README, "On PostgreSQL, and with several instances").
 */
function drainWindowMs(shutdownTimeoutMs: number): number {
  return Math.min(2_000, Math.floor(shutdownTimeoutMs / 4));
}

function readVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../../package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

await main().catch((error: unknown) => {
  // A database error's message and its query's parameters quote the values (personal data): print only its facts.
  const facts = databaseErrorFacts(error);
  console.error(facts ? { msg: 'RHC could not start: a database error', ...facts } : error);
  process.exit(1);
});
