import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';

/** Clicks `link` and waits for the download it starts: the file's suggested name and its bytes. */
export async function download(page: Page, link: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}
