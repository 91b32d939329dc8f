import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolationsOnce } from './a11y.ts';
import { noteSecret } from './secrets.ts';
import { expect } from './test.ts';
import { fill } from './texts.ts';

/** What the log-in screen and the header say, in the language a journey runs in. */
export type LogInTexts = { phone: string; password: string; login: string; userMenu: (name: string) => string };

export type Language = 'vi' | 'en' | 'zh';

/** The parts of a language's accounts.json (packages/i18n) the log-in screen and the header show. */
export interface AccountsTexts {
  fields: { phone: string; password: string };
  login: { submit: string };
  header: { userMenu: string };
}

/** The log-in screen's and the header's texts from a language's accounts.json. */
export function logInTexts(accounts: AccountsTexts): LogInTexts {
  return {
    phone: accounts.fields.phone,
    password: accounts.fields.password,
    login: accounts.login.submit,
    userMenu: (name) => fill(accounts.header.userMenu, { name }),
  };
}

/** A page in a new browser context (a second person's browser) whose app language is `language`. */
export async function pageIn(browser: Browser, baseURL: string, language: Language): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'RHC_lang', value: language, url: baseURL }]);
  return context.newPage();
}

/** Every session token the browser holds must stay out of the server log too. */
export async function noteSessionTokens(page: Page): Promise<void> {
  for (const cookie of await page.context().cookies()) {
    if (cookie.name === 'RHC_access_token' || cookie.name === 'RHC_refresh_token') noteSecret(cookie.value);
  }
}

/** Logs in on the log-in screen and waits for the signed-in header; both screens are checked by axe once per run. */
export async function logInOnScreen(page: Page, texts: LogInTexts, account: { phone: string; password: string; fullName: string }) {
  noteSecret(account.password);
  await page.goto('/login/');
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: texts.login })).toBeVisible();
  await expectNoSeriousA11yViolationsOnce(page, 'login');
  await main.getByRole('textbox', { name: texts.phone }).fill(account.phone);
  await main.getByRole('textbox', { name: texts.password }).fill(account.password);
  await main.getByRole('button', { name: texts.login }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: texts.userMenu(account.fullName) })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolationsOnce(page, 'home, signed in');
  await noteSessionTokens(page);
}

/** Sets the page's app language (the RHC_lang cookie, as the header's switch writes it), then logs in on screen. */
export async function logInOnScreenIn(
  page: Page,
  baseURL: string | undefined,
  language: Language,
  texts: LogInTexts,
  account: { phone: string; password: string; fullName: string },
) {
  await page.context().addCookies([{ name: 'RHC_lang', value: language, url: baseURL ?? '' }]);
  await logInOnScreen(page, texts, account);
}

/**
 * Logs in through the API: the bearer header and the account's id. A log-in stores the app language it is made in
 * (the person's messages are in it): `language` sends it; without it the server keeps to its default.
 */
export async function logInByApi(request: APIRequestContext, account: { phone: string; password: string }, language?: Language) {
  const answer = await request.post('/api/login', {
    data: { phone: account.phone, password: account.password },
    ...(language ? { headers: { 'accept-language': language } } : {}),
  });
  expect(answer.status()).toBe(200);
  const data = (await answer.json()).data as { accessToken: string; user: { userId: string } };
  noteSecret(data.accessToken);
  return { authorization: `Bearer ${data.accessToken}`, userId: data.user.userId };
}

/** A person signing up through the API: their phone is verified by the code the outbox holds for it. */
export interface NewPerson {
  phone: string;
  password: string;
  fullName: string;
  email: string;
  address: string;
  gender: 'male' | 'female';
  dateOfBirth: string;
  jobNote: string;
}

/**
 * Where a person signs up from: an address of TEST-NET-3 (RFC 5737, never routed) picked by their phone, sent as
 * X-Forwarded-For to the server under test (it trusts its proxy, as behind a load balancer). People signing up from one
 * address share its hourly cap of sent codes (OTP_SENDS_PER_IP_PER_HOUR); a whole run's sign-ups from 127.0.0.1 would
 * pass it, and the journeys are many people, not one machine.
 */
export function addressOf(phone: string): string {
  return `203.0.113.${(Number(phone.slice(-3)) % 254) + 1}`;
}

/** Signs a new person up through the API (job "other"), in `language` when given: the account's language is its sign-up's. */
export async function signUpByApi(request: APIRequestContext, person: NewPerson, language?: Language): Promise<void> {
  noteSecret(person.password);
  const sent = await request.post('/api/otp/saveVerificationIdToDb', {
    headers: { 'x-forwarded-for': addressOf(person.phone) },
    data: { phone: person.phone, purpose: 'signup' },
  });
  expect(sent.status()).toBe(200);
  const verificationId = (await sent.json()).data.verificationId as string;
  let code: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(person.phone)}`);
      code = ((await answer.json()).data as { text: string }[])[0]?.text.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  noteSecret(code as string);
  expect((await request.post('/api/otp/verify', { data: { verificationId, code } })).status()).toBe(200);
  const { phone, password, fullName, email, address, gender, dateOfBirth, jobNote } = person;
  const signup = await request.post('/api/signup', {
    ...(language ? { headers: { 'accept-language': language } } : {}),
    data: { verificationId, fullName, phone, email, password, rePassword: password, address, gender, dateOfBirth, jobId: 3, jobNote },
  });
  expect(signup.status(), await signup.text()).toBe(201);
}
