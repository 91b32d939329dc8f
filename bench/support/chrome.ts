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

/*
 * The browser that measures a page's main thread (bench/lighthouse.ts, bench/main-thread.ts). With DevTools attached,
 * as every measuring tool is, V8 records where each new `Error` was made, line and column, and for that compiles the
 * source positions of every function on the stack, which it otherwise leaves out until someone asks for them.
 * react-dom makes one `Error` as its module starts (a marker it throws during hydration), with the entry chunk's
 * top-level function and react-dom's own 10,000-line one on the stack: in Chromium 156 on this machine that one line
 * took 47–66 ms with DevTools attached and 0.2–0.5 ms without (`--dump-dom`; decision 015). A person's browser never
 * pays it; Lighthouse's simulation multiplies it by four. With the flag below V8 compiles every function with its
 * source positions from the start (a little more compiling, which the figures keep). LAZY_SOURCE_POSITIONS=1 measures
 * with V8's default instead.
 */
export const MEASURING_FLAGS = [
  ...CHROME_FLAGS,
  ...(process.env.LAZY_SOURCE_POSITIONS ? [] : ['--js-flags=--no-enable-lazy-source-positions']),
];
