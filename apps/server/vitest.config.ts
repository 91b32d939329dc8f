import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    env: { TZ: 'UTC' },
    // Migrates one PGlite once; each test file starts from a copy of it (see test/pglite-template.ts).
    globalSetup: ['./test/pglite-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
