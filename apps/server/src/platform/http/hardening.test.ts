import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { DEMO_DOCTORS, seedDemoData } from '../../db/seed/demo.ts';
import { createPatient } from '../../../test/booking-helpers.ts';
import { signupBody, uniquePerson, verifiedSignupCode } from '../../../test/accounts-helpers.ts';
import { describeOnEachDatabase } from '../../../test/test-app.ts';
import { send } from '../../../test/http-helpers.ts';

/** Sends raw bytes to a listening app and answers what came back (status line, headers, body). */
async function rawExchange(port: number, request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const status = Number(head.split(' ')[1]);
      if (!status) reject(new Error(`no answer: ${text}`));
      else resolve({ status, headers: head.toLowerCase(), body });
    });
  });
}

describeOnEachDatabase((context) => {
  describe('a NUL character in any text (finding 3a)', () => {
    it('is refused with 400 VALIDATION_FAILED naming the field, in the body of a sign-up', async () => {
      const { app } = context();
      const person = uniquePerson();
      const verificationId = await verifiedSignupCode(app, person.phone);
      const response = await send(
        app,
        'POST',
        '/api/signup',
        { 'accept-language': 'en' },
        signupBody(person.phone, person.email, verificationId, { address: '1 Lê Lợi\u0000', jobNote: 'Giáo\u0000 viên' }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Some of the information sent is not valid. Please check and try again.',
        details: [
          { field: 'body.address', code: 'invalid', message: 'This value is not valid.' },
          { field: 'body.jobNote', code: 'invalid', message: 'This value is not valid.' },
        ],
      });
    });

    it('is refused in a query string, a path parameter and a text/plain body', async () => {
      const { app } = context();
      const query = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=%00' });
      expect(query.statusCode).toBe(400);
      expect(query.json().details).toEqual([expect.objectContaining({ field: 'query.to', code: 'invalid' })]);
      const patient = await createPatient(context());
      const param = await app.inject({ method: 'GET', url: '/api/p/order/track-order/AB%00CD' });
      expect(param.statusCode).toBe(400);
      expect(param.json().details).toEqual([expect.objectContaining({ field: 'params.code' })]);
      const note = await send(
        app,
        'PUT',
        '/api/order/00000000-0000-4000-8000-000000000000/note',
        { ...patient.auth, 'content-type': 'text/plain' },
        'ghi chú\u0000',
      );
      expect(note.statusCode).toBe(400);
      expect(note.json().details).toEqual([expect.objectContaining({ field: 'body' })]);
    });

    it('is looked for only after the session check', async () => {
      const response = await context().app.inject({
        method: 'PUT',
        url: '/api/order/x/note',
        payload: 'a\u0000',
        headers: { 'content-type': 'text/plain' },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('a multipart body without a boundary (finding 3b)', () => {
    it.each([false, true])('answers 400 in the envelope (production: %s)', async (production) => {
      const ctx = context();
      const app = production
        ? await buildApp({ database: ctx.database, version: 't', uploadsDir: ctx.uploadsDir, production: true, clock: ctx.clock.now })
        : ctx.app;
      try {
        // Signed up on the development app (the production one has no outbox to read the code from); same database.
        const patient = await createPatient(ctx);
        const response = await send(
          app,
          'POST',
          `/api/user-avatar/${patient.userId}`,
          { ...patient.auth, 'content-type': 'multipart/form-data' },
          'abc',
        );
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'Không thể hiểu được yêu cầu.' });
      } finally {
        if (production) await app.close();
      }
    });
  });

  describe('a malformed multipart body', () => {
    const boundary = 'b0undary';
    const part = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\nxyz\r\n`;
    it.each([
      ['no closing boundary', part('a.png')],
      ['an empty body', ''],
      ['two files', `${part('a.png')}${part('b.png')}--${boundary}--\r\n`],
      ['a nasty file name', `${part('../../x\u0000.png')}--${boundary}--\r\n`],
      ['garbage', 'not multipart at all'],
    ])('with %s answers 4xx in the envelope', async (_what, payload) => {
      const ctx = context();
      const patient = await createPatient(ctx);
      const response = await send(
        ctx.app,
        'POST',
        `/api/user-avatar/${patient.userId}`,
        { ...patient.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      );
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(Object.keys(response.json())).toEqual(['status', 'code', 'message']);
    });
  });

  describe("Fastify's and Node's own refusals (finding 3c)", () => {
    it('answers a path parameter too long for the router with 414 in the envelope', async () => {
      const response = await send(context().app, 'GET', `/api/user-phone/${'9'.repeat(200)}`, { 'accept-language': 'en' });
      expect(response.statusCode).toBe(414);
      expect(response.json()).toEqual({ status: 414, code: 'URI_TOO_LONG', message: 'The address of the request is too long.' });
    });

    it('answers a malformed URL with 400 in the envelope', async () => {
      const response = await context().app.inject({ method: 'GET', url: '/api/user-phone/%E0%A4%A' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'Không thể hiểu được yêu cầu.' });
    });

    it.each([
      [
        'a body too large',
        { 'content-type': 'application/json' },
        JSON.stringify({ phone: 'x'.repeat(1_100_000) }),
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      ['an unsupported media type', { 'content-type': 'application/xml' }, '<a/>', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['an empty JSON body', { 'content-type': 'application/json' }, '', 400, 'BAD_REQUEST'],
      ['bad JSON', { 'content-type': 'application/json' }, '{"phone":', 400, 'BAD_REQUEST'],
    ])('answers %s in the envelope', async (_what, headers, payload, status, code) => {
      const response = await context().app.inject({ method: 'POST', url: '/api/login', headers, payload });
      expect(response.statusCode).toBe(status);
      expect(Object.keys(response.json())).toEqual(['status', 'code', 'message']);
      expect(response.json()).toMatchObject({ status, code });
    });

    it("answers Node's refusals (a bad Content-Length, headers too large) in the envelope on a real socket", async () => {
      const ctx = context();
      const app = await buildApp({ database: ctx.database, version: 't', uploadsDir: ctx.uploadsDir, clock: ctx.clock.now });
      await app.listen({ host: '127.0.0.1', port: 0 });
      try {
        const port = (app.server.address() as net.AddressInfo).port;
        const badLength = await rawExchange(port, 'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
        expect(badLength.status).toBe(400);
        expect(badLength.headers).toContain('content-type: application/json');
        expect(JSON.parse(badLength.body)).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'Không thể hiểu được yêu cầu.' });
        const big = await rawExchange(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
        expect(big.status).toBe(431);
        expect(JSON.parse(big.body)).toMatchObject({ status: 431, code: 'REQUEST_HEADERS_TOO_LARGE' });
      } finally {
        await app.close();
      }
    });
  });

  describe('a seeded demo doctor (finding 3d)', () => {
    it('reads their own profile, which holds the names of their specialties', async () => {
      const ctx = context();
      await seedDemoData(ctx.database.db, ctx.clock.now());
      const demo = DEMO_DOCTORS[0];
      if (!demo) throw new Error('no demo doctor');
      const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { phone: demo.phone, password: demo.password } });
      expect(login.statusCode).toBe(200);
      const { accessToken, user } = login.json().data as { accessToken: string; user: { userId: string } };
      const response = await send(ctx.app, 'GET', `/api/user/${user.userId}`, { authorization: `Bearer ${accessToken}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.doctor.specialtyNames).toEqual(['Nhi khoa']);
    });
  });

  describe('Cache-Control (finding 10)', () => {
    it('is no-store on answers with personal data and on errors, and left alone on the public ones', async () => {
      const { app } = context();
      const patient = await createPatient(context());
      const own = await app.inject({ method: 'GET', url: `/api/user/${patient.userId}`, headers: patient.auth });
      expect(own.headers['cache-control']).toBe('no-store');
      expect((await app.inject({ method: 'GET', url: `/api/user/${patient.userId}` })).headers['cache-control']).toBe('no-store');
      expect((await app.inject({ method: 'GET', url: '/api/p/order/track-order/ABCDEFGH' })).headers['cache-control']).toBe('no-store');
      expect((await app.inject({ method: 'GET', url: '/api/nope' })).headers['cache-control']).toBe('no-store');
      expect((await app.inject({ method: 'GET', url: '/api/health' })).headers['cache-control']).toBeUndefined();
      expect((await app.inject({ method: 'GET', url: '/api/support-contact' })).headers['cache-control']).toBeUndefined();
    });
  });

  describe('the OpenAPI document (finding 10)', () => {
    it('lists the error answers in the envelope beside the success', async () => {
      const document = (await context().app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
        paths: Record<
          string,
          Record<string, { responses: Record<string, { content?: Record<string, { schema: { properties?: object } }> }> }>
        >;
      };
      const login = document.paths['/api/login']?.post?.responses ?? {};
      expect(Object.keys(login)).toEqual(expect.arrayContaining(['200', '400', '404', '409', '415', '422', '429', '500']));
      expect(Object.keys(login)).not.toContain('401');
      expect(login['400']?.content?.['application/json']?.schema.properties).toHaveProperty('code');
      const profile = document.paths['/api/user/{id}']?.get?.responses ?? {};
      expect(Object.keys(profile)).toEqual(expect.arrayContaining(['200', '401', '403', '404', '500']));
    });

    it('leaves the error answers exactly as they were', async () => {
      const response = await context().app.inject({ method: 'GET', url: '/api/user/00000000-0000-4000-8000-000000000000' });
      expect(response.statusCode).toBe(401);
      expect(response.body).toBe(JSON.stringify({ status: 401, code: 'UNAUTHORIZED', message: 'Vui lòng đăng nhập để tiếp tục.' }));
    });
  });
});
