/**
 * The browser the benches and the E2E journeys (e2e/playwright.config.ts) drive: Debian's Chromium unless CHROME_PATH
 * says otherwise.
 */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Without the networking flags, Chromium's own outbound connections (updates, sync…) are refused over and over here. */
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
