import { AVATAR_MAX_BYTES } from '@rhc/domain';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../../test/test-app.ts';
import { latestCode, logIn, proveSession, sendSmsCode, signUp, signUpAndLogIn } from '../../../test/accounts-helpers.ts';
import { send } from '../../../test/http-helpers.ts';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cf00000301010018dd8db40000000049454e44ae426082',
  'hex',
);

function multipart(content: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = '----rhc-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/user-avatar/{userId} with a multipart body, as the holder of `headers`. */
function uploadAvatar(app: FastifyInstance, userId: string, headers: Record<string, string>, body: ReturnType<typeof multipart>) {
  return app.inject({ method: 'POST', url: `/api/user-avatar/${userId}`, payload: body.payload, headers: { ...body.headers, ...headers } });
}

/** Enters the latest code sent to `to` for `verificationId`. */
async function verify(app: FastifyInstance, verificationId: string, to: string) {
  await app.inject({ method: 'POST', url: '/api/otp/verify', payload: { verificationId, code: await latestCode(app, to) } });
}

/** PUT /api/user-reset-password with a verification and the new password, typed twice. */
function resetPassword(app: FastifyInstance, verificationId: string, password: string) {
  return app.inject({
    method: 'PUT',
    url: '/api/user-reset-password',
    payload: { verificationId, newPassword: password, rePassword: password },
  });
}

const profileUpdate = {
  fullName: 'Phạm Hồng Nhung',
  address: '7 Trần Phú, Hải Châu, Đà Nẵng',
  gender: 'female',
  dateOfBirth: '1991-06-01',
  jobNote: 'Kế toán',
};

describeOnEachDatabase((context) => {
  describe("another person's account", () => {
    it('answers 404 on every account endpoint, exactly as for an id that does not exist', async () => {
      const { app } = context();
      const owner = await signUp(app);
      const { session } = await signUpAndLogIn(app);
      const id = owner.userId;
      const requests = [
        { method: 'GET', url: `/api/user/${id}` },
        { method: 'PUT', url: `/api/user/${id}`, payload: profileUpdate },
        { method: 'GET', url: `/api/user-information/${id}` },
        {
          method: 'PUT',
          url: `/api/user-password/${id}`,
          payload: { currentPassword: owner.password, newPassword: 'moi123456', rePassword: 'moi123456' },
        },
        { method: 'GET', url: `/api/dashboard/${id}` },
        { method: 'PUT', url: `/api/user-delete-avatar/${id}` },
        { method: 'GET', url: `/api/user-avatar/${id}` },
        { method: 'POST', url: `/api/user-avatar/${id}`, ...multipart(PNG, 'a.png', 'image/png') },
      ] as const;
      for (const request of requests) {
        const response = await app.inject({ ...request, headers: { ...('headers' in request ? request.headers : {}), ...session.auth } });
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
        expect(response.json().code).toBe('NOT_FOUND');
      }
      const ownerSession = await logIn(app, owner.phone, owner.password);
      const me = await app.inject({ method: 'GET', url: `/api/user/${id}`, headers: ownerSession.auth });
      expect(me.json().data.fullName).toBe('Phạm Thị Hồng');
    });
  });

  describe('PUT /api/user/:id', () => {
    it('changes my profile and answers it', async () => {
      const { app } = context();
      const { person, session } = await signUpAndLogIn(app);
      const response = await send(app, 'PUT', `/api/user/${person.userId}`, session.auth, profileUpdate);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject(profileUpdate);
    });

    it('refuses a date of birth in year 0000 or before 1900 with a message, never a 500', async () => {
      const { app } = context();
      const { person, session } = await signUpAndLogIn(app);
      for (const dateOfBirth of ['0000-01-01', '1899-12-31']) {
        const response = await send(
          app,
          'PUT',
          `/api/user/${person.userId}`,
          { ...session.auth, 'accept-language': 'en' },
          { ...profileUpdate, dateOfBirth },
        );
        expect(response.statusCode, dateOfBirth).toBe(400);
        expect(response.json().details).toEqual([
          { field: 'body.dateOfBirth', code: 'custom', message: 'Please enter a date of birth from 01/01/1900 on.' },
        ]);
      }
    });

    it('refuses a change of phone or e-mail here (they need a code)', async () => {
      const { app } = context();
      const { person, session } = await signUpAndLogIn(app);
      const response = await send(app, 'PUT', `/api/user/${person.userId}`, session.auth, { ...profileUpdate, phone: '0911111111' });
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0].code).toBe('unrecognized_keys');
    });
  });

  describe('GET /api/user-information/:id', () => {
    it('answers data.data with dateOfBirthday, as the spec reads it', async () => {
      const { app } = context();
      const { person, session } = await signUpAndLogIn(app);
      const response = await app.inject({ method: 'GET', url: `/api/user-information/${person.userId}`, headers: session.auth });
      expect(response.json().data.data).toMatchObject({ id: person.userId, dateOfBirthday: '1990-05-20', phone: person.phone });
    });
  });

  describe('PUT /api/user-password/:id', () => {
    it('needs the current password ("current password incorrect")', async () => {
      const { app } = context();
      const { person, session } = await signUpAndLogIn(app);
      await proveSession(app, session, person.phone);
      const response = await send(
        app,
        'PUT',
        `/api/user-password/${person.userId}`,
        { ...session.auth, 'accept-language': 'en' },
        { currentPassword: 'khongdung1', newPassword: 'moi123456', rePassword: 'moi123456' },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'CURRENT_PASSWORD_INCORRECT', message: 'The current password is incorrect.' });
    });

    it('changes the password, keeps this session and ends the others', async () => {
      const { app } = context();
      const { person, session: here } = await signUpAndLogIn(app);
      const elsewhere = await logIn(app, person.phone, person.password);
      await proveSession(app, here, person.phone);
      const response = await send(app, 'PUT', `/api/user-password/${person.userId}`, here.auth, {
        currentPassword: person.password,
        newPassword: 'moi123456',
        rePassword: 'moi123456',
      });
      expect(response.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: `/api/user/${person.userId}`, headers: here.auth })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: `/api/user/${person.userId}`, headers: elsewhere.auth })).statusCode).toBe(401);
      expect(
        (await app.inject({ method: 'POST', url: '/api/login', payload: { phone: person.phone, password: person.password } })).statusCode,
      ).toBe(401);
      await logIn(app, person.phone, 'moi123456');
    });
  });

  describe('PUT /api/user-reset-password', () => {
    it('sets a new password with a verified SMS reset code and ends every session', async () => {
      const { app } = context();
      const { person, session: before } = await signUpAndLogIn(app);
      const { verificationId } = await sendSmsCode(app, person.phone, 'reset');
      await verify(app, verificationId, person.phone);
      const response = await resetPassword(app, verificationId, 'datlai2026');
      expect(response.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: `/api/user/${person.userId}`, headers: before.auth })).statusCode).toBe(401);
      await logIn(app, person.phone, 'datlai2026');
      const again = await resetPassword(app, verificationId, 'lanhai2026');
      expect(again.json().code).toBe('OTP_NOT_VERIFIED');
    });

    it('works with a code sent by e-mail for the account of that e-mail and phone', async () => {
      const { app } = context();
      const person = await signUp(app);
      const sent = await app.inject({
        method: 'POST',
        url: '/api/otp/send-email',
        payload: { email: person.email, phone: person.phone, purpose: 'reset' },
      });
      const { verificationId } = sent.json().data;
      await verify(app, verificationId, person.email);
      const response = await resetPassword(app, verificationId, 'quamail2026');
      expect(response.statusCode).toBe(200);
      await logIn(app, person.phone, 'quamail2026');
    });

    it('refuses a sign-up code for a reset', async () => {
      const { app } = context();
      const person = await signUp(app);
      const { verificationId } = await sendSmsCode(app, person.phone, 'signup');
      await verify(app, verificationId, person.phone);
      const response = await resetPassword(app, verificationId, 'datlai2026');
      expect(response.json().code).toBe('OTP_NOT_VERIFIED');
    });
  });

  describe('POST /api/user-avatar/:userId', () => {
    it('stores an image, shows it at urlImage, replaces it, and PUT /api/user-delete-avatar removes it', async () => {
      const { app } = context();
      const { person, session } = await signUpAndLogIn(app);
      const upload = await uploadAvatar(app, person.userId, session.auth, multipart(PNG, 'me.png', 'image/png'));
      expect(upload.statusCode).toBe(200);
      const url = upload.json().data.urlImage as string;
      expect(url).toMatch(new RegExp(`^/api/user-avatar/${person.userId}\\?v=`));
      const image = await app.inject({ method: 'GET', url, headers: session.auth });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(PNG)).toBe(true);
      const me = (await app.inject({ method: 'GET', url: `/api/user/${person.userId}`, headers: session.auth })).json().data;
      expect(me.urlImage).toBe(url);
      const removed = await app.inject({ method: 'PUT', url: `/api/user-delete-avatar/${person.userId}`, headers: session.auth });
      expect(removed.json().data).toEqual({ urlImage: null });
      expect((await app.inject({ method: 'GET', url, headers: session.auth })).statusCode).toBe(404);
    });

    it('refuses a file over 4 MB with the spec message', async () => {
      const { app } = context();
      const { person, session } = await signUpAndLogIn(app);
      const big = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]);
      const response = await uploadAvatar(
        app,
        person.userId,
        { ...session.auth, 'accept-language': 'en' },
        multipart(big, 'big.png', 'image/png'),
      );
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: 'AVATAR_TOO_LARGE', message: 'File size should not exceed 4Mb. Please try again.' });
    });

    it('refuses a non-image renamed .png, whatever type it claims', async () => {
      const { app } = context();
      const { person, session } = await signUpAndLogIn(app);
      const response = await uploadAvatar(
        app,
        person.userId,
        { ...session.auth, 'accept-language': 'en' },
        multipart(Buffer.from('<html><script>alert(1)</script></html>'), 'photo.png', 'image/png'),
      );
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: 'AVATAR_NOT_IMAGE', message: 'Invalid file. Please select only image files.' });
    });
  });

  describe('look-ups', () => {
    it('GET /api/user-phone/:phone, /api/check-email-exists/:email and /api/check-email-phone-match tell what exists', async () => {
      const { app } = context();
      const person = await signUp(app);
      expect((await app.inject({ method: 'GET', url: `/api/user-phone/${person.phone}` })).json().data).toEqual({ exists: true });
      expect((await app.inject({ method: 'GET', url: '/api/user-phone/0999999990' })).json().data).toEqual({ exists: false });
      expect((await app.inject({ method: 'GET', url: `/api/check-email-exists/${person.email.toUpperCase()}` })).json().data).toEqual({
        exists: true,
      });
      const match = await app.inject({ method: 'GET', url: `/api/check-email-phone-match?email=${person.email}&phone=${person.phone}` });
      expect(match.json().data).toEqual({ match: true });
      const mismatch = await app.inject({ method: 'GET', url: `/api/check-email-phone-match?email=${person.email}&phone=0999999990` });
      expect(mismatch.json().data).toEqual({ match: false });
    });

    it('GET /api/workunit lists hospitals in the request language', async () => {
      const response = await context().app.inject({ method: 'GET', url: '/api/workunit', headers: { 'accept-language': 'en' } });
      expect(response.json().data).toContainEqual(expect.objectContaining({ name: 'Cho Ray Hospital' }));
      const vi = await context().app.inject({ method: 'GET', url: '/api/workunit' });
      expect(vi.json().data).toContainEqual(expect.objectContaining({ name: 'Bệnh viện Chợ Rẫy' }));
    });

    it('GET /api/dashboard/:userId answers my unanswered invitations (none yet)', async () => {
      const { app } = context();
      const { person, session } = await signUpAndLogIn(app);
      const response = await app.inject({ method: 'GET', url: `/api/dashboard/${person.userId}`, headers: session.auth });
      expect(response.json().data).toEqual({ countInvites: 0 });
    });
  });
});
