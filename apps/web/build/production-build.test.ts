import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Issue 54 item 28: with NODE_ENV=development in the shell — a setting many developers keep — `vite build` bundled
 * React's development build (entry route 178.6 KB, whole app 476.5 KB gzip, measured) and the size budget stopped
 * `npm start`. The web build pins its own NODE_ENV; the server's mode stays the shell's.
 */
describe('the web build', () => {
  it('is a production build whatever NODE_ENV the shell holds', () => {
    const manifest = JSON.parse(readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.build).toMatch(/^NODE_ENV=production vite build\b/);
  });
});
