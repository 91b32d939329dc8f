import type { Page } from '@playwright/test';
import { expect } from './test.ts';

/** A toast (an alert) saying `text` shows on `page` (the first, when an earlier one of the same text is still up). */
export async function expectToastOf(page: Page, text: string): Promise<void> {
  await expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
}
