import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import {
  ACCOUNT_LOOKUPS_PER_IP_PER_HOUR,
  AVATAR_MAX_BYTES,
  LOGIN_FAILURES_PER_ACCOUNT_AND_IP,
  OTP_FAILED_CHECKS_PER_HOUR,
  OTP_SENDS_PER_HOUR,
  OTP_SENDS_PER_IP_PER_HOUR,
  PASSWORD_CHANGE_FAILURES_PER_HOUR,
} from '@rhc/domain';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import * as secrets from '../../platform/security/secrets.ts';
import { describeOnEachDatabase } from '../../../test/test-app.ts';
import {
  latestCode,
  logIn,
  proveSession,
  sendSmsCode,
  signUp,
  signupBody,
  uniqueAddress,
  uniquePerson,
  verifiedSignupCode,
} from '../../../test/accounts-helpers.ts';
import { send } from '../../../test/http-helpers.ts';

// The real functions, watched: a test can tell whether a password was hashed at all.
vi.mock('../../platform/security/secrets.ts', async (importOriginal) => {
  const original = await importOriginal<typeof secrets>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cf00000301010018dd8db40000000049454e44ae426082',
  'hex',
);
const BOUNDARY = '----rhc-test-boundary';
const MULTIPART_TYPE = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
function multipart(content: Buffer): Buffer {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return Buffer.concat([head, content, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

describeOnEachDatabase((context) => {
  describe('finding 4: login throttling', () => {
    it('checks at most the limit of 50 concurrent wrong passwords for one account; the owner still logs in from elsewhere', async () => {
      const { app } = context();
      const person = await signUp(app);
      const attacker = '203.0.113.40';
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          app.inject({
            method: 'POST',
            url: '/api/login',
            remoteAddress: attacker,
            payload: { phone: person.phone, password: 'sai-matkhau1' },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(LOGIN_FAILURES_PER_ACCOUNT_AND_IP);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(50 - LOGIN_FAILURES_PER_ACCOUNT_AND_IP);
      // Even the right password waits from the guessing address…
      const fromAttacker = await app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: attacker,
        payload: { phone: person.phone, password: person.password },
      });
      expect(fromAttacker.statusCode).toBe(429);
      // …but the owner, elsewhere, is not locked out (NIST 800-63B: throttle the guesser, not the account).
      const owner = await app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '198.51.100.9',
        payload: { phone: person.phone, password: person.password },
      });
      expect(owner.statusCode).toBe(200);
    });

    it('does not count right passwords: the owner may log in again and again', async () => {
      const { app } = context();
      const person = await signUp(app);
      for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_AND_IP + 2; i += 1) await logIn(app, person.phone, person.password);
    });
  });

  describe('finding 5: codes by SMS and e-mail', () => {
    it('counts every spelling of a phone as one handset', async () => {
      const { app } = context();
      const { phone } = uniquePerson();
      const national = phone.slice(1);
      const spellings = [phone, national, `+84${national}`, `84${national}`, `0${national.slice(0, 2)} ${national.slice(2)}`];
      for (const spelling of spellings) expect((await sendSmsCode(app, spelling)).response.statusCode).toBe(200);
      const sixth = await sendSmsCode(app, `+84 ${national}`);
      expect(sixth.response.statusCode).toBe(429);
      expect(sixth.response.json().code).toBe('OTP_TOO_MANY_HOUR');
    });

    it('accepts exactly the hourly cap of 30 concurrent sends to one phone', async () => {
      const { app } = context();
      const { phone } = uniquePerson();
      const answers = await Promise.all(Array.from({ length: 30 }, () => sendSmsCode(app, phone)));
      expect(answers.filter(({ response }) => response.statusCode === 200).length).toBe(OTP_SENDS_PER_HOUR);
    });

    it('caps the codes sent from one IP address, whatever the phones (OTP_TOO_MANY_FROM_NETWORK)', async () => {
      const { app } = context();
      const address = '203.0.113.50';
      for (let i = 0; i < OTP_SENDS_PER_IP_PER_HOUR; i += 1) {
        expect((await sendSmsCode(app, uniquePerson().phone, 'signup', address)).response.statusCode).toBe(200);
      }
      const refused = await app.inject({
        method: 'POST',
        url: '/api/otp/saveVerificationIdToDb',
        remoteAddress: address,
        headers: { 'accept-language': 'en' },
        payload: { phone: uniquePerson().phone, purpose: 'signup' },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'OTP_TOO_MANY_FROM_NETWORK',
        message: 'Too many verification codes were requested from your network. Please try again in an hour.',
      });
    });

    it('allows at most 10 failed code checks per account an hour, across its codes (OTP_TOO_MANY_FAILURES)', async () => {
      const { app } = context();
      const person = await signUp(app);
      const verificationIds: string[] = [];
      for (let i = 0; i < 3; i += 1) verificationIds.push((await sendSmsCode(app, person.phone, 'reset')).verificationId);
      const code = await latestCode(app, person.phone);
      const wrong = code === '000000' ? '111111' : '000000';
      let failures = 0;
      for (const verificationId of verificationIds) {
        for (let i = 0; i < 4 && failures < OTP_FAILED_CHECKS_PER_HOUR; i += 1) {
          const answer = await app.inject({ method: 'POST', url: '/api/otp/verify', payload: { verificationId, code: wrong } });
          expect(answer.json().data.isValid).toBe(false);
          failures += 1;
        }
      }
      const eleventh = await send(
        app,
        'POST',
        '/api/otp/verify',
        { 'accept-language': 'en' },
        { verificationId: verificationIds[2], code: wrong },
      );
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json()).toMatchObject({
        code: 'OTP_TOO_MANY_FAILURES',
        message: 'Too many wrong codes this hour. Please try again later.',
      });
    });
  });

  describe('finding 6: the phone is verified by SMS', () => {
    it('a reset code by e-mail never signs up, and sign-up still works with an SMS code', async () => {
      const { app } = context();
      const owner = await signUp(app);
      const sent = await app.inject({ method: 'POST', url: '/api/otp/send-email', payload: { email: owner.email, purpose: 'reset' } });
      const verificationId = sent.json().data.verificationId as string;
      const code = await latestCode(app, owner.email);
      await app.inject({ method: 'POST', url: '/api/otp/verify', payload: { verificationId, code } });
      const squatter = uniquePerson();
      const response = await app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: signupBody(squatter.phone, squatter.email, verificationId),
      });
      expect(response.json().code).toBe('OTP_NOT_VERIFIED');
    });
  });

  describe('finding 3: a phone written with the calling code', () => {
    it('signs up with +84… (stored as 0…), and the account logs in with either spelling', async () => {
      const { app } = context();
      const { phone, email } = uniquePerson();
      const international = `+84 ${phone.slice(1)}`;
      const verificationId = await verifiedSignupCode(app, international);
      const response = await app.inject({ method: 'POST', url: '/api/signup', payload: signupBody(international, email, verificationId) });
      expect(response.statusCode).toBe(201);
      expect(response.json().data.phone).toBe(phone);
      await expect(logIn(app, phone, 'matkhau123')).resolves.toMatchObject({ userId: response.json().data.userId });
      await expect(logIn(app, `+84${phone.slice(1)}`, 'matkhau123')).resolves.toMatchObject({ userId: response.json().data.userId });
    });
  });

  describe('finding 7: account look-ups', () => {
    it('are capped per IP address (429 LOOKUP_TOO_MANY) and answer only a yes or no', async () => {
      const { app } = context();
      const person = await signUp(app);
      const address = '203.0.113.70';
      const first = await app.inject({ method: 'GET', url: `/api/user-phone/${person.phone}`, remoteAddress: address });
      expect(first.json().data).toEqual({ exists: true });
      for (let i = 1; i < ACCOUNT_LOOKUPS_PER_IP_PER_HOUR; i += 1) {
        const url = i % 2 ? `/api/check-email-exists/${uniquePerson().email}` : `/api/user-phone/${uniquePerson().phone}`;
        expect((await app.inject({ method: 'GET', url, remoteAddress: address })).statusCode).toBe(200);
      }
      const refused = await app.inject({
        method: 'GET',
        url: `/api/check-email-phone-match?email=${person.email}&phone=${person.phone}`,
        remoteAddress: address,
        headers: { 'accept-language': 'en' },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'LOOKUP_TOO_MANY', message: 'Too many checks. Please wait a while and try again.' });
      // Another address is not affected.
      expect((await app.inject({ method: 'GET', url: `/api/user-phone/${person.phone}`, remoteAddress: uniqueAddress() })).statusCode).toBe(
        200,
      );
    });
  });

  describe('finding 8: avatar uploads', () => {
    it('40 concurrent uploads by one person leave exactly one stored file, the one the account shows', async () => {
      const { app, uploadsDir } = context();
      const person = await signUp(app);
      const session = await logIn(app, person.phone, person.password);
      const before = await fs.readdir(path.join(uploadsDir, 'avatars')).catch(() => [] as string[]);
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          app.inject({
            method: 'POST',
            url: `/api/user-avatar/${person.userId}`,
            payload: multipart(PNG),
            headers: { ...MULTIPART_TYPE, ...session.auth },
          }),
        ),
      );
      expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
      const after = (await fs.readdir(path.join(uploadsDir, 'avatars'))).filter((file) => !before.includes(file));
      expect(after).toHaveLength(1);
      const me = (await app.inject({ method: 'GET', url: `/api/user/${person.userId}`, headers: session.auth })).json().data;
      expect(me.urlImage).toMatch(new RegExp(`v=${after[0]?.slice(-8)}$`));
    });

    it('refuses a declared length over the limit at once, without reading the body', async () => {
      const { app } = context();
      const person = await signUp(app);
      const session = await logIn(app, person.phone, person.password);
      const slowBody = new PassThrough();
      slowBody.write(multipart(PNG).subarray(0, 100));
      try {
        const response = await app.inject({
          method: 'POST',
          url: `/api/user-avatar/${person.userId}`,
          payload: slowBody,
          headers: { ...MULTIPART_TYPE, ...session.auth, 'content-length': String(30 * 1024 * 1024) },
        });
        expect(response.statusCode).toBe(413);
        expect(response.json().code).toBe('AVATAR_TOO_LARGE');
        expect(response.headers.connection).toBe('close');
      } finally {
        slowBody.end();
      }
    }, 5_000);

    it('serves the picture inline with its sniffed type, a file name and nosniff (R8)', async () => {
      const { app } = context();
      const person = await signUp(app);
      const session = await logIn(app, person.phone, person.password);
      const upload = await app.inject({
        method: 'POST',
        url: `/api/user-avatar/${person.userId}`,
        payload: multipart(PNG),
        headers: { ...MULTIPART_TYPE, ...session.auth },
      });
      const image = await app.inject({ method: 'GET', url: upload.json().data.urlImage, headers: session.auth });
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['content-disposition']).toBe('inline; filename="avatar.png"');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
    });

    it('limits uploads per person per hour, even small ones (AVATAR_TOO_MANY)', async () => {
      const { app } = context();
      const person = await signUp(app);
      const session = await logIn(app, person.phone, person.password);
      const upload = () =>
        app.inject({
          method: 'POST',
          url: `/api/user-avatar/${person.userId}`,
          payload: multipart(PNG),
          headers: { ...MULTIPART_TYPE, ...session.auth },
        });
      let last = await upload();
      for (let i = 0; i < 40 && last.statusCode === 200; i += 1) last = await upload();
      expect(last.statusCode).toBe(429);
      expect(last.json().code).toBe('AVATAR_TOO_MANY');
      expect(AVATAR_MAX_BYTES).toBeGreaterThan(PNG.length);
    });
  });

  describe('finding 10: passwords and cookies', () => {
    it('limits wrong current passwords on a password change per account (429 PASSWORD_TRIES_EXCEEDED, even the right one)', async () => {
      const { app } = context();
      const person = await signUp(app);
      const session = await logIn(app, person.phone, person.password);
      await proveSession(app, session, person.phone);
      const change = (currentPassword: string) =>
        send(
          app,
          'PUT',
          `/api/user-password/${person.userId}`,
          { ...session.auth, 'accept-language': 'en' },
          { currentPassword, newPassword: 'matkhau456', rePassword: 'matkhau456' },
        );
      const wrong = await Promise.all(Array.from({ length: PASSWORD_CHANGE_FAILURES_PER_HOUR + 5 }, () => change('sai-matkhau1')));
      expect(wrong.filter((answer) => answer.statusCode === 400).length).toBe(PASSWORD_CHANGE_FAILURES_PER_HOUR);
      const right = await change(person.password);
      expect(right.statusCode).toBe(429);
      expect(right.json().code).toBe('PASSWORD_TRIES_EXCEEDED');
    });

    it('checks the code before hashing the password: an unverified sign-up costs no scrypt', async () => {
      const { app } = context();
      const hashPassword = vi.mocked(secrets.hashPassword);
      hashPassword.mockClear();
      const { phone, email } = uniquePerson();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          app.inject({ method: 'POST', url: '/api/signup', payload: signupBody(phone, email, '6f1d3c0e-4d7a-4f7e-9a53-1f0f6b8f6b11') }),
        ),
      );
      expect(answers.every((answer) => answer.json().code === 'OTP_NOT_VERIFIED')).toBe(true);
      expect(hashPassword).not.toHaveBeenCalled();
    });

    it('names the session cookies __Host- (and the refresh cookie __Secure-) when cookies are secure (R7)', async () => {
      const { app, database, uploadsDir } = context();
      const person = await signUp(app);
      const production = await buildApp({ database, version: 'prod', uploadsDir, production: true });
      try {
        const login = await production.inject({
          method: 'POST',
          url: '/api/login',
          payload: { phone: person.phone, password: person.password },
        });
        expect(login.statusCode).toBe(200);
        const cookies = Object.fromEntries(login.cookies.map((cookie) => [cookie.name, cookie]));
        expect(cookies['__Host-RHC_access_token']).toMatchObject({ path: '/', secure: true, httpOnly: true });
        expect(cookies['__Host-RHC_session']).toMatchObject({ path: '/', secure: true, value: '1' });
        expect(cookies['__Secure-RHC_refresh_token']).toMatchObject({ path: '/api/checktoken', secure: true, httpOnly: true });
        expect(Object.keys(cookies).some((name) => name.startsWith('RHC_'))).toBe(false);
        const userId = login.json().data.user.userId as string;
        const access = cookies['__Host-RHC_access_token']?.value ?? '';
        const me = await production.inject({ method: 'GET', url: `/api/user/${userId}`, cookies: { '__Host-RHC_access_token': access } });
        expect(me.statusCode).toBe(200);
        // The bare name, which a subdomain could set, is not read when cookies are secure.
        const bare = await production.inject({ method: 'GET', url: `/api/user/${userId}`, cookies: { RHC_access_token: access } });
        expect(bare.statusCode).toBe(401);
      } finally {
        await production.close();
      }
    });
  });
});
