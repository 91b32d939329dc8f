import type { Page } from '@playwright/test';
import enAccounts from '../packages/i18n/locales/en/accounts.json' with { type: 'json' };
import en from '../packages/i18n/locales/en/account-deletion.json' with { type: 'json' };
import viAccounts from '../packages/i18n/locales/vi/accounts.json' with { type: 'json' };
import vi from '../packages/i18n/locales/vi/account-deletion.json' with { type: 'json' };
import { proveOnScreen } from './support/step-up.ts';
import { logInOnScreenIn, logInTexts, signUpByApi, type Language, type NewPerson } from './support/sessions.ts';
import { expectToastOf } from './support/toasts.ts';
import { expect, expectNoSeriousA11yViolations, test } from './support/test.ts';
import { fill } from './support/texts.ts';

/*
 * Deleting one's account (issue 53, decision 052), in Vietnamese and in English: the person asks on their personal
 * information page (a red confirmation, then a code to the phone: decision 051), sees the day it will happen, signs
 * out, logs in again — which keeps the account: the notice says so and the page is back to "Delete my account".
 */

const LANGUAGES = [
  { language: 'vi', strings: vi, accounts: viAccounts },
  { language: 'en', strings: en, accounts: enAccounts },
] as const;

/** The day a deletion asked for now happens, as the page writes it (DD/MM/YYYY in Vietnam). */
function dayIn30Days(): string {
  const vietnam = new Date(Date.now() + 30 * 86_400_000 + 7 * 3_600_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(vietnam.getUTCDate())}/${pad(vietnam.getUTCMonth() + 1)}/${vietnam.getUTCFullYear()}`;
}

async function signOut(page: Page, accounts: typeof viAccounts): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: accounts.header.signOut }).click();
  const dialog = page.getByRole('dialog', { name: accounts.signOut.title });
  await expect(dialog.getByText(accounts.signOut.message)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sign-out dialog');
  await dialog.getByRole('button', { name: accounts.signOut.yes, exact: true }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: accounts.login.submit })).toBeVisible();
}

for (const { language, strings, accounts } of LANGUAGES) {
  test(`account deletion (${language}): asked for, then cancelled by logging in again`, async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    const texts = logInTexts(accounts);
    const stamp = String(Date.now()).slice(-7);
    const me: NewPerson = {
      phone: `085${stamp}`,
      password: 'Suckhoe2026',
      fullName: language === 'vi' ? 'Hoàng Thị Mai Anh' : 'Hoang Mai Anh',
      email: `xoa${stamp}${language}@example.vn`,
      address: '3 Trần Hưng Đạo, Quận 5, TP. Hồ Chí Minh',
      gender: 'female',
      dateOfBirth: '1985-02-11',
      jobNote: language === 'vi' ? 'Kế toán' : 'Accountant',
    };
    await signUpByApi(request, me, language as Language);
    await logInOnScreenIn(page, baseURL, language as Language, texts, me);
    const section = page.locator('section').filter({ has: page.getByRole('heading', { name: strings.section.title }) });

    await test.step('ask for the deletion after a red confirmation', async () => {
      await page.goto('/infouser/');
      await expect(page.getByRole('heading', { name: strings.section.title })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'personal information, account deletion');
      await section.getByRole('button', { name: strings.section.start }).click();
      const dialog = page.getByRole('dialog', { name: strings.confirm.title });
      await expect(dialog.getByText(fill(strings.confirm.text, { day: dayIn30Days() }))).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'account deletion confirmation');
      await dialog.getByRole('button', { name: strings.confirm.submit }).click();
      // The request asks for a fresh code (decision 051): the step-up dialog opens, the code goes to the verified phone.
      await proveOnScreen(page, request, language as Language, me.phone);
      await expect(section.getByText(fill(strings.pending.title, { day: dayIn30Days() }))).toBeVisible();
      await expect(section.getByRole('button', { name: strings.pending.keep })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'personal information, deletion pending');
    });

    await test.step('told by e-mail in their language, with the day', async () => {
      const subject = fill(strings.messages.requested.subject, { day: dayIn30Days() });
      await expect
        .poll(async () => {
          const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(me.email)}`);
          return ((await answer.json()).data as { subject: string | null }[]).map((message) => message.subject);
        })
        .toContain(subject);
    });

    await test.step('sign out, log in again: the account is kept and the notice says so', async () => {
      await signOut(page, accounts);
      await page.goto('/login/');
      const main = page.getByRole('main');
      await main.getByRole('textbox', { name: texts.phone }).fill(me.phone);
      await main.getByRole('textbox', { name: texts.password }).fill(me.password);
      await main.getByRole('button', { name: texts.login }).click();
      await expectToastOf(page, strings.loginNotice);
      await expect(page.getByRole('banner').getByRole('button', { name: texts.userMenu(me.fullName) })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'home, deletion cancelled by logging in');
    });

    await test.step('the page is back to "Delete my account"', async () => {
      await page.goto('/infouser/');
      await expect(section.getByRole('button', { name: strings.section.start })).toBeVisible();
      await expect(page.getByText(fill(strings.pending.title, { day: dayIn30Days() }))).toBeHidden();
      await expectNoSeriousA11yViolations(page, 'personal information, deletion cancelled');
    });
  });
}
