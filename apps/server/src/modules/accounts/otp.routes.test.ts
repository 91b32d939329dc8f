import { OTP_TTL_MS } from '@rhc/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { otpVerifications } from '../../db/schema/index.ts';
import { send } from '../../../test/http-helpers.ts';
import { describeOnEachDatabase } from '../../../test/test-app.ts';
import { latestCode, sendSmsCode, signUp, uniquePerson } from '../../../test/accounts-helpers.ts';

describeOnEachDatabase((context) => {
  describe('POST /api/otp/saveVerificationIdToDb', () => {
    it('sends a 6-digit code by SMS, in the request language, and answers its verification id and expiry', async () => {
      const { app, clock } = context();
      const { phone } = uniquePerson();
      const response = await send(
        app,
        'POST',
        '/api/otp/saveVerificationIdToDb',
        { 'accept-language': 'vi' },
        { phone, purpose: 'signup' },
      );
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data.verificationId).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(data.expiresAt).getTime()).toBe(clock.now().getTime() + OTP_TTL_MS);
      const outbox = (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${phone}` })).json().data;
      expect(outbox[0]).toMatchObject({ channel: 'sms', to: phone });
      // The code SMS follows the rule of every SMS (issue 54 item 14): without diacritics, in one GSM part.
      expect(outbox[0].text).toMatch(/^RHC: Ma xac thuc cua ban la \d{6}, co hieu luc trong 5 phut/);
    });

    it('refuses an invalid phone with the field message in the request language', async () => {
      const response = await send(
        context().app,
        'POST',
        '/api/otp/saveVerificationIdToDb',
        { 'accept-language': 'en' },
        { phone: '0123', purpose: 'signup' },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        { field: 'body.phone', code: 'invalid_format', message: 'Please enter a valid Vietnamese mobile number (e.g. 0912345678).' },
      ]);
    });

    it('allows 5 codes per phone per hour, then answers 429 OTP_TOO_MANY_HOUR; after the hour it sends again', async () => {
      const { app, clock } = context();
      const { phone } = uniquePerson();
      for (let i = 0; i < 5; i += 1) expect((await sendSmsCode(app, phone)).response.statusCode).toBe(200);
      const sixth = await sendSmsCode(app, phone);
      expect(sixth.response.statusCode).toBe(429);
      expect(sixth.response.json().code).toBe('OTP_TOO_MANY_HOUR');
      clock.advance(61 * 60 * 1000);
      expect((await sendSmsCode(app, phone)).response.statusCode).toBe(200);
    });

    it('caps a phone at 10 codes a day: "too many OTP requests today"', async () => {
      const { app, clock } = context();
      const { phone } = uniquePerson();
      for (let i = 0; i < 10; i += 1) {
        expect((await sendSmsCode(app, phone)).response.statusCode).toBe(200);
        if (i % 5 === 4) clock.advance(61 * 60 * 1000);
      }
      const refused = await send(app, 'POST', '/api/otp/saveVerificationIdToDb', { 'accept-language': 'en' }, { phone, purpose: 'signup' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'OTP_TOO_MANY_TODAY',
        message: 'You have requested too many verification codes today. Please try again tomorrow.',
      });
    });

    it('answers a reset request for an unknown phone exactly like a known one, but sends nothing', async () => {
      const { app } = context();
      const known = await signUp(app);
      const { phone: unknown } = uniquePerson();
      const a = await sendSmsCode(app, known.phone, 'reset');
      const b = await sendSmsCode(app, unknown, 'reset');
      expect(a.response.statusCode).toBe(200);
      expect(b.response.statusCode).toBe(200);
      expect(Object.keys(a.response.json().data)).toEqual(Object.keys(b.response.json().data));
      const outbox = (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${unknown}` })).json().data;
      expect(outbox).toEqual([]);
    });
  });

  describe('POST /api/otp/send-email', () => {
    it('sends a reset code by e-mail; a sign-up code by e-mail names no phone (it vouches for none, decision 048)', async () => {
      const { app, database } = context();
      const account = await signUp(app);
      const other = uniquePerson();
      // Finding 6: my e-mail and another person's phone used to give a code that signed up with their phone.
      const squat = await send(
        app,
        'POST',
        '/api/otp/send-email',
        { 'accept-language': 'en' },
        { email: other.email, phone: account.phone, purpose: 'signup' },
      );
      expect(squat.statusCode).toBe(200);
      const [row] = await database.db.select().from(otpVerifications).where(eq(otpVerifications.id, squat.json().data.verificationId));
      expect(row).toMatchObject({ channel: 'email', destination: other.email, phone: null, userId: null });
      const sent = await send(app, 'POST', '/api/otp/send-email', { 'accept-language': 'en' }, { email: account.email, purpose: 'reset' });
      expect(sent.statusCode).toBe(200);
      const outbox = (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${account.email}` })).json().data;
      expect(outbox[0]).toMatchObject({ channel: 'email', to: account.email, subject: 'Your RHC verification code' });
    });
  });

  describe('POST /api/otp/verify', () => {
    it('accepts the right code once: a second use answers OTP_EXPIRED', async () => {
      const { app } = context();
      const { phone } = uniquePerson();
      const { verificationId } = await sendSmsCode(app, phone);
      const code = await latestCode(app, phone);
      const first = await app.inject({ method: 'POST', url: '/api/otp/verify', payload: { verificationId, code } });
      expect(first.json().data).toEqual({ isValid: true, attemptsLeft: 5 });
      const again = await app.inject({ method: 'POST', url: '/api/otp/verify', payload: { verificationId, code } });
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('OTP_EXPIRED');
    });

    it('answers isValid false with the tries left for a wrong code', async () => {
      const { app } = context();
      const { phone } = uniquePerson();
      const { verificationId } = await sendSmsCode(app, phone);
      const code = await latestCode(app, phone);
      const wrong = code === '000000' ? '111111' : '000000';
      const response = await app.inject({ method: 'POST', url: '/api/otp/verify', payload: { verificationId, code: wrong } });
      expect(response.json().data).toEqual({ isValid: false, attemptsLeft: 4 });
    });

    it('refuses the 6th try after 5 wrong codes, even with the right code (429 OTP_LOCKED)', async () => {
      const { app } = context();
      const { phone } = uniquePerson();
      const { verificationId } = await sendSmsCode(app, phone);
      const code = await latestCode(app, phone);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i += 1) {
        const response = await app.inject({ method: 'POST', url: '/api/otp/verify', payload: { verificationId, code: wrong } });
        expect(response.json().data.isValid).toBe(false);
      }
      const sixth = await send(app, 'POST', '/api/otp/verify', { 'accept-language': 'en' }, { verificationId, code });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toMatchObject({ code: 'OTP_LOCKED', message: 'Too many wrong codes. Please request a new code.' });
    });

    it('refuses a code after its 5 minutes (OTP_EXPIRED)', async () => {
      const { app, clock } = context();
      const { phone } = uniquePerson();
      const { verificationId } = await sendSmsCode(app, phone);
      const code = await latestCode(app, phone);
      clock.advance(OTP_TTL_MS + 1000);
      const response = await app.inject({ method: 'POST', url: '/api/otp/verify', payload: { verificationId, code } });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('OTP_EXPIRED');
    });

    it('does not accept the code of one request on another (codes are bound to their verification)', async () => {
      const { app } = context();
      const a = uniquePerson();
      const b = uniquePerson();
      await sendSmsCode(app, a.phone);
      const { verificationId: forB } = await sendSmsCode(app, b.phone);
      const codeOfA = await latestCode(app, a.phone);
      const codeOfB = await latestCode(app, b.phone);
      if (codeOfA === codeOfB) return; // one in a million: nothing to tell apart
      const response = await app.inject({ method: 'POST', url: '/api/otp/verify', payload: { verificationId: forB, code: codeOfA } });
      expect(response.json().data.isValid).toBe(false);
    });

    it('validates the code format: 6 digits', async () => {
      const response = await send(
        context().app,
        'POST',
        '/api/otp/verify',
        { 'accept-language': 'zh' },
        { verificationId: '6f1d3c0e-4d7a-4f7e-9a53-1f0f6b8f6b11', code: '12a' },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([{ field: 'body.code', code: 'invalid_format', message: '验证码为 6 位数字。' }]);
    });
  });
});
