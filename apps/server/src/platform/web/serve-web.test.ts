import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../../test/test-app.ts';
import { send } from '../../../test/http-helpers.ts';

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rhc-dist-'));
fs.mkdirSync(path.join(distDir, 'assets'));
// index.html as the build leaves it: the language, the title and where the first frame goes are filled in per page.
const builtPage = '<!doctype html><html lang="vi"><title>RHC</title><div id="root"><header></header><!--rhc:first-frame--></div></html>';
fs.writeFileSync(path.join(distDir, 'index.html'), builtPage);
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
      /** The page's HTML as answered at `url`, with these cookies. */
      const page = (url: string, cookie?: string) =>
        context()
          .app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
          .then((response) => response.body);

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
        for (const url of ['/', '/healthcare/booking']) {
          const plain = await context().app.inject({ method: 'GET', url });
          expect(plain.headers['content-encoding'], url).toBeUndefined();
          for (const [acceptEncoding, decode] of [
            ['gzip, deflate, br', zlib.brotliDecompressSync],
            ['gzip', zlib.gunzipSync],
          ] as const) {
            const response = await context().app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
            expect(response.statusCode, url).toBe(200);
            expect(response.headers['content-encoding'], url).toBe(acceptEncoding === 'gzip' ? 'gzip' : 'br');
            expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
            expect(response.headers['cache-control'], url).toBe('no-cache');
            // The page depends on the language and session cookies as much as on the encoding.
            expect(response.headers.vary, url).toBe('Accept-Encoding, Cookie');
            expect(decode(response.rawPayload).toString(), url).toBe(plain.body);
          }
        }
        const refused = await context().app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
        expect(refused.headers['content-encoding']).toBeUndefined();
      });

      it('writes the top of a page into it, in the language of the cookie, before any script runs (first frame)', async () => {
        const home = await page('/');
        expect(home).toContain('<html lang="vi">');
        expect(home).toContain('<title>RHC – Đặt lịch khám và hồ sơ sức khỏe</title>');
        expect(home).toContain('<h1 class="ff-hero-title">Sức khỏe cả gia đình, trong tầm tay bạn</h1>');
        expect(home).not.toContain('rhc:first-frame');

        // The app's rule: the RHC_lang cookie, else Vietnamese (Accept-Language does not choose the page's language).
        const english = await page('/login/', 'RHC_lang=en');
        expect(english).toContain('<html lang="en">');
        expect(english).toContain('<title>Log in · RHC</title>');
        expect(english).toMatch(/<h1 class="ff-title">Log in<\/h1><p class="ff-intro">[^<]+<\/p>/);
        const chinese = await page('/login', 'RHC_lang=zh');
        expect(chinese).toContain('<html lang="zh">');
        expect(chinese).toContain('<h1 class="ff-title">登录</h1>');
        const unknown = await page('/login/', 'RHC_lang=fr');
        expect(unknown).toContain('<html lang="vi">');
        expect(unknown).toContain('<h1 class="ff-title">Đăng nhập</h1>');
      });

      it('frames a page behind login only for a visitor with a session, and the login page only for one without', async () => {
        // Without the session hint the app sends the person to log in: nothing of the page is shown first.
        const signedOut = await page('/health-monitoring/');
        expect(signedOut).not.toContain('<main');
        expect(signedOut).toContain('<title>RHC – Đặt lịch khám và hồ sơ sức khỏe</title>');
        const signedIn = await page('/health-monitoring/?tab=charts', 'RHC_lang=vi; RHC_session=1');
        expect(signedIn).toContain('<title>Theo dõi sức khỏe · RHC</title>');
        expect(signedIn).toMatch(/<h1 class="ff-title">Theo dõi sức khỏe<\/h1><p class="ff-intro">Ghi lại huyết áp/);

        expect(await page('/login/', 'RHC_session=1')).not.toContain('<main');
        expect(await page('/login/')).toContain('<main');
        // The home page is the same for both.
        expect(await page('/', 'RHC_session=1')).toBe(await page('/'));
      });

      it('frames only the pages that have a frame, never with anything of the address itself', async () => {
        for (const url of ['/no/such/page', '/health-record/42', '/%3Cscript%3Ealert(1)%3C/script%3E/', '/healthcare/x/']) {
          const body = (await context().app.inject({ method: 'GET', url, headers: { cookie: 'RHC_session=1' } })).body;
          expect(body, url).toContain('<div id="root"><header></header></div>');
          expect(body, url).not.toMatch(/script|alert/i);
        }
      });

      it('keeps the page as built at /index.html: what the service worker stores for offline use', async () => {
        const response = await context().app.inject({ method: 'GET', url: '/index.html', headers: { cookie: 'RHC_lang=en' } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toBe(builtPage);
      });

      it('answers many visitors at once with the same page, made once', async () => {
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            send(context().app, 'GET', '/relativemanagement/', {
              cookie: `RHC_lang=${['vi', 'en', 'zh'][i % 3]}; RHC_session=1`,
              'accept-encoding': 'br',
            }),
          ),
        );
        const pages = answers.map((answer) => zlib.brotliDecompressSync(answer.rawPayload).toString());
        expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
        // Every visitor in a language got the same page, and each language its own.
        expect(pages.every((page, i) => page === pages[i % 3])).toBe(true);
        expect(new Set(pages).size).toBe(3);
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
