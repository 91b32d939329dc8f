import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressDirectory } from './compress-plugin.ts';

describe('compressing the build', () => {
  it('writes a brotli and a gzip copy that decode to each text file, and leaves images alone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rhc-compress-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ id: i, name: `Bác sĩ ${i}` })))};`;
    const files = {
      'assets/index-a.js': script,
      'assets/index-b.css': '.app{color:#0f766e}'.repeat(200),
      'index.html': `<!doctype html><title>RHC</title>${'<p>Đặt lịch khám</p>'.repeat(50)}`,
      'manifest.webmanifest': JSON.stringify({ name: 'RHC', description: 'Đặt lịch khám '.repeat(20) }),
    };
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    fs.writeFileSync(path.join(dir, 'icon.png'), zlib.deflateSync(Buffer.from(script)));

    await compressDirectory(dir);

    for (const [name, text] of Object.entries(files)) {
      const br = fs.readFileSync(path.join(dir, `${name}.br`));
      const gz = fs.readFileSync(path.join(dir, `${name}.gz`));
      expect(zlib.brotliDecompressSync(br).toString(), name).toBe(text);
      expect(zlib.gunzipSync(gz).toString(), name).toBe(text);
      expect(br.length, name).toBeLessThan(gz.length);
    }
    expect(fs.existsSync(path.join(dir, 'icon.png.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'icon.png.gz'))).toBe(false);
  });

  it('writes no copy that would be larger than the file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rhc-compress-'));
    fs.writeFileSync(path.join(dir, 'robots.txt'), 'a');

    await compressDirectory(dir);

    expect(fs.readdirSync(dir)).toEqual(['robots.txt']);
  });
});
