import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { compressBuild } from './build/compress-plugin.ts';
import { stampServiceWorker } from './build/service-worker-plugin.ts';
import { stableMantineIds } from './build/mantine-use-id.ts';
import { sizeBudget } from './build/size-budget.ts';
import { stripAccessDeclarations } from './build/strip-access.ts';

/** The API server (apps/server) in development; the built app is served by that server itself in production. */
const API_ORIGIN = 'http://localhost:3000';
const apiProxy = { '/api': { target: API_ORIGIN, changeOrigin: false } };

/*
 * What every page loads after the shell, the home page included (its footer fetches the support contact): zod and
 * TanStack Query, the icons, the API client with the query client and the leaf modules every schema shares (the phone
 * pattern), the query layer and the footer's contact block. One file, where three groups (`data`, `calls`, `icons`)
 * and two automatic chunks (the query layer, the contact block) made five requests on every page. None of it imports
 * Mantine beyond the shell's, so the home page still loads no `ui`.
 */
const EVERY_PAGE = [
  /node_modules[\\/](zod|@tanstack|@tabler)[\\/]/,
  /apps[\\/]web[\\/]src[\\/]lib[\\/](api-client|api-error|query-client)\.ts$/,
  /apps[\\/]web[\\/]src[\\/]app[\\/]query-layer\.tsx$/,
  /apps[\\/]web[\\/]src[\\/]features[\\/]system[\\/](api\.ts$|components[\\/]support-contact)/,
  /packages[\\/]domain[\\/]src[\\/]patterns\.ts$/,
];

/*
 * The app's own shared code, less the parts only a few pages use, which travel with those pages rather than with every
 * signed-in page: the booking forms' (components/booking: an examination, a vaccination), the line chart (monitoring's
 * analysis, the alcohol estimate), the licence form (the account and the doctor's screens), the record export's
 * section (the account page and a managed profile's, issue 53) and the person pickers and fields (components/person: the
 * health data pages and the profile forms, never the booking pages, which were at their budget when issue 53 added a
 * namespace to the entry's locale map).
 */
const APP_MODULES =
  /apps[\\/]web[\\/]src[\\/](components(?![\\/](booking|chart|licence|person|record-export)[\\/])|hooks|lib|stores|config)[\\/]/;

/*
 * Mantine's sheets for what every signed-in page draws besides the `app` chunk's own: the account bar (menu, avatar,
 * bell) and a dialog's frame. In the `app` chunk's stylesheet rather than in the small files of their own that
 * sharing them among features made (Avatar, Divider, Modal: three more requests on every signed-in page).
 */
const SIGNED_IN_SHEETS =
  /node_modules[\\/]@mantine[\\/]core[\\/]styles[\\/](ActionIcon|Indicator|Avatar|VisuallyHidden|CloseButton|Overlay|Input|Popover|Menu|Divider|Paper|ScrollArea|ModalBase|Modal)\.layer\.css$/;

/** Mantine and what it brings: nearly every page uses some of it beyond the shell's part. */
const SHARED_UI_LIBRARIES =
  /node_modules[\\/](@mantine[\\/](core|hooks|notifications|modals|store|form)|@floating-ui|react-remove-scroll|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|tslib|react-transition-group|klona|fast-deep-equal)[\\/]/;

export default defineConfig({
  plugins: [stripAccessDeclarations(), react(), stableMantineIds(), stampServiceWorker(), sizeBudget(), compressBuild()],
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
          // files that every page loads (decision 015). Then three shared chunks: what every page loads after the shell
          // (`every-page`: zod, TanStack Query, the icons, the API client, the footer's contact), what every page with a
          // form or the account bar loads (`ui`: the rest of Mantine and its helpers) and the app's own components,
          // hooks and lib (`app`) — instead of the 60–100 files of a few KB each that automatic splitting made of them:
          // on a phone's network every file costs a round trip, and on its main thread every request a script starts
          // (decision 015). Pages, features and the libraries only one page needs (the cropper) still split per page.
          // Each group imports only the groups above it, never a page, so no chunk can run before what it uses.
          groups: [
            { name: 'shell', tags: ['$initial'] },
            { name: 'every-page', test: (id: string) => EVERY_PAGE.some((pattern) => pattern.test(id)) },
            // Mantine's code, not its stylesheets: those stay with the chunks that import them (decision 016). In
            // `ui`, every sheet any page uses (109 KB) was parsed and matched on every page that draws a Mantine input.
            { name: 'ui', test: (id: string) => SHARED_UI_LIBRARIES.test(id) && !id.endsWith('.css') },
            { name: 'app', test: (id: string) => APP_MODULES.test(id) || SIGNED_IN_SHEETS.test(id) },
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
