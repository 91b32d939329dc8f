import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { withEveryContext } from './contexts.ts';

/** How many of a page's last events a failure prints. */
const EVENTS_KEPT = 25;
/** How much of a page's visible text a failure prints. */
const TEXT_SHOWN = 600;

/** A path with its ids masked, so the notes read the same from run to run. */
function shortPath(url: string): string {
  try {
    const { pathname } = new URL(url);
    return pathname.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ':id');
  } catch {
    return url.slice(0, 80);
  }
}

/**
 * The automatic failure notes (support/test.ts runs them for every test): each page of the test's contexts keeps its
 * last events — navigations, uncaught errors, console errors, failed requests and answers of 400 and above — and when
 * the test fails, the notes print where every page stood, what it showed and what went wrong on the way. A journey
 * that fails on a busy CI runner and nowhere else is then read from the CI log, where the trace files do not reach.
 */
export async function noteFailures(browser: Browser, context: BrowserContext, testInfo: TestInfo, run: () => Promise<void>) {
  const pages = new Map<Page, string[]>();
  const started = Date.now();
  const note = (page: Page, text: string) => {
    const events = pages.get(page);
    if (!events) return;
    events.push(`+${((Date.now() - started) / 1000).toFixed(1)} s ${text}`);
    if (events.length > EVENTS_KEPT) events.shift();
  };
  const watch = (page: Page) => {
    pages.set(page, []);
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) note(page, `at ${shortPath(frame.url())}`);
    });
    page.on('pageerror', (error) => note(page, `uncaught ${error.name}: ${error.message.slice(0, 300)}`));
    page.on('console', (message) => {
      if (message.type() === 'error') note(page, `console error: ${message.text().slice(0, 300)}`);
    });
    page.on('requestfailed', (request) =>
      note(page, `failed ${request.method()} ${shortPath(request.url())}: ${request.failure()?.errorText ?? ''}`),
    );
    page.on('response', (response) => {
      if (response.status() >= 400) note(page, `${response.status()} ${response.request().method()} ${shortPath(response.url())}`);
    });
  };
  const track = async (tracked: BrowserContext) => {
    tracked.pages().forEach(watch);
    tracked.on('page', watch);
  };
  await withEveryContext(browser, context, track, run);
  if (testInfo.status === testInfo.expectedStatus) return;
  const lines = [`--- failure notes: ${testInfo.title}`];
  let index = 0;
  for (const [page, events] of pages) {
    index += 1;
    if (page.isClosed()) continue;
    const text = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .then((body) => body.replace(/\s+/g, ' ').slice(0, TEXT_SHOWN))
      .catch((error: Error) => `(unreadable: ${error.message.split('\n')[0]})`);
    lines.push(`page ${index}: at ${shortPath(page.url())}`, `  shows: ${text}`, ...events.map((event) => `  ${event}`));
  }
  console.log(lines.join('\n'));
}
