import path from 'node:path';

/**
 * Where a run keeps its results (mail, secrets, the accessibility report, the server log, Playwright's output):
 * `E2E_RESULTS_DIR` when set, so two runs on one machine (each with its own built app, `E2E_WEB_DIST`) do not share
 * files; `e2e/test-results` otherwise.
 */
export const RESULTS_DIR = path.resolve(process.env.E2E_RESULTS_DIR ?? path.join(import.meta.dirname, '../test-results'));
