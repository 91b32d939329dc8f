import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../apps/server/src/db/seed/demo.ts';
import viAccounts from '../packages/i18n/locales/vi/accounts.json' with { type: 'json' };
import { logInOnScreen } from './support/sessions.ts';
import { expect, expectNoSeriousA11yViolations, test } from './support/test.ts';

/*
 * The axe findings of issue 54 item 25, checked in Chromium by the rules themselves (two of them are "moderate", which
 * expectNoSeriousA11yViolations only prints): a day with bookings on /order-list-in-month/ is named by what it shows
 * (label-content-name-mismatch, which jsdom leaves "incomplete"), the monitoring analysis's headings follow the page's
 * h1 (heading-order), and the open user menu sits in a landmark (region). The month's counts are the server's answer
 * as a patient with bookings gets it (two on the 12th), so the check does not depend on what the demo data books.
 */

const PATIENT = DEMO_ACCOUNTS.patient;

async function expectRuleHolds(page: Page, rule: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withRules([rule]).analyze();
  expect(
    results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' '))),
    rule,
  ).toEqual([]);
  expect(results.passes.flatMap((pass) => pass.nodes).length, `${rule} found nothing to check`).toBeGreaterThan(0);
}

test('the booked days, the monitoring analysis and the user menu pass the axe rules of issue 54 item 25', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'RHC_lang', value: 'vi', url: baseURL ?? '' }]);
  const texts = {
    phone: viAccounts.fields.phone,
    password: viAccounts.fields.password,
    login: viAccounts.login.submit,
    userMenu: (name: string) => viAccounts.header.userMenu.replace('{{name}}', name),
  };
  await logInOnScreen(page, texts, PATIENT);

  await page.route('**/api/order/*/date-tests*', async (route) => {
    const url = new URL(route.request().url());
    const day = `${url.searchParams.get('year')}-${String(url.searchParams.get('month')).padStart(2, '0')}-12`;
    await route.fulfill({ json: { status: 200, message: 'OK', data: { days: [{ day, count: 2 }] } } });
  });
  await page.goto('/order-list-in-month/');
  await expect(page.getByRole('button', { name: /^12, 2 lịch hẹn, 12 / })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'bookings by month, a day with bookings');
  await expectRuleHolds(page, 'label-content-name-mismatch');

  await page.goto('/health-monitoring/?tab=analysis');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'monitoring analysis');
  await expectRuleHolds(page, 'heading-order');

  await page
    .getByRole('banner')
    .getByRole('button', { name: texts.userMenu(PATIENT.fullName) })
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'user menu');
  await expectRuleHolds(page, 'region');
});
