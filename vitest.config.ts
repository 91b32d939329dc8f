import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** One Vitest run over every workspace; each folder's own config names its project. */
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    reporters: ['verbose'],
    // Vitest's default is one worker less than the cores: one worker on the 2-core CI machine, which left the second
    // core to PostgreSQL's and Vitest's own bursts and idle the rest of the time. Every test file has databases of its
    // own (test/test-app.ts), so two files at once share nothing.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
