import { ACCESS_TOKEN_TTL_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@rhc/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { auditEvents, sessions } from '../../db/schema/index.ts';
import { SESSION_CACHE_MS } from './session-cache.ts';
import { describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../../test/test-app.ts';
import { cookieValue, logIn, signUp, signupBody, uniquePerson, verifiedSignupCode } from '../../../test/accounts-helpers.ts';
import { send } from '../../../test/http-helpers.ts';

const doctorExtras = {
  degree: 'master',
  specialtyNames: ['Nhi khoa'],
  bankName: 'Techcombank',
  bankAccount: '19033334444',
  workPlace: 'Bệnh viện Nhi Đồng 1',
};

describeOnEachDatabase((context) => {
  describe('POST /api/signup', () => {
    it('creates the account with a verified phone and answers the login-state fields', async () => {
      const { app } = context();
      const { phone, email } = uniquePerson();
      const verificationId = await verifiedSignupCode(app, phone);
      const response = await app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: signupBody(phone, `  ${email.toUpperCase()} `, verificationId),
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({ fullName: 'Phạm Thị Hồng', phone, jobId: 3, dateOfBirth: '1990-05-20', urlImage: null });
      const profile = await logIn(app, phone, 'matkhau123');
      const me = await app.inject({ method: 'GET', url: `/api/user/${profile.userId}`, headers: profile.auth });
      expect(me.json().data.email).toBe(email);
    });

    it('refuses a sign-up without a verified code, and a code used once cannot sign up twice', async () => {
      const { app } = context();
      const { phone, email } = uniquePerson();
      const unverified = await send(
        app,
        'POST',
        '/api/signup',
        { 'accept-language': 'en' },
        signupBody(phone, email, '6f1d3c0e-4d7a-4f7e-9a53-1f0f6b8f6b11'),
      );
      expect(unverified.statusCode).toBe(400);
      expect(unverified.json()).toMatchObject({
        code: 'OTP_NOT_VERIFIED',
        message: 'Please verify your phone number with the code we sent before continuing.',
      });

      const verificationId = await verifiedSignupCode(app, phone);
      expect((await app.inject({ method: 'POST', url: '/api/signup', payload: signupBody(phone, email, verificationId) })).statusCode).toBe(
        201,
      );
      const other = uniquePerson();
      const reused = await app.inject({ method: 'POST', url: '/api/signup', payload: signupBody(phone, other.email, verificationId) });
      expect(reused.json().code).toBe('OTP_NOT_VERIFIED');
    });

    it('refuses a code verified for another phone', async () => {
      const { app } = context();
      const a = uniquePerson();
      const b = uniquePerson();
      const verificationId = await verifiedSignupCode(app, a.phone);
      const response = await app.inject({ method: 'POST', url: '/api/signup', payload: signupBody(b.phone, b.email, verificationId) });
      expect(response.json().code).toBe('OTP_NOT_VERIFIED');
    });

    it('answers the spec messages for a phone or e-mail already used', async () => {
      const { app } = context();
      const existing = await signUp(app);
      const fresh = uniquePerson();
      const emailTaken = await send(
        app,
        'POST',
        '/api/signup',
        { 'accept-language': 'en' },
        signupBody(fresh.phone, existing.email, await verifiedSignupCode(app, fresh.phone)),
      );
      expect(emailTaken.statusCode).toBe(409);
      expect(emailTaken.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: 'This email has already been used by another user.' });
      const phoneTaken = await send(
        app,
        'POST',
        '/api/signup',
        { 'accept-language': 'vi' },
        signupBody(existing.phone, fresh.email, await verifiedSignupCode(app, existing.phone)),
      );
      expect(phoneTaken.statusCode).toBe(409);
      expect(phoneTaken.json()).toMatchObject({ code: 'PHONE_TAKEN', message: 'Số điện thoại này đã được đăng ký.' });
    });

    it.each([
      ['fullName', 'Nguyễn Văn 2', 'validation.name_invalid', 'The name must contain only letters, without digits or special characters.'],
      ['fullName', 'Nguyễn Văn An Nguyễn Văn An Nguyễn', 'validation.name_too_long', 'The name must be at most 30 characters.'],
      ['fullName', '', 'validation.required', 'Please fill in this field.'],
      ['password', 'abc1234', 'validation.password_length', 'The password must be 8 to 20 characters long.'],
      ['password', 'abcdefgh123456789012x', 'validation.password_length', 'The password must be 8 to 20 characters long.'],
      ['password', 'abcdefghij', 'validation.password_weak', 'The password must contain at least one letter and one digit.'],
      ['email', 'not-an-email', 'validation.email_invalid', 'Please enter a valid e-mail address.'],
      ['phone', '0212345678', 'validation.phone_invalid', 'Please enter a valid Vietnamese mobile number (e.g. 0912345678).'],
      ['dateOfBirth', '20/05/1990', 'validation.date_invalid', 'Please enter a valid date (DD/MM/YYYY).'],
      ['address', '', 'validation.required', 'Please fill in this field.'],
    ])('refuses %s = "%s" with %s', async (field, value, _key, message) => {
      const { phone, email } = uniquePerson();
      const payload = signupBody(phone, email, '6f1d3c0e-4d7a-4f7e-9a53-1f0f6b8f6b11', {
        [field]: value,
        ...(field === 'password' ? { rePassword: value } : {}),
      });
      const response = await context().app.inject({ method: 'POST', url: '/api/signup', headers: { 'accept-language': 'en' }, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toContainEqual(expect.objectContaining({ field: `body.${field}`, message }));
    });

    it('refuses a re-entered password that does not match, at the re-entry field', async () => {
      const { phone, email } = uniquePerson();
      const payload = signupBody(phone, email, '6f1d3c0e-4d7a-4f7e-9a53-1f0f6b8f6b11', { rePassword: 'matkhau124' });
      const response = await context().app.inject({ method: 'POST', url: '/api/signup', headers: { 'accept-language': 'vi' }, payload });
      expect(response.json().details).toEqual([{ field: 'body.rePassword', code: 'custom', message: 'Mật khẩu nhập lại không khớp.' }]);
    });

    it('requires the doctor extras when the job is doctor, and the doctor starts unverified', async () => {
      const { app } = context();
      const { phone, email } = uniquePerson();
      const missing = await app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: signupBody(phone, email, '6f1d3c0e-4d7a-4f7e-9a53-1f0f6b8f6b11', { jobId: 1, jobNote: undefined }),
      });
      expect(missing.json().details).toContainEqual(expect.objectContaining({ field: 'body.doctor' }));
      const doctor = await signUp(app, { jobId: 1, jobNote: undefined, doctor: doctorExtras });
      const session = await logIn(app, doctor.phone, doctor.password);
      const me = (await app.inject({ method: 'GET', url: `/api/user/${doctor.userId}`, headers: session.auth })).json().data;
      expect(me.jobId).toBe(1);
      expect(me.doctor).toMatchObject({ degree: 'master', specialtyNames: ['Nhi khoa'], verified: false });
    });

    it('refuses a doctor bank name with digits', async () => {
      const { phone, email } = uniquePerson();
      const payload = signupBody(phone, email, '6f1d3c0e-4d7a-4f7e-9a53-1f0f6b8f6b11', {
        jobId: 1,
        doctor: { ...doctorExtras, bankName: 'Bank 24' },
      });
      const response = await context().app.inject({ method: 'POST', url: '/api/signup', headers: { 'accept-language': 'en' }, payload });
      expect(response.json().details).toContainEqual({
        field: 'body.doctor.bankName',
        code: 'invalid_format',
        message: 'This field must not contain digits.',
      });
    });
  });

  describe('POST /api/login', () => {
    it('answers the access token and user info, and sets HttpOnly session cookies', async () => {
      const { app } = context();
      const person = await signUp(app);
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { phone: `+84${person.phone.slice(1)}`, password: person.password },
      });
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(data.user).toMatchObject({ id: person.userId, userId: person.userId, fullName: 'Phạm Thị Hồng', phone: person.phone });
      const access = response.cookies.find((cookie) => cookie.name === 'RHC_access_token');
      expect(access).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
      expect(response.cookies.find((cookie) => cookie.name === 'RHC_refresh_token')).toMatchObject({
        path: '/api/checktoken',
        httpOnly: true,
        sameSite: 'Strict',
      });
      expect(response.cookies.find((cookie) => cookie.name === 'RHC_session')?.httpOnly).toBeFalsy();
    });

    it.each([
      ['a wrong password', 'matkhau999', 401, '10401', 'Incorrect phone number or password.'],
      ['an unknown phone', null, 404, '19404', 'This user does not exist.'],
    ])('answers %s with the spec code', async (_case, password, status, code, message) => {
      const { app } = context();
      const person = await signUp(app);
      const phone = password ? person.phone : uniquePerson().phone;
      const response = await send(app, 'POST', '/api/login', { 'accept-language': 'en' }, { phone, password: password ?? 'whatever1' });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ status, code, message });
    });

    it('answers 16404 for a deleted account', async () => {
      const { app, database } = context();
      const person = await signUp(app);
      await database.db.execute(sql`update users set deleted_at = now() where id = ${person.userId}`);
      const response = await app.inject({ method: 'POST', url: '/api/login', payload: { phone: person.phone, password: person.password } });
      expect(response.json().code).toBe('16404');
    });

    it('locks an account for the hour after 10 failed logins, even with the right password', async () => {
      const { app, clock } = context();
      const person = await signUp(app);
      for (let i = 0; i < 10; i += 1) {
        expect(
          (await app.inject({ method: 'POST', url: '/api/login', payload: { phone: person.phone, password: 'sai123456' } })).statusCode,
        ).toBe(401);
      }
      const locked = await app.inject({ method: 'POST', url: '/api/login', payload: { phone: person.phone, password: person.password } });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe('LOGIN_LOCKED');
      clock.advance(61 * 60 * 1000);
      expect(
        (await app.inject({ method: 'POST', url: '/api/login', payload: { phone: person.phone, password: person.password } })).statusCode,
      ).toBe(200);
    });

    it('records login success and failure in the audit trail, without the password', async () => {
      const { app, database } = context();
      const person = await signUp(app);
      await app.inject({ method: 'POST', url: '/api/login', payload: { phone: person.phone, password: 'sai123456' } });
      await logIn(app, person.phone, person.password);
      const rows = await database.db
        .select({ action: auditEvents.action, outcome: auditEvents.outcome, details: auditEvents.details })
        .from(auditEvents)
        .where(eq(auditEvents.subjectUserId, person.userId))
        .orderBy(asc(auditEvents.id));
      expect(rows.map((row) => `${row.action}:${row.outcome}`)).toEqual(['signup:success', 'login:failure', 'login:success']);
      expect(JSON.stringify(rows)).not.toContain('sai123456');
    });

    it('keeps the audit trail append-only', async () => {
      const { database } = context();
      await expect(database.db.execute(sql`delete from audit_events`)).rejects.toThrow();
    });
  });

  describe('sessions', () => {
    it('ends after 30 minutes without activity (SESSION_EXPIRED)', async () => {
      const { app, clock } = context();
      const person = await signUp(app);
      const session = await logIn(app, person.phone, person.password);
      clock.advance(SESSION_IDLE_MS + 1000);
      const response = await app.inject({ method: 'GET', url: `/api/user/${person.userId}`, headers: session.auth });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('SESSION_EXPIRED');
      const refresh = await app.inject({
        method: 'POST',
        url: `/api/checktoken/${person.userId}`,
        payload: { token: session.refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
    });

    it('refreshes with rotation: the new tokens work and the old refresh token is refused', async () => {
      const { app, clock } = context();
      const person = await signUp(app);
      const session = await logIn(app, person.phone, person.password);
      clock.advance(ACCESS_TOKEN_TTL_MS + 1000);
      expect((await app.inject({ method: 'GET', url: `/api/user/${person.userId}`, headers: session.auth })).statusCode).toBe(401);
      const refreshed = await app.inject({
        method: 'POST',
        url: `/api/checktoken/${person.userId}`,
        payload: { token: session.refreshToken },
      });
      expect(refreshed.statusCode).toBe(200);
      const { status, token } = refreshed.json().data;
      expect(status).toBe(200);
      expect(
        (await app.inject({ method: 'GET', url: `/api/user/${person.userId}`, headers: { authorization: `Bearer ${token}` } })).statusCode,
      ).toBe(200);
      const reused = await app.inject({
        method: 'POST',
        url: `/api/checktoken/${person.userId}`,
        payload: { token: session.refreshToken },
      });
      expect(reused.statusCode).toBe(401);
      // Reusing a rotated token means it leaked: the whole session ends, the new tokens too.
      const next = cookieValue(refreshed, 'RHC_refresh_token');
      expect((await app.inject({ method: 'POST', url: `/api/checktoken/${person.userId}`, payload: { token: next } })).statusCode).toBe(
        401,
      );
    });

    it('refreshes from the HttpOnly cookie when the body has no token', async () => {
      const { app } = context();
      const person = await signUp(app);
      const session = await logIn(app, person.phone, person.password);
      const refreshed = await app.inject({
        method: 'POST',
        url: `/api/checktoken/${person.userId}`,
        cookies: { RHC_refresh_token: session.refreshToken },
      });
      expect(refreshed.statusCode).toBe(200);
    });

    it('ends 12 hours after login however active the person is', async () => {
      const { app, clock } = context();
      const person = await signUp(app);
      let session = await logIn(app, person.phone, person.password);
      let refreshToken = session.refreshToken;
      for (let elapsed = 0; elapsed < SESSION_ABSOLUTE_MS; elapsed += 10 * 60 * 1000) {
        clock.advance(10 * 60 * 1000);
        const refreshed = await app.inject({ method: 'POST', url: `/api/checktoken/${person.userId}`, payload: { token: refreshToken } });
        if (elapsed + 10 * 60 * 1000 >= SESSION_ABSOLUTE_MS) {
          expect(refreshed.statusCode).toBe(401);
          break;
        }
        expect(refreshed.statusCode).toBe(200);
        refreshToken = cookieValue(refreshed, 'RHC_refresh_token') ?? '';
        session = { ...session, auth: { authorization: `Bearer ${refreshed.json().data.token}` } };
      }
      expect((await app.inject({ method: 'GET', url: `/api/user/${person.userId}`, headers: session.auth })).statusCode).toBe(401);
    });

    it('POST /api/logout-page revokes the session on the server and clears the cookies', async () => {
      const { app } = context();
      const person = await signUp(app);
      const session = await logIn(app, person.phone, person.password);
      const logout = await app.inject({ method: 'POST', url: '/api/logout-page', headers: session.auth });
      expect(logout.statusCode).toBe(200);
      expect(logout.cookies.find((cookie) => cookie.name === 'RHC_access_token')?.value).toBe('');
      expect((await app.inject({ method: 'GET', url: `/api/user/${person.userId}`, headers: session.auth })).statusCode).toBe(401);
      expect(
        (await app.inject({ method: 'POST', url: `/api/checktoken/${person.userId}`, payload: { token: session.refreshToken } }))
          .statusCode,
      ).toBe(401);
    });

    it('refuses a session ended by another instance within SESSION_CACHE_MS (decision 050)', async () => {
      const { app, clock, database } = context();
      const person = await signUp(app);
      const session = await logIn(app, person.phone, person.password);
      expect((await app.inject({ method: 'GET', url: `/api/user/${person.userId}`, headers: session.auth })).statusCode).toBe(200);
      // Another instance's logout, or an operator's, writes the row this instance has just read.
      await database.db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.userId, person.userId));
      clock.advance(SESSION_CACHE_MS);
      const response = await app.inject({ method: 'GET', url: `/api/user/${person.userId}`, headers: session.auth });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('SESSION_EXPIRED');
    });

    it('accepts the access cookie instead of the Authorization header', async () => {
      const { app } = context();
      const person = await signUp(app);
      const session = await logIn(app, person.phone, person.password);
      const response = await app.inject({
        method: 'GET',
        url: `/api/user/${person.userId}`,
        cookies: { RHC_access_token: session.accessToken },
      });
      expect(response.statusCode).toBe(200);
    });

    it('answers 401 UNAUTHORIZED without a token', async () => {
      const response = await send(context().app, 'GET', '/api/user/6f1d3c0e-4d7a-4f7e-9a53-1f0f6b8f6b11', { 'accept-language': 'en' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 401, code: 'UNAUTHORIZED', message: 'Please log in to continue.' });
    });
  });
});
