import { test as base } from '@playwright/test';

/** Every journey runs against the server started by global-setup. */
export const test = base.extend({
  // Playwright reads fixture dependencies from the destructuring pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts (global setup starts the server).');
    await use(url);
  },
});
export { expect } from '@playwright/test';
