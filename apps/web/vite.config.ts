import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { compressBuild } from './build/compress-plugin.ts';
import { stampServiceWorker } from './build/service-worker-plugin.ts';
import { sizeBudget } from './build/size-budget.ts';

/** The API server (apps/server) in development; the built app is served by that server itself in production. */
const API_ORIGIN = 'http://localhost:3000';
const apiProxy = { '/api': { target: API_ORIGIN, changeOrigin: false } };

export default defineConfig({
  plugins: [react(), stampServiceWorker(), sizeBudget(), compressBuild()],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (the shell) in one chunk: the first screen needs all of it anyway,
          // and one file compresses better and costs one request, where automatic splitting cut it into up to 16
          // files that every page loads (decision 015). Lazy pages, features and their libraries still split.
          groups: [{ name: 'shell', tags: ['$initial'] }],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Spec §9 shows dates in Vietnam's time; tests pin the machine's zone so "local" never differs by runner.
    env: { TZ: 'UTC' },
    // Whole pages with long forms render in jsdom; on a busy 2-core runner a page test can pass 5 s without being wrong.
    testTimeout: 30_000,
  },
});
