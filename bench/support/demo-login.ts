import type { Page } from 'puppeteer-core';
import { DEMO_ACCOUNTS } from '../../apps/server/src/db/seed/demo.ts';

/** A person of the demo data seeded with SEED_DEMO. */
export type DemoPerson = keyof typeof DEMO_ACCOUNTS;
const STORAGE_PREFIX = 'RHC_';

/**
 * Logs a demo person in inside this Chrome, as the login form does: POST /api/login from the app's origin (the
 * browser keeps the session cookies it sets), then the login state the web keeps in localStorage (stores/auth-store.ts).
 * It does so from /api/health, so no page of the app is loaded (and cached) before the measured one.
 */
export async function logInInside(page: Page, baseUrl: string, person: DemoPerson): Promise<void> {
  await page.goto(new URL('/api/health', baseUrl).href);
  const failure = await page.evaluate(
    async (person, prefix) => {
      const response = await fetch('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(person),
      });
      if (!response.ok) return `${response.status} ${await response.text()}`;
      const { data } = (await response.json()) as { data: { user: { userId: string } } };
      // Runs in the page; typed by hand because the server's tsconfig (which also checks bench/) has no DOM lib.
      const storage = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage;
      storage.setItem(`${prefix}auth`, JSON.stringify({ state: { user: data.user }, version: 1 }));
      storage.setItem(`${prefix}userId`, data.user.userId);
      return null;
    },
    { phone: DEMO_ACCOUNTS[person].phone, password: DEMO_ACCOUNTS[person].password },
    STORAGE_PREFIX,
  );
  if (failure) throw new Error(`demo ${person} login failed: ${failure}`);
  const session = await page.createCDPSession();
  await session.send('Network.clearBrowserCache');
  await session.detach();
}
