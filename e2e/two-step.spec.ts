import type { Page } from '@playwright/test';
import enAccounts from '../packages/i18n/locales/en/accounts.json' with { type: 'json' };
import en from '../packages/i18n/locales/en/two-step.json' with { type: 'json' };
import viAccounts from '../packages/i18n/locales/vi/accounts.json' with { type: 'json' };
import vi from '../packages/i18n/locales/vi/two-step.json' with { type: 'json' };
import { download } from './support/downloads.ts';
import { codeAfter, outbox } from './support/outbox.ts';
import { noteSecret } from './support/secrets.ts';
import {
  noteSessionTokens,
  logInOnScreenIn,
  logInTexts,
  pageIn,
  signUpByApi,
  type Language,
  type LogInTexts,
  type NewPerson,
} from './support/sessions.ts';
import { proveOnScreen } from './support/step-up.ts';
import { expect, expectNoSeriousA11yViolations, test } from './support/test.ts';

/*
 * Two-step login (issue 53, decision 054), in Vietnamese and in English: the person switches it on on their personal
 * information page (a fresh code first: the step-up dialog), saves the ten recovery codes (downloaded), and signs out.
 * In a new browser the login asks the second step: a code from the outbox, "trust this device"; that browser then logs
 * in with the password alone. Another new browser gets in with a recovery code instead.
 */

const LANGUAGES = [
  { language: 'vi', strings: vi, accounts: viAccounts },
  { language: 'en', strings: en, accounts: enAccounts },
] as const;

type Accounts = typeof viAccounts;

async function signOut(page: Page, accounts: Accounts): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: accounts.header.signOut }).click();
  const dialog = page.getByRole('dialog', { name: accounts.signOut.title });
  await expect(dialog.getByText(accounts.signOut.message)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sign-out dialog');
  await dialog.getByRole('button', { name: accounts.signOut.yes, exact: true }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: accounts.login.submit })).toBeVisible();
}

/** Types the phone and password on the login screen and submits. */
async function submitPassword(page: Page, texts: LogInTexts, me: NewPerson): Promise<void> {
  await page.goto('/login/');
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: texts.phone }).fill(me.phone);
  await main.getByRole('textbox', { name: texts.password }).fill(me.password);
  await main.getByRole('button', { name: texts.login }).click();
}

async function expectSignedIn(page: Page, texts: LogInTexts, me: NewPerson, how: string): Promise<void> {
  await expect(page.getByRole('banner').getByRole('button', { name: texts.userMenu(me.fullName) })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, `home, signed in ${how}`);
  await noteSessionTokens(page);
}

for (const { language, strings, accounts } of LANGUAGES) {
  test(`two-step login (${language}): switched on, a code in a new browser that is then trusted, a recovery code in another`, async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const texts = logInTexts(accounts);
    const stamp = String(Date.now()).slice(-7);
    const me: NewPerson = {
      phone: `083${stamp}`,
      password: 'Baomat2026',
      fullName: language === 'vi' ? 'Đặng Thị Thu Hà' : 'Dang Thu Ha',
      email: `haibuoc${stamp}${language}@example.vn`,
      address: '21 Nguyễn Trãi, Quận 1, TP. Hồ Chí Minh',
      gender: 'female',
      dateOfBirth: '1988-07-19',
      jobNote: language === 'vi' ? 'Giáo viên' : 'Teacher',
    };
    await signUpByApi(request, me, language as Language);
    await logInOnScreenIn(page, baseURL, language as Language, texts, me);
    const section = page.locator('section').filter({ has: page.getByRole('heading', { name: strings.section.title }) });
    let codes: string[] = [];

    await test.step('switch it on (a fresh code first) and save the recovery codes', async () => {
      await page.goto('/infouser/');
      await expect(section.getByText(strings.section.off, { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'personal information, two-step login off');
      await section.getByRole('button', { name: strings.section.enable }).click();
      await proveOnScreen(page, request, language as Language, me.phone);
      const list = section.getByRole('list', { name: strings.codes.listLabel });
      await expect(list.getByRole('listitem')).toHaveCount(10);
      codes = await list.getByRole('listitem').allTextContents();
      for (const code of codes) noteSecret(code);
      expect(codes.every((code) => /^[A-Z0-9]{5}-[A-Z0-9]{5}$/.test(code))).toBe(true);
      await expectNoSeriousA11yViolations(page, 'personal information, recovery codes shown');
      const file = await download(page, section.getByRole('button', { name: strings.codes.download }));
      expect(file.name).toBe(strings.codes.fileName);
      expect(file.bytes.toString('utf8').split('\n')).toEqual(expect.arrayContaining(codes));
      await section.getByRole('button', { name: strings.codes.saved }).click();
      await expect(list).toBeHidden();
      await expect(section.getByText(strings.section.on, { exact: true })).toBeVisible();
      await signOut(page, accounts);
    });

    const trusted = await pageIn(browser, baseURL ?? '', language as Language);
    await test.step('a new browser: the second step, a code by SMS, and this device trusted', async () => {
      await submitPassword(trusted, texts, me);
      const main = trusted.getByRole('main');
      await expect(main.getByRole('heading', { name: strings.login.title })).toBeVisible();
      await expectNoSeriousA11yViolations(trusted, 'login, second step');
      await main.getByRole('checkbox', { name: strings.login.trust }).check();
      const before = (await outbox(request, me.phone)).length;
      await main.getByRole('button', { name: accounts.otp.send }).click();
      const code = await codeAfter(request, me.phone, before);
      const field = main.getByRole('textbox', { name: accounts.otp.code });
      await field.fill(code);
      await field.press('Enter');
      await expectSignedIn(trusted, texts, me, 'after the second step');
    });

    await test.step('the trusted browser logs in with the password alone next time', async () => {
      await signOut(trusted, accounts);
      await submitPassword(trusted, texts, me);
      await expectSignedIn(trusted, texts, me, 'on a trusted device');
      await trusted.context().close();
    });

    const other = await pageIn(browser, baseURL ?? '', language as Language);
    await test.step('another new browser: a recovery code instead', async () => {
      await submitPassword(other, texts, me);
      const main = other.getByRole('main');
      await main.getByRole('button', { name: strings.login.useRecovery }).click();
      await main.getByRole('textbox', { name: strings.login.recoveryCode }).fill(codes[0] ?? '');
      await expectNoSeriousA11yViolations(other, 'login, recovery code');
      await main.getByRole('button', { name: strings.login.submit }).click();
      await expectSignedIn(other, texts, me, 'with a recovery code');
      await other.context().close();
    });
  });
}
