import { expect, type Browser, type BrowserContext } from '@playwright/test';
import { withEveryContext } from './contexts.ts';

declare global {
  interface Window {
    __rhcCspViolation?: (text: string) => Promise<void>;
  }
}

/**
 * The automatic Content-Security-Policy check (support/test.ts runs it for every test): every page of the test's
 * context, and of any context it opens, reports each `securitypolicyviolation` the browser raises, and the test
 * fails naming them. A violation is a console error on the person's screen and a report to whoever collects them,
 * even when the script that caused it catches the error (zod's probe for `eval` did).
 */
export async function guardCsp(browser: Browser, context: BrowserContext, run: () => Promise<void>): Promise<void> {
  const violations: string[] = [];
  const track = async (tracked: BrowserContext) => {
    await tracked.exposeBinding('__rhcCspViolation', ({ page }, text: string) => {
      violations.push(`${page ? new URL(page.url()).pathname : '?'}: ${text}`);
    });
    await tracked.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
        void window.__rhcCspViolation?.(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'}${where}`);
      });
    });
  };
  await withEveryContext(browser, context, track, run);
  expect(violations, 'Content-Security-Policy violations while the journey ran').toEqual([]);
}
