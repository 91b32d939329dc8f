import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    env: { TZ: 'UTC' },
    // Migrates one PGlite and one PostgreSQL database once; each test file starts from a copy (test/database-templates.ts).
    globalSetup: ['./test/database-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
