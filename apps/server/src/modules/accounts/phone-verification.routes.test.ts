import { OTP_SENDS_PER_HOUR, OTP_TTL_MS } from '@rhc/domain';
import { asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { outboxMessages, users } from '../../db/schema/index.ts';
import {
  latestCode,
  logIn,
  sendEmailCode,
  sendSmsCode,
  signUp,
  signupBody,
  uniqueAddress,
  uniquePerson,
  verifiedSignupCode,
  verifyLatestCode,
  type LoggedIn,
} from '../../../test/accounts-helpers.ts';
import { booked, createWorkingDoctor, examBody, orderAction, weekdayAfter } from '../../../test/booking-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';

/*
 * Decision 048: a sign-up by an e-mail code proves the e-mail, never the phone. The phone stays unverified (and gets no
 * SMS) until an SMS code proves it: the account's own "verify" or a password reset by SMS.
 */

function profile(app: FastifyInstance, session: LoggedIn) {
  return app.inject({ method: 'GET', url: `/api/user/${session.userId}`, headers: session.auth });
}

function sendPhoneCode(app: FastifyInstance, session: LoggedIn, userId = session.userId, remoteAddress = uniqueAddress()) {
  return app.inject({ method: 'POST', url: `/api/user-phone-code/${userId}`, headers: session.auth, remoteAddress });
}

function verifyPhone(app: FastifyInstance, session: LoggedIn, body: { verificationId: string; code: string }, userId = session.userId) {
  return app.inject({ method: 'PUT', url: `/api/user-phone-verified/${userId}`, headers: session.auth, payload: body });
}

/** A person signed up with an e-mail code, logged in. */
async function emailSignup(app: FastifyInstance) {
  const person = await signUp(app, {}, 'email');
  return { person, session: await logIn(app, person.phone, person.password) };
}

/** Sets a new password with a verified reset code sent by `channel`. */
async function resetBy(app: FastifyInstance, channel: 'sms' | 'email', person: { phone: string; email: string }) {
  const { verificationId } =
    channel === 'sms' ? await sendSmsCode(app, person.phone, 'reset') : await sendEmailCode(app, person.email, 'reset');
  await verifyLatestCode(app, verificationId, channel === 'sms' ? person.phone : person.email);
  return app.inject({
    method: 'PUT',
    url: '/api/user-reset-password',
    payload: { verificationId, newPassword: 'matkhaumoi123', rePassword: 'matkhaumoi123' },
  });
}

/** The notices of an order queued for `to` (its dedupe key names the order). */
async function noticesTo(ctx: TestContext, orderId: string, to: string) {
  const rows = await ctx.database.db
    .select()
    .from(outboxMessages)
    .where(like(outboxMessages.dedupeKey, `order:${orderId}:%`))
    .orderBy(asc(outboxMessages.id));
  return rows.filter((row) => row.recipient === to);
}

describeOnEachDatabase((context) => {
  describe('sign-up with a code by e-mail', () => {
    it('creates the account with that e-mail and its phone not verified; an SMS sign-up has it verified', async () => {
      const { app } = context();
      const byEmail = await emailSignup(app);
      expect((await profile(app, byEmail.session)).json().data).toMatchObject({ email: byEmail.person.email, phoneVerified: false });
      // No SMS went to the phone at any point of that sign-up.
      const toPhone = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${byEmail.person.phone}` });
      expect(toPhone.json().data).toEqual([]);
      const bySms = await signUp(app);
      expect((await profile(app, await logIn(app, bySms.phone, bySms.password))).json().data.phoneVerified).toBe(true);
    });

    it('sends the sign-up code to the e-mail in the request language', async () => {
      const { app } = context();
      const { email } = uniquePerson();
      const sent = await app.inject({
        method: 'POST',
        url: '/api/otp/send-email',
        headers: { 'accept-language': 'en' },
        payload: { email, purpose: 'signup' },
      });
      expect(sent.statusCode).toBe(200);
      const outbox = (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${email}` })).json().data;
      expect(outbox[0]).toMatchObject({ channel: 'email', to: email, subject: 'Your RHC verification code' });
    });

    it('never lets an e-mail code vouch for a phone: not for another e-mail, not for a registered phone', async () => {
      const { app } = context();
      const owner = await signUp(app);
      const squatter = uniquePerson();
      const verificationId = await verifiedSignupCode(app, squatter.phone, squatter.email);
      // The code proves squatter.email only: naming another e-mail is refused, whatever the phone.
      const otherEmail = await app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: signupBody(squatter.phone, uniquePerson().email, verificationId),
      });
      expect(otherEmail.statusCode).toBe(400);
      expect(otherEmail.json().code).toBe('OTP_NOT_VERIFIED');
      // With its own e-mail, the registered phone stays the owner's.
      const taken = await app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: signupBody(owner.phone, squatter.email, verificationId),
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('PHONE_TAKEN');
    });

    it('sends no SMS to an unverified phone: its notices go by e-mail, and by SMS once the phone is verified', async () => {
      const ctx = context();
      const { app } = ctx;
      const doctor = await createWorkingDoctor(ctx);
      const { person, session } = await emailSignup(app);
      const patient = { ...session, email: person.email };
      // The person asked for SMS only.
      const prefer = await app.inject({
        method: 'PUT',
        url: `/api/user-notifications/${session.userId}`,
        headers: session.auth,
        payload: { sms: true, email: false, language: 'vi' },
      });
      expect(prefer.statusCode).toBe(200);
      const day = weekdayAfter(ctx.clock.now(), 1);
      const first = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      expect((await orderAction(app, doctor, 'verify', first.id)).statusCode).toBe(200);
      expect(await noticesTo(ctx, first.id, person.phone)).toEqual([]);
      expect((await noticesTo(ctx, first.id, person.email)).map((row) => row.channel)).toEqual(['email']);

      const { verificationId } = (await sendPhoneCode(app, session)).json().data;
      expect((await verifyPhone(app, session, { verificationId, code: await latestCode(app, person.phone) })).json().data.isValid).toBe(
        true,
      );
      const second = await booked(app, patient, examBody(doctor.userId, day, '10:00'));
      expect((await orderAction(app, doctor, 'verify', second.id)).statusCode).toBe(200);
      expect((await noticesTo(ctx, second.id, person.phone)).map((row) => row.channel)).toEqual(['sms']);
      expect(await noticesTo(ctx, second.id, person.email)).toEqual([]);
    });
  });

  describe("a doctor's unverified phone", () => {
    it('gets the notice of a new booking by e-mail, never by SMS, however the doctor chose', async () => {
      const ctx = context();
      const { app } = ctx;
      const doctor = await createWorkingDoctor(ctx);
      // A doctor whose phone no SMS code has proven (signed up by an e-mail code), who asked for SMS only.
      await ctx.database.db
        .update(users)
        .set({ phoneVerifiedAt: null, notifySms: true, notifyEmail: false })
        .where(eq(users.id, doctor.userId));
      const { session } = await emailSignup(app);
      const order = await booked(app, session, examBody(doctor.userId, weekdayAfter(ctx.clock.now(), 1), '09:00'));
      expect(await noticesTo(ctx, order.id, doctor.phone)).toEqual([]);
      expect((await noticesTo(ctx, order.id, doctor.email)).map((row) => row.channel)).toEqual(['email']);
    });
  });

  describe('POST /api/user-phone-code/:userId and PUT /api/user-phone-verified/:userId', () => {
    it('sends an SMS code to my phone; the right code marks it verified, once', async () => {
      const { app } = context();
      const { person, session } = await emailSignup(app);
      const sent = await sendPhoneCode(app, session);
      expect(sent.statusCode).toBe(200);
      const outbox = (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${person.phone}` })).json().data;
      expect(outbox[0]).toMatchObject({ channel: 'sms', to: person.phone });
      const { verificationId } = sent.json().data;
      const right = await verifyPhone(app, session, { verificationId, code: await latestCode(app, person.phone) });
      expect(right.json().data).toEqual({ isValid: true, attemptsLeft: 5 });
      expect((await profile(app, session)).json().data.phoneVerified).toBe(true);
      // Verified: no more codes are sent for it.
      const again = await sendPhoneCode(app, session);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('PHONE_ALREADY_VERIFIED');
    });

    it('answers a wrong code with the tries left and an expired one with OTP_EXPIRED; the phone stays unverified', async () => {
      const { app, clock } = context();
      const { person, session } = await emailSignup(app);
      const { verificationId } = (await sendPhoneCode(app, session)).json().data;
      const code = await latestCode(app, person.phone);
      const wrong = await verifyPhone(app, session, { verificationId, code: code === '000000' ? '111111' : '000000' });
      expect(wrong.statusCode).toBe(200);
      expect(wrong.json().data).toEqual({ isValid: false, attemptsLeft: 4 });
      clock.advance(OTP_TTL_MS + 1000);
      const fresh = await logIn(app, person.phone, person.password);
      const expired = await verifyPhone(app, fresh, { verificationId, code });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().code).toBe('OTP_EXPIRED');
      expect((await profile(app, fresh)).json().data.phoneVerified).toBe(false);
    });

    it('checks only a code sent for my own phone: a sign-up code to it does not verify my account', async () => {
      const { app } = context();
      const { person, session } = await emailSignup(app);
      const { verificationId } = await sendSmsCode(app, person.phone, 'signup');
      const answer = await verifyPhone(app, session, { verificationId, code: await latestCode(app, person.phone) });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().code).toBe('OTP_EXPIRED');
      expect((await profile(app, session)).json().data.phoneVerified).toBe(false);
    });

    it('limits the codes like every code send (OTP_TOO_MANY_HOUR)', async () => {
      const { app } = context();
      const { session } = await emailSignup(app);
      for (let sent = 0; sent < OTP_SENDS_PER_HOUR; sent += 1) expect((await sendPhoneCode(app, session)).statusCode).toBe(200);
      const refused = await sendPhoneCode(app, session);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('OTP_TOO_MANY_HOUR');
    });

    it("answers 404 for another person's id, and sends nothing to their phone", async () => {
      const { app } = context();
      const other = await emailSignup(app);
      const { session } = await emailSignup(app);
      const send = await sendPhoneCode(app, session, other.session.userId);
      expect(send.statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${other.person.phone}` })).json().data).toEqual([]);
      const { verificationId } = (await sendPhoneCode(app, other.session)).json().data;
      const code = await latestCode(app, other.person.phone);
      expect((await verifyPhone(app, session, { verificationId, code }, other.session.userId)).statusCode).toBe(404);
      // Nor does my own id accept their code.
      expect((await verifyPhone(app, session, { verificationId, code })).json().code).toBe('OTP_EXPIRED');
      expect((await profile(app, other.session)).json().data.phoneVerified).toBe(false);
    });
  });

  describe('the phone’s real owner recovers it', () => {
    it('a reset by an SMS code marks the phone verified and ends every session', async () => {
      const { app } = context();
      const { person, session } = await emailSignup(app);
      expect((await resetBy(app, 'sms', person)).statusCode).toBe(200);
      expect((await profile(app, session)).statusCode).toBe(401);
      const owner = await logIn(app, person.phone, 'matkhaumoi123');
      expect((await profile(app, owner)).json().data.phoneVerified).toBe(true);
    });

    it('a reset by an e-mail code does not verify the phone', async () => {
      const { app } = context();
      const { person } = await emailSignup(app);
      expect((await resetBy(app, 'email', person)).statusCode).toBe(200);
      const session = await logIn(app, person.phone, 'matkhaumoi123');
      expect((await profile(app, session)).json().data.phoneVerified).toBe(false);
    });
  });
});
