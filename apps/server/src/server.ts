import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { EnvError, loadEnv } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoData, seedReferenceData } from './db/seed/index.ts';

/** Entry: env → database → migrate → seed → buildApp() → listen; SIGTERM/SIGINT drain and close. */
async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const version = readVersion();
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'pglite') },
  );
  await database.migrate();
  await seedReferenceData(database.db, { supportContact: { phone: env.SUPPORT_PHONE, email: env.SUPPORT_EMAIL } });
  if (env.SEED_DEMO) await seedDemoData(database.db, new Date());

  const app = await buildApp({
    database,
    version,
    webDistDir: env.WEB_DIST_DIR,
    trustProxy: env.TRUST_PROXY,
    uploadsDir: path.join(env.DATA_DIR, 'uploads'),
    production: env.NODE_ENV === 'production',
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    sms: { gatewayUrl: env.SMS_GATEWAY_URL, gatewayKey: env.SMS_GATEWAY_KEY },
    videoBaseUrl: env.VIDEO_BASE_URL,
    publicBaseUrl: env.PUBLIC_BASE_URL,
    logger: {
      level: env.LOG_LEVEL,
      // Secrets never reach the log, even if a later serializer includes headers.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // Tokens never appear in a logged URL either (the refresh path carries only the user id).
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

function readVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../../package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

await main();
