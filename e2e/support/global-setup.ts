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
 * to a catcher — and hands the address to the tests through E2E_BASE_URL (E2E_CLOCK_BASE_URL for the journeys that
 * move the clock). On teardown the servers' whole log is kept in test-results/server.log and must not contain any
 * password, code or token the journeys used.
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
  // Two servers of the same build: the journeys' own, and one for the journeys that move the server's clock (POST
  // /api/dev/clock, one clock per process: playwright.config.ts's server-clock project), so that those can run beside
  // the others instead of after them.
  const env = {
    NODE_ENV: 'development',
    WEB_DIST_DIR: WEB_DIST,
    // As behind a load balancer: sign-ups by API say where they come from (support/sessions.ts addressOf).
    TRUST_PROXY: 'true',
    SMTP_URL: mail.url,
    SUPPORT_PHONE: E2E_SUPPORT_CONTACT.phone,
    SUPPORT_EMAIL: E2E_SUPPORT_CONTACT.email,
  };
  const dataDirs = await Promise.all([0, 1].map(() => fs.mkdtemp(path.join(os.tmpdir(), 'rhc-e2e-'))));
  // Each migrates and seeds an embedded database: about 10 s alone on a quiet 2-core machine, 80 s for the two at once
  // on one at a load average of 10 (2026-12-07), hence more than the default minute.
  const servers = await Promise.all(dataDirs.map((dataDir) => startServerProcess({ ...env, DATA_DIR: dataDir }, { timeoutMs: 180_000 })));
  const [server, clockServer] = servers;
  if (!server || !clockServer) throw new Error('both e2e servers start');
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_CLOCK_BASE_URL = clockServer.url;
  process.env.E2E_MAIL_DIR = MAIL_DIR;
  return async () => {
    await Promise.all(servers.map((each) => each.stop('SIGTERM')));
    await mail.close();
    await fs.mkdir(RESULTS_DIR, { recursive: true });
    const output = servers.map((each) => each.output()).join('');
    await fs.writeFile(path.join(RESULTS_DIR, 'server.log'), output);
    await Promise.all(dataDirs.map((dataDir) => fs.rm(dataDir, { recursive: true, force: true })));
    const leaked = secretsFoundIn(output);
    if (leaked.length > 0)
      throw new Error(`The server log contains ${leaked.length} secret(s) used by the journeys (see test-results/server.log).`);
  };
}
