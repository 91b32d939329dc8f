import type { APIRequestContext, Page } from '@playwright/test';
import enAccounts from '../../packages/i18n/locales/en/accounts.json' with { type: 'json' };
import enStepUp from '../../packages/i18n/locales/en/step-up.json' with { type: 'json' };
import viAccounts from '../../packages/i18n/locales/vi/accounts.json' with { type: 'json' };
import viStepUp from '../../packages/i18n/locales/vi/step-up.json' with { type: 'json' };
import zhAccounts from '../../packages/i18n/locales/zh/accounts.json' with { type: 'json' };
import zhStepUp from '../../packages/i18n/locales/zh/step-up.json' with { type: 'json' };
import { expectNoSeriousA11yViolationsOnce } from './a11y.ts';
import { codeAfter, outbox } from './outbox.ts';
import { addressOf, type Language } from './sessions.ts';
import { expect } from './test.ts';

/*
 * Step-up verification (decision 051): a password change or a share asks the session for a fresh code. A journey proves
 * it on screen, in the dialog the refused change opens, or through the API for a session it holds as a bearer token.
 */

const TEXTS = {
  vi: { stepUp: viStepUp, accounts: viAccounts },
  en: { stepUp: enStepUp, accounts: enAccounts },
  zh: { stepUp: zhStepUp, accounts: zhAccounts },
} as const;

/**
 * In the step-up dialog a refused change opened: sends the code by the channel offered first (the verified phone,
 * `to`), types it from the development outbox, and waits for the dialog to close (the change is then sent again).
 */
export async function proveOnScreen(page: Page, request: APIRequestContext, language: Language, to: string): Promise<void> {
  const { stepUp, accounts } = TEXTS[language];
  const dialog = page.getByRole('dialog', { name: stepUp.title });
  await expect(dialog.getByRole('button', { name: accounts.otp.send })).toBeVisible();
  await expectNoSeriousA11yViolationsOnce(page, 'step-up dialog');
  const before = (await outbox(request, to)).length;
  await dialog.getByRole('button', { name: accounts.otp.send }).click();
  const code = await codeAfter(request, to, before);
  const field = dialog.getByRole('textbox', { name: accounts.otp.code });
  await field.fill(code);
  await field.press('Enter');
  await expect(dialog).toBeHidden();
}

/** Proves a session held as a bearer token (logInByApi) with a step-up code sent by SMS to its verified phone `to`. */
export async function proveByApi(request: APIRequestContext, auth: { authorization: string }, to: string): Promise<void> {
  const before = (await outbox(request, to)).length;
  const sent = await request.post('/api/step-up/code', {
    headers: { ...auth, 'x-forwarded-for': addressOf(to) },
    data: { channel: 'sms' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const code = await codeAfter(request, to, before);
  const verified = await request.post('/api/step-up/verify', { headers: auth, data: { code } });
  expect((await verified.json()).data).toMatchObject({ isValid: true });
}
