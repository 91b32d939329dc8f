import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { buildOutputPlugin } from './output-plugin.ts';

/** The placeholder public/sw.js carries where the build id goes. */
export const BUILD_ID_PLACEHOLDER = '__RHC_BUILD_ID__';

/** An id that changes whenever any file of the build does (every name is content-hashed; index.html names them). */
export function buildIdOf(bundle: Record<string, { fileName: string }>, indexHtml: string): string {
  const hash = createHash('sha256');
  for (const fileName of Object.keys(bundle).sort()) hash.update(`${fileName}\n`);
  hash.update(indexHtml);
  return hash.digest('hex').slice(0, 12);
}

/** Writes the build id into dist/sw.js, so a deploy installs a new worker whose new cache replaces the old one. */
export function stampServiceWorker(): Plugin {
  return buildOutputPlugin('rhc:service-worker', (outDir) => ({
    writeBundle(_options, bundle) {
      const worker = path.join(outDir(), 'sw.js');
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('service worker: the bundle has no index.html');
      const source = fs.readFileSync(worker, 'utf8');
      if (!source.includes(BUILD_ID_PLACEHOLDER)) throw new Error(`service worker: ${worker} has no ${BUILD_ID_PLACEHOLDER}`);
      fs.writeFileSync(worker, source.replaceAll(BUILD_ID_PLACEHOLDER, buildIdOf(bundle, String(html.source))));
    },
  }));
}
