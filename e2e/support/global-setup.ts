import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../../apps/server/test/server-process.ts';
import { A11Y_REPORT } from './a11y.ts';
import { startMailCatcher } from './mail-catcher.ts';
import { RESULTS_DIR } from './results-dir.ts';
import { SECRETS_FILE, secretsFoundIn } from './secrets.ts';

/** The support contact the journeys expect to see in the footer: it must come from the server. */
export const E2E_SUPPORT_CONTACT = { phone: '02838221234', email: 'hotro@e2e.rhc.test' };
export const MAIL_DIR = path.join(RESULTS_DIR, 'mail');
/** The built app under test: `E2E_WEB_DIST` when set (a build of one's own), else the one `npm run build` writes. */
const WEB_DIST = path.resolve(process.env.E2E_WEB_DIST ?? path.join(import.meta.dirname, '../../apps/web/dist'));

/**
 * Starts the built app as `npm start` runs it — its own process, a free port, a temporary data dir, real SMTP
 * to a catcher — and hands the address to the tests through E2E_BASE_URL. On teardown the server's whole log
 * is kept in test-results/server.log and must not contain any password, code or token the journeys used.
 */
export default async function globalSetup() {
  const webIndex = path.join(WEB_DIST, 'index.html');
  await fs.access(webIndex).catch(() => {
    throw new Error('The web app is not built: run "npm run build" first (npm run test:e2e does).');
  });
  await fs.rm(SECRETS_FILE, { force: true });
  await fs.rm(A11Y_REPORT, { force: true });
  await fs.rm(MAIL_DIR, { recursive: true, force: true });
  const mail = await startMailCatcher(MAIL_DIR);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rhc-e2e-'));
  const server = await startServerProcess({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: WEB_DIST,
    // As behind a load balancer: sign-ups by API say where they come from (support/sessions.ts addressOf).
    TRUST_PROXY: 'true',
    SMTP_URL: mail.url,
    SUPPORT_PHONE: E2E_SUPPORT_CONTACT.phone,
    SUPPORT_EMAIL: E2E_SUPPORT_CONTACT.email,
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_MAIL_DIR = MAIL_DIR;
  return async () => {
    await server.stop('SIGTERM');
    await mail.close();
    await fs.mkdir(RESULTS_DIR, { recursive: true });
    await fs.writeFile(path.join(RESULTS_DIR, 'server.log'), server.output());
    await fs.rm(dataDir, { recursive: true, force: true });
    const leaked = secretsFoundIn(server.output());
    if (leaked.length > 0)
      throw new Error(`The server log contains ${leaked.length} secret(s) used by the journeys (see test-results/server.log).`);
  };
}
