import { test as base } from '@playwright/test';
import { guardA11yCoverage } from './a11y.ts';
import { giveOwnAddress } from './addresses.ts';
import { withEveryContext } from './contexts.ts';
import { guardCsp } from './csp.ts';
import { noteFailures } from './failure-notes.ts';

/**
 * Every journey runs against the server started by global-setup.
 *
 * Accessibility rule: every screen and every open dialog, menu or options list a journey shows is checked with
 * expectNoSeriousA11yViolations (support/a11y.ts) once it has rendered its content. The `a11yCoverage` fixture
 * runs for every test without being asked: it watches each page (those of `browser.newContext()` too) and fails
 * the test, naming what was missed, when a screen or overlay it showed was never checked.
 *
 * Content-Security-Policy rule: the `cspGuard` fixture, automatic too, fails a test during which any page
 * reported a policy violation (support/csp.ts).
 *
 * Failure notes: the `failureNotes` fixture, automatic as well, prints where each page stood and what went wrong on it
 * when a test fails (support/failure-notes.ts), for a failure seen only in CI's log.
 *
 * Addresses: the `ownAddress` fixture, automatic, gives every browser context of the test an address of its own
 * (support/addresses.ts), so the per-address cap of code sends is one person's, not the whole run's.
 */
export const test = base.extend<{ a11yCoverage: undefined; cspGuard: undefined; failureNotes: undefined; ownAddress: undefined }>({
  // Playwright reads fixture dependencies from the destructuring pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts (global setup starts the server).');
    await use(url);
  },
  a11yCoverage: [
    async ({ browser, context }, use) => {
      await guardA11yCoverage(browser, context, () => use(undefined));
    },
    { auto: true },
  ],
  cspGuard: [
    async ({ browser, context }, use) => {
      await guardCsp(browser, context, () => use(undefined));
    },
    { auto: true },
  ],
  ownAddress: [
    async ({ browser, context }, use, testInfo) => {
      await withEveryContext(
        browser,
        context,
        (each) => giveOwnAddress(each, testInfo.workerIndex),
        () => use(undefined),
      );
    },
    { auto: true },
  ],
  failureNotes: [
    async ({ browser, context }, use, testInfo) => {
      await noteFailures(browser, context, testInfo, () => use(undefined));
    },
    { auto: true },
  ],
});
export { expect } from '@playwright/test';
export { expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsOnce } from './a11y.ts';
