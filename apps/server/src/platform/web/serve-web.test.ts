import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../../test/test-app.ts';

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rhc-dist-'));
fs.mkdirSync(path.join(distDir, 'assets'));
fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html lang="vi"><title>RHC</title><div id="root"></div></html>');
fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("rhc")');

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
