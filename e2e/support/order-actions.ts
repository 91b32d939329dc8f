import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations } from './test.ts';

/**
 * On a booking's page (/all-orders/:id), the doctor's or staff's `button` ("Confirm", "Complete"), its confirmation
 * dialog titled `title` checked by axe as `screen`, the same button in it, and the page then saying `done`.
 */
export async function confirmOrderAction(page: Page, texts: { button: string; title: string; done: string }, screen: string) {
  await page.getByRole('main').getByRole('button', { name: texts.button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: texts.title });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, screen);
  await dialog.getByRole('button', { name: texts.button, exact: true }).click();
  await expect(page.getByText(texts.done)).toBeVisible();
}
