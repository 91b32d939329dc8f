import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { RESULTS_DIR } from './support/results-dir.ts';

/** Debian's Chromium, never a downloaded browser (the machines reach only the npm and Debian registries). */
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromePath)) {
  throw new Error(
    `No Chromium found at ${chromePath}. Install it with "apt-get install chromium" or set CHROME_PATH to a Chromium or Chrome binary.`,
  );
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './support/global-setup.ts',
  outputDir: RESULTS_DIR,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
