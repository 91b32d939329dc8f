import type { Browser, BrowserContext } from '@playwright/test';

/**
 * Runs `run` with `track` applied to the test's own context and to every context the test opens with
 * `browser.newContext()` meanwhile (a second person's browser), for the automatic guards of support/test.ts.
 */
export async function withEveryContext(
  browser: Browser,
  context: BrowserContext,
  track: (context: BrowserContext) => Promise<void>,
  run: () => Promise<void>,
): Promise<void> {
  await track(context);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const created = await newContext(...args);
    await track(created);
    return created;
  };
  try {
    await run();
  } finally {
    browser.newContext = newContext;
  }
}
