import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { CHROME_FLAGS, CHROME_PATH } from '../bench/support/chrome.ts';
import { RESULTS_DIR } from './support/results-dir.ts';

// Debian's Chromium, never a downloaded browser (the machines reach only the npm and Debian registries).
if (!fs.existsSync(CHROME_PATH)) {
  throw new Error(
    `No Chromium found at ${CHROME_PATH}. Install it with "apt-get install chromium" or set CHROME_PATH to a Chromium or Chrome binary.`,
  );
}

/** The journeys that move the server's clock (POST /api/dev/clock). */
const MOVES_THE_SERVER_CLOCK = ['clinical.spec.ts', 'doctor-order.spec.ts', 'lab-imaging.spec.ts', 'reminders.spec.ts', 'vaccines.spec.ts'];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './support/global-setup.ts',
  outputDir: RESULTS_DIR,
  fullyParallel: true,
  workers: 2,
  // A journey that fails is run once more: failing twice is a break and fails the run; passing the second time is
  // reported as flaky, with the failure notes of its first try (support/failure-notes.ts) in the log, to be chased.
  // 2026-11-28: two journeys each failed once in CI waiting for an order's page, and passed in four runs here.
  retries: 1,
  forbidOnly: !!process.env.CI,
  // Generous: a timeout here finds a journey that hangs, it does not measure speed; a busy 2-core runner took 33 s for
  // a 30 s journey and 6.1 min for the 6 min one (2026-11-27), so every journey's own timeout is twice what it needed.
  timeout: 60_000,
  // A page that reads its data on a busy runner can take more than the default 5 s to show it (2026-11-27: an order's
  // page still loading after 5 s). This is only how long an assertion waits for what should appear.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  projects: [
    { name: 'journeys', testIgnore: MOVES_THE_SERVER_CLOCK },
    // The server's clock is one for the whole process (POST /api/dev/clock): a journey that moves it would move it under
    // every journey running beside it (2026-11-27: the clinical journey in English, started while the Vietnamese one had
    // moved the clock, found its "in 10 minutes" already past, and the reminder journey's reset undid the clinical one's
    // move). These journeys run after all the others, one at a time.
    { name: 'server-clock', testMatch: MOVES_THE_SERVER_CLOCK, dependencies: ['journeys'], workers: 1 },
  ],
  use: {
    ...devices['Desktop Chrome'],
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROME_PATH,
      args: CHROME_FLAGS,
    },
  },
});
