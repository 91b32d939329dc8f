import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * A plugin of the production build that works on the files it writes (the service worker's stamp, the compression):
 * `hooks` read the output folder, resolved from the config, through `outDir()`.
 */
export function buildOutputPlugin(
  name: string,
  hooks: (outDir: () => string) => Omit<Plugin, 'name' | 'apply' | 'configResolved'>,
): Plugin {
  let outDir = 'dist';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    ...hooks(() => outDir),
  };
}
