import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../../test/test-app.ts';
import { AppError } from './app-error.ts';
import { send } from '../../../test/http-helpers.ts';

describeOnEachDatabase(
  (context) => {
    describe('an unknown /api route', () => {
      it('answers 404 in Vietnamese when no language is asked for', async () => {
        const response = await context().app.inject({ method: 'GET', url: '/api/nope' });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toContain('application/json');
        expect(response.json()).toEqual({ status: 404, code: 'ROUTE_NOT_FOUND', message: 'Không có API nào tại GET /api/nope.' });
      });

      it.each([
        ['en', 'There is no API at DELETE /api/nope.'],
        ['zh', 'DELETE /api/nope 不存在此接口。'],
        ['en-US,en;q=0.9', 'There is no API at DELETE /api/nope.'],
        ['fr-FR', 'Không có API nào tại DELETE /api/nope.'],
      ])('answers in the language of Accept-Language %s', async (language, message) => {
        const response = await context().app.inject({ method: 'DELETE', url: '/api/nope?x=1', headers: { 'accept-language': language } });
        expect(response.json()).toMatchObject({ status: 404, message });
      });

      it('falls back to the RHC_lang cookie when there is no Accept-Language header', async () => {
        const response = await context().app.inject({ method: 'GET', url: '/api/nope', headers: { cookie: 'RHC_lang=zh' } });
        expect(response.json().message).toBe('GET /api/nope 不存在此接口。');
      });
    });

    describe('an invalid body', () => {
      it('answers 400 listing each bad field with a localized message', async () => {
        const response = await send(context().app, 'POST', '/__test/echo', { 'accept-language': 'en' }, { name: '', age: 'old' });
        expect(response.statusCode).toBe(400);
        const body = response.json();
        expect(body).toMatchObject({
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Some of the information sent is not valid. Please check and try again.',
        });
        expect(body.details).toEqual(
          expect.arrayContaining([
            { field: 'body.name', code: 'too_small', message: 'This value is too short or too small.' },
            { field: 'body.age', code: 'invalid_type', message: 'This value has the wrong type.' },
            { field: 'body.email', code: 'required', message: 'This field is required.' },
          ]),
        );
      });

      it('answers 400 BAD_REQUEST for malformed JSON', async () => {
        const response = await send(context().app, 'POST', '/__test/echo', { 'content-type': 'application/json' }, '{"name":');
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'Không thể hiểu được yêu cầu.' });
      });
    });

    describe('a failure inside a handler', () => {
      it('answers 500 with a generic message and no internals', async () => {
        const response = await context().app.inject({ method: 'GET', url: '/__test/boom', headers: { 'accept-language': 'en' } });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({
          status: 500,
          code: 'INTERNAL_ERROR',
          message: 'Something went wrong on our side. Please try again later.',
        });
        expect(response.body).not.toContain('SELECT');
        expect(response.body).not.toContain('stack');
      });

      it('answers an AppError with its status and localized message', async () => {
        const response = await context().app.inject({ method: 'GET', url: '/__test/conflict', headers: { 'accept-language': 'zh' } });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ status: 409, code: 'CONFLICT', message: '此更改与当前状态冲突，请刷新后重试。' });
      });
    });

    describe('every answer', () => {
      it('carries security headers and a request id, keeping one the caller sent', async () => {
        const response = await context().app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-42' } });
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(response.headers['strict-transport-security']).toContain('max-age=');
        expect(response.headers['x-request-id']).toBe('lb-42');
      });

      it("carries the pages' Content-Security-Policy outside the API and on the OpenAPI pages, not on JSON answers", async () => {
        const { app } = context();
        const api = [await app.inject({ method: 'GET', url: '/api/health' }), await app.inject({ method: 'GET', url: '/api/nope' })];
        for (const response of api) expect(response.headers['content-security-policy']).toBeUndefined();
        const page = await app.inject({ method: 'GET', url: '/healthcare/' });
        expect(page.headers['content-security-policy']).toContain("script-src 'self'");
        expect(page.headers['x-content-type-options']).toBe('nosniff');
        const docs = await app.inject({ method: 'GET', url: '/api/docs/json' });
        expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
      });
    });
  },
  {
    beforeReady(app) {
      const typed = app.withTypeProvider<ZodTypeProvider>();
      typed.post(
        '/__test/echo',
        { schema: { body: z.object({ name: z.string().check(z.minLength(1)), age: z.number(), email: z.email() }) } },
        async (request) => request.body,
      );
      typed.get('/__test/boom', async () => {
        throw new Error('SELECT * FROM users failed at stack frame 3');
      });
      typed.get('/__test/conflict', async () => {
        throw AppError.conflict();
      });
    },
  },
);
