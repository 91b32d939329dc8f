import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../../test/test-app.ts';

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rhc-dist-'));
fs.mkdirSync(path.join(distDir, 'assets'));
fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html lang="vi"><title>RHC</title><div id="root"></div></html>');
fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("rhc")');
// A script and the page as the build leaves them: each with its brotli and gzip encodings beside it.
const entryScript = `export const greetings = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `xin chào ${i}`))};\n`;
fs.writeFileSync(path.join(distDir, 'assets', 'entry-def456.js'), entryScript);
for (const file of [path.join(distDir, 'assets', 'entry-def456.js'), path.join(distDir, 'index.html')]) {
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(fs.readFileSync(file)));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(fs.readFileSync(file), { level: 9 }));
}
fs.writeFileSync(path.join(distDir, 'sw.js'), "const BUILD_ID = 'abc';");
fs.writeFileSync(path.join(distDir, 'manifest.webmanifest'), JSON.stringify({ name: 'RHC', start_url: '/' }));

describeOnEachDatabase(
  (context) => {
    describe('the built web app', () => {
      it('is served at / and is never cached', async () => {
        const response = await context().app.inject({ method: 'GET', url: '/' });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toContain('<div id="root">');
      });

      it('answers any client-side route with the app, so a reload keeps the page', async () => {
        for (const url of ['/healthcare/', '/health-record/42', '/no/such/page?x=1']) {
          const response = await context().app.inject({ method: 'GET', url });
          expect(response.statusCode, url).toBe(200);
          expect(response.body, url).toContain('<div id="root">');
        }
      });

      it('serves hashed assets with a long immutable cache', async () => {
        const response = await context().app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe('console.log("rhc")');
        expect(response.headers['cache-control']).toContain('immutable');
      });

      it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, and the file itself otherwise', async () => {
        const url = '/assets/entry-def456.js';
        const get = (acceptEncoding?: string) =>
          context().app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

        const br = await get('gzip, deflate, br, zstd');
        expect(br.headers['content-encoding']).toBe('br');
        expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(entryScript);
        expect(br.rawPayload.length).toBeLessThan(entryScript.length);

        const gzip = await get('gzip, deflate');
        expect(gzip.headers['content-encoding']).toBe('gzip');
        expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(entryScript);

        for (const identity of [await get(), await get('identity'), await get('br;q=0, gzip;q=0')]) {
          expect(identity.headers['content-encoding']).toBeUndefined();
          expect(identity.body).toBe(entryScript);
        }

        for (const response of [br, gzip, await get()]) {
          expect(response.statusCode).toBe(200);
          expect(response.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
          expect(response.headers.vary).toMatch(/accept-encoding/i);
          expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        }
      });

      it('sends the page compressed and never cached, at / and for client routes alike', async () => {
        const page = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
        for (const url of ['/', '/healthcare/booking']) {
          const response = await context().app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
          expect(response.statusCode, url).toBe(200);
          expect(response.headers['content-encoding'], url).toBe('br');
          expect(response.headers['content-type'], url).toContain('text/html');
          expect(response.headers['cache-control'], url).toBe('no-cache');
          expect(response.headers.vary, url).toMatch(/accept-encoding/i);
          expect(zlib.brotliDecompressSync(response.rawPayload).toString(), url).toBe(page);
        }
      });

      it('does not answer the compressed copies at addresses of their own', async () => {
        const response = await context().app.inject({ method: 'GET', url: '/assets/entry-def456.js.br' });
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.body).toContain('<div id="root">');
      });

      it('revalidates the service worker on every visit, so a deploy replaces it', async () => {
        const response = await context().app.inject({ method: 'GET', url: '/sw.js' });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/javascript/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toContain('BUILD_ID');
      });

      it('serves the web app manifest as a manifest', async () => {
        const response = await context().app.inject({ method: 'GET', url: '/manifest.webmanifest' });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('application/manifest+json');
        expect(response.json()).toMatchObject({ name: 'RHC', start_url: '/' });
      });

      it('keeps unknown /api paths and non-GET requests as JSON 404s', async () => {
        const api = await context().app.inject({ method: 'GET', url: '/api/unknown' });
        expect(api.statusCode).toBe(404);
        expect(api.json().code).toBe('ROUTE_NOT_FOUND');
        const post = await context().app.inject({ method: 'POST', url: '/healthcare/', headers: { 'accept-language': 'en' } });
        expect(post.statusCode).toBe(404);
        expect(post.json()).toEqual({ status: 404, code: 'NOT_FOUND', message: 'The requested address was not found.' });
      });
    });
  },
  { deps: { webDistDir: distDir } },
);
