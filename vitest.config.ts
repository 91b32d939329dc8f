import { defineConfig } from 'vitest/config';

/** One Vitest run over every workspace; each folder's own config names its project. */
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    reporters: ['verbose'],
  },
});
