import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations } from './test.ts';

/**
 * Clicks `opener`, which asks first: its dialog titled `title` shows (saying `message`, when given) and is checked by
 * axe as `screen`; its `ok` button confirms, and the page then says `done`.
 */
export async function confirmInDialog(
  page: Page,
  opener: Locator,
  texts: { title: string; message?: string; ok: string; done: string },
  screen: string,
) {
  await opener.click();
  const dialog = page.getByRole('dialog', { name: texts.title });
  await expect(texts.message === undefined ? dialog : dialog.getByText(texts.message)).toBeVisible();
  await expectNoSeriousA11yViolations(page, screen);
  await dialog.getByRole('button', { name: texts.ok, exact: true }).click();
  await expect(page.getByText(texts.done)).toBeVisible();
}

/**
 * On a booking's page (/all-orders/:id), the doctor's or staff's `button` ("Confirm", "Complete"), its confirmation
 * dialog titled `title` checked by axe as `screen`, the same button in it, and the page then saying `done`.
 */
export async function confirmOrderAction(page: Page, texts: { button: string; title: string; done: string }, screen: string) {
  const opener = page.getByRole('main').getByRole('button', { name: texts.button, exact: true });
  await confirmInDialog(page, opener, { title: texts.title, ok: texts.button, done: texts.done }, screen);
}
