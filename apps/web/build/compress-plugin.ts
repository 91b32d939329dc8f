import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { buildOutputPlugin } from './output-plugin.ts';

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every compressible file under `dir`,
 * each only when it is smaller than the file itself. The server picks one by `Accept-Encoding` (serve-web.ts).
 */
export async function compressDirectory(dir: string): Promise<{ file: string; bytes: number; br?: number; gz?: number }[]> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  return Promise.all(
    files.map(async (file) => {
      const content = await fs.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: 9 }),
      ]);
      const written: { file: string; bytes: number; br?: number; gz?: number } = { file: path.relative(dir, file), bytes: content.length };
      if (br.length < content.length) {
        await fs.writeFile(`${file}.br`, br);
        written.br = br.length;
      }
      if (gz.length < content.length) {
        await fs.writeFile(`${file}.gz`, gz);
        written.gz = gz.length;
      }
      return written;
    }),
  );
}

/** Compresses the finished build, after every other plugin has written its files (public/ is copied before). */
export function compressBuild(): Plugin {
  return buildOutputPlugin('rhc:compress', (outDir) => ({
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await compressDirectory(outDir());
      },
    },
  }));
}
