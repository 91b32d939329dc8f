import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { compressBuild } from './build/compress-plugin.ts';
import { stampServiceWorker } from './build/service-worker-plugin.ts';
import { sizeBudget } from './build/size-budget.ts';

/** The API server (apps/server) in development; the built app is served by that server itself in production. */
const API_ORIGIN = 'http://localhost:3000';
const apiProxy = { '/api': { target: API_ORIGIN, changeOrigin: false } };

/** Mantine and what it brings: nearly every page uses some of it beyond the shell's part. */
/*
 * The API client, the query client and the leaf modules every schema shares (the phone pattern): what a page that only
 * reads data needs besides `data`. Kept out of `app`, which imports Mantine (`ui`), so the home page loads neither.
 */
const API_CALLS = /(apps[\\/]web[\\/]src[\\/]lib[\\/](api-client|api-error|query-client)|packages[\\/]domain[\\/]src[\\/]patterns)\.ts$/;

const SHARED_UI_LIBRARIES =
  /node_modules[\\/](@mantine[\\/](core|hooks|notifications|modals|store|form)|@floating-ui|react-remove-scroll|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|tslib|react-transition-group|klona|fast-deep-equal)[\\/]/;

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
          // files that every page loads (decision 015). Then three shared chunks for what nearly every lazy page
          // loads — the rest of Mantine and its helpers (`ui`), zod and TanStack Query (`data`), the app's own
          // components, hooks and lib (`app`) — instead of the 60–100 files of a few KB each that automatic splitting
          // made of them: on a phone's network every file costs a round trip. Pages, features and the libraries only
          // one page needs (the cropper) still split per page. Each group imports only the groups above it, never a page,
          // so no chunk can run before what it uses.
          groups: [
            { name: 'shell', tags: ['$initial'] },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/ },
            // Mantine's code, not its stylesheets: those stay with the chunks that import them (decision 016). In
            // `ui`, every sheet any page uses (109 KB) was parsed and matched on every page that draws a Mantine input.
            { name: 'ui', test: (id: string) => SHARED_UI_LIBRARIES.test(id) && !id.endsWith('.css') },
            { name: 'data', test: /node_modules[\\/](zod|@tanstack)[\\/]/ },
            // What the home page's footer needs to fetch the support contact, without the `ui` that `app` imports.
            { name: 'calls', test: API_CALLS },
            { name: 'app', test: /apps[\\/]web[\\/]src[\\/](components|hooks|lib|stores|config)[\\/]/ },
          ],
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
