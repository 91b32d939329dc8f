import fs from 'node:fs';
import path from 'node:path';
import { withEveryContext } from './contexts.ts';
import { RESULTS_DIR } from './results-dir.ts';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Result } from 'axe-core';

/** WCAG 2.2 AA as axe-core tags it (2.0, 2.1 and 2.2 success criteria, levels A and AA). */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);
/** Every failing check's message starts with this, so teardown can tell them from a journey that broke. */
const A11Y_FAILURE = 'Accessibility:';
/** One line per check (screen, address, every violation), for reading a whole run at once. */
export const A11Y_REPORT = path.join(RESULTS_DIR, 'a11y-report.jsonl');

/*
 * What a journey shows, as the browser reports it: a screen is the route of the page's address (ids become
 * ":id"), an overlay is an open dialog, popover, menu or options list (by role and name). The script below runs
 * in every page of a tracked context and reports each overlay the moment it is drawn.
 */
const OVERLAYS = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], .mantine-Popover-dropdown:not([role])';

declare global {
  interface Window {
    __rhcA11yOverlays?: () => string[];
    __rhcA11ySeen?: (keys: string[]) => Promise<void>;
  }
}

function overlayScript(selector: string) {
  const labelOf = (field: Element | null) =>
    field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement
      ? (field.labels?.[0]?.textContent ?? field.getAttribute('aria-label') ?? '')
      : (field?.textContent ?? '');
  // A popover keeps the name it had when it opened, whatever gets the focus while it fades out.
  const popoverNames = new WeakMap<Element, string>();
  const nameOf = (element: Element): string => {
    // A popover without a role (Mantine's date picker dropdown) is named after the field that opened it.
    if (!element.getAttribute('role')) {
      const name = popoverNames.get(element) ?? labelOf(document.activeElement);
      popoverNames.set(element, name);
      return name;
    }
    const label = element.getAttribute('aria-label');
    if (label) return label;
    const ids = element.getAttribute('aria-labelledby')?.split(/\s+/) ?? [];
    return ids
      .map((id) => labelOf(document.getElementById(id)))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
  };
  const shown = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  window.__rhcA11yOverlays = () =>
    [...document.querySelectorAll(selector)]
      .filter(shown)
      .map((element) => `${element.getAttribute('role') ?? 'popover'} "${nameOf(element).replace(/\s+/g, ' ').trim()}"`);
  let reported = new Set<string>();
  let pending = false;
  const report = () => {
    pending = false;
    const open = window.__rhcA11yOverlays?.() ?? [];
    const fresh = open.filter((key) => !reported.has(key));
    reported = new Set(open);
    // Only what stays open counts: a dialog is nameless for the frame before its title is drawn.
    if (fresh.length > 0)
      setTimeout(() => {
        const still = new Set(window.__rhcA11yOverlays?.() ?? []);
        const stayed = fresh.filter((key) => still.has(key));
        if (stayed.length > 0) void window.__rhcA11ySeen?.(stayed);
      }, 300);
  };
  new MutationObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(report);
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['role', 'style', 'class', 'hidden'] });
}

/** "/order-tracking/3f2a…" and "/healthcareedit/17" are one screen each, whatever the id. */
export function screenOf(url: string): string {
  const { pathname } = new URL(url);
  const route = pathname
    .split('/')
    .map((segment) => (/\d/.test(segment) && segment !== 'page-error-500' ? ':id' : segment))
    .join('/');
  return `screen ${route}`;
}

/** Per page: what it showed, and what a check saw. */
class Coverage {
  private readonly shown = new Map<Page, Set<string>>();
  private readonly checked = new Map<Page, Set<string>>();
  private readonly names = new Map<Page, Set<string>>();

  /** Whether `page` already had a check named `name`; notes it if not. */
  firstNamed(page: Page, name: string): boolean {
    const set = this.names.get(page) ?? new Set<string>();
    this.names.set(page, set);
    if (set.has(name)) return false;
    set.add(name);
    return true;
  }

  seen(page: Page, keys: string[]) {
    const set = this.shown.get(page) ?? new Set<string>();
    keys.forEach((key) => set.add(key));
    this.shown.set(page, set);
  }

  check(page: Page, keys: string[]) {
    const set = this.checked.get(page) ?? new Set<string>();
    keys.forEach((key) => set.add(key));
    this.checked.set(page, set);
  }

  unchecked(): string[] {
    const missing: string[] = [];
    for (const [page, shown] of this.shown) {
      const checked = this.checked.get(page) ?? new Set<string>();
      for (const key of shown) if (!checked.has(key)) missing.push(key);
    }
    return [...new Set(missing)];
  }
}

let coverage: Coverage | undefined;

/*
 * A page reports to the coverage of the test that began tracking it, never to a later test's: a context a journey
 * opened and left open (a doctor's, in clinical.spec) lives on in the worker, and when a later journey moves the
 * server's clock a day ahead its session ends and it goes to /login/ — a screen of no test running now.
 */
function trackPage(page: Page, mine: Coverage | undefined = coverage) {
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().startsWith('http')) mine?.seen(page, [screenOf(frame.url())]);
  });
}

async function trackContext(context: BrowserContext) {
  const mine = coverage;
  await context.exposeBinding('__rhcA11ySeen', ({ page }, keys: string[]) => {
    if (page) mine?.seen(page, keys);
  });
  await context.addInitScript(overlayScript, OVERLAYS);
  context.pages().forEach((page) => trackPage(page, mine));
  context.on('page', (page) => trackPage(page, mine));
}

/**
 * The automatic part of the rule (support/test.ts runs it for every test): every page of the test's own context,
 * and of any context the test opens with `browser.newContext()`, is tracked; when the test ends, each screen and
 * each overlay it showed must have been checked by expectNoSeriousA11yViolations while it was showing, or the
 * test fails and names what was missed.
 */
export async function guardA11yCoverage(browser: Browser, context: BrowserContext, run: () => Promise<void>): Promise<void> {
  coverage = new Coverage();
  try {
    await withEveryContext(browser, context, trackContext, run);
    const info = test.info();
    // A journey that broke stopped before its later screens: only a finished one must have checked them all.
    const broke = info.errors.some((error) => !error.message?.includes(A11Y_FAILURE));
    const missed = coverage.unchecked();
    if (!broke && missed.length > 0) {
      throw new Error(
        `${A11Y_FAILURE} the journey showed ${missed.length} screen(s) or overlay(s) never checked with ` +
          `expectNoSeriousA11yViolations(page, name) while they were showing:\n  ${missed.join('\n  ')}\n` +
          'Call it once the screen has rendered its content (after an assertion on it), and while each dialog, menu or list is open.',
      );
    }
  } finally {
    coverage = undefined;
  }
}

function describe(violation: Result): string {
  const targets = violation.nodes.map((node) => `      ${node.target.join(' ')}`).join('\n');
  return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${targets}`;
}

/**
 * The screen is drawn: no loader spins, nothing is busy, and transitions (a dialog fading in) have ended. With a dialog
 * open, only the dialog on top must be settled: what is behind its overlay may wait for it (a change refused for want
 * of a step-up code keeps its button busy while the code is asked for, decision 051).
 */
async function settled(page: Page, screen: string) {
  const dialogs = page.getByRole('dialog');
  const scope = (await dialogs.count()) > 0 ? dialogs.last() : page.locator('body');
  await expect(
    scope.locator('.mantine-Loader-root:visible, [aria-busy="true"]:visible'),
    `${screen}: still loading, axe would check a spinner`,
  ).toHaveCount(0);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const timing = animation.effect?.getComputedTiming();
      return animation.playState !== 'running' || timing?.iterations === Infinity;
    }),
  );
}

/**
 * Checks the page as it shows now with axe-core (WCAG 2.2 A and AA): a serious or critical violation fails the
 * test, naming the rule, impact, elements and help; moderate and minor ones are printed. The failure is soft, so
 * a journey goes on and one run lists every screen's violations. Call it on every screen and every open
 * dialog, menu or options list a journey shows; support/test.ts fails a test that leaves one unchecked.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string): Promise<void> {
  await settled(page, screen);
  const results = await new AxeBuilder({ page }).withTags(A11Y_TAGS).analyze();
  const open = await page.evaluate(() => window.__rhcA11yOverlays?.() ?? []);
  coverage?.check(page, [screenOf(page.url()), ...open]);

  const failing = results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
  const minor = results.violations.filter((violation) => !FAILING_IMPACTS.has(violation.impact ?? ''));
  fs.mkdirSync(path.dirname(A11Y_REPORT), { recursive: true });
  fs.appendFileSync(
    A11Y_REPORT,
    `${JSON.stringify({
      test: test.info().title,
      screen,
      url: page.url(),
      violations: results.violations.map(({ id, impact, nodes }) => ({ id, impact, targets: nodes.map((node) => node.target.join(' ')) })),
    })}\n`,
  );
  if (minor.length > 0) console.log(`a11y ${screen} (${page.url()}): moderate/minor, not failing:\n${minor.map(describe).join('\n')}`);
  expect
    .soft(
      failing.map(({ id }) => id),
      `${A11Y_FAILURE} ${failing.length} serious/critical axe violation(s) on "${screen}" (${page.url()}):\n${failing.map(describe).join('\n')}`,
    )
    .toEqual([]);
}

/**
 * The same, once per page, screen (route) and name in a test: for helpers that open the same dropdown, calendar
 * or dialog again and again (a second look at an unchanged overlay would find nothing new). A helper that reaches
 * another route under the same name (the confirm step of an in-person and of an online booking) checks it too.
 */
export async function expectNoSeriousA11yViolationsOnce(page: Page, screen: string): Promise<void> {
  if (coverage && !coverage.firstNamed(page, `${screenOf(page.url())} ${screen}`)) return;
  await expectNoSeriousA11yViolations(page, screen);
}
