import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { outboxMessages, userNotifications } from '../../db/schema/index.ts';
import {
  booked,
  createDoctor,
  createWorkingDoctor,
  createPatient,
  insertWorkTime,
  orderAction,
  weekdayAfter,
  WEEKDAYS,
  examBody,
} from '../../../test/booking-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { logIn } from '../../../test/accounts-helpers.ts';
import { vietnamInstant } from '@rhc/domain';

type Person = { userId: string; phone: string; email: string; auth: { authorization: string } };

function prefer(app: FastifyInstance, person: Person, body: object) {
  return app.inject({ method: 'PUT', url: `/api/user-notifications/${person.userId}`, headers: person.auth, payload: body });
}

/** A doctor told by e-mail in Chinese, a patient told by SMS in English: every message has one place to be. */
async function setup(context: () => TestContext) {
  const ctx = context();
  const doctor = await createWorkingDoctor(ctx, { online: true });
  const patient = await createPatient(ctx);
  expect((await prefer(ctx.app, doctor, { sms: false, email: true, language: 'zh' })).statusCode).toBe(200);
  expect((await prefer(ctx.app, patient, { sms: true, email: false, language: 'en' })).statusCode).toBe(200);
  return { ...ctx, doctor, patient, day: weekdayAfter(ctx.clock.now(), 1) };
}

function edit(app: FastifyInstance, person: Person, orderId: string, body: object) {
  return app.inject({ method: 'PUT', url: `/api/order/${orderId}`, headers: person.auth, payload: body });
}

/** The notices queued for an order (the booking confirmation mail has no dedupe key and is not among them). */
async function notices(ctx: TestContext, orderId: string) {
  return ctx.database.db
    .select()
    .from(outboxMessages)
    .where(like(outboxMessages.dedupeKey, `order:${orderId}:%`))
    .orderBy(asc(outboxMessages.id));
}

const trackingLink = (secureCode: string) => `/order-tracking/${secureCode}`;

describeOnEachDatabase((context) => {
  describe('notices of booking changes (issue 12)', () => {
    it('tells the doctor of a new booking, by e-mail in their language, with the link to their screen of it; the patient keeps the confirmation', async () => {
      const { app, database, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day));
      const queued = await notices(context(), order.id);
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({ channel: 'email', recipient: doctor.email, nextAttemptAt: expect.any(Date) });
      expect(queued[0]?.subject).toContain('新预约');
      // The doctor's link opens their own screen of the booking, not the patient's public tracking (issue 54 item 14).
      expect(queued[0]?.body).toContain(`/all-orders/${order.id}`);
      expect(queued[0]?.body).not.toContain(trackingLink(order.secureCode));
      const mails = await database.db.select().from(outboxMessages).where(like(outboxMessages.recipient, patient.email));
      expect(mails.map((mail) => mail.attachments?.[0]?.filename)).toEqual([`${order.code}.ics`]);
    });

    it('tells the patient of an online verification by SMS in English with the call link; a repeated verify adds nothing', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day, '14:00', 'online'));
      const verified = await orderAction(app, doctor, 'verify', order.id);
      const meetingLink = verified.json().data.meetingLink as string;
      expect(meetingLink).toMatch(/^https:\/\//);
      const again = await orderAction(app, doctor, 'verify', order.id);
      expect(again.statusCode).toBe(409);
      const toPatient = (await notices(context(), order.id)).filter((row) => row.recipient !== doctor.email);
      expect(toPatient).toHaveLength(1);
      expect(toPatient[0]).toMatchObject({ channel: 'sms', recipient: patient.phone, subject: null });
      expect(toPatient[0]?.body).toContain('online booking');
      expect(toPatient[0]?.body).toContain(meetingLink);
      expect(toPatient[0]?.body).toContain(trackingLink(order.secureCode));
    });

    it('tells the patient of an in-person verification, a move by the doctor (once), and completion', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      expect((await orderAction(app, doctor, 'verify', order.id)).statusCode).toBe(200);
      expect((await edit(app, doctor, order.id, examBody(doctor.userId, day, '10:00'))).statusCode).toBe(200);
      // The same change sent again moves nothing and tells nobody.
      expect((await edit(app, doctor, order.id, examBody(doctor.userId, day, '10:00'))).statusCode).toBe(200);
      // Completion opens 30 minutes before the (new) start: the clock goes there, and the doctor logs in again.
      const ctx = context();
      ctx.clock.advance(vietnamInstant(day, '09:30').getTime() - ctx.clock.now().getTime());
      Object.assign(doctor, await logIn(app, doctor.phone, doctor.password));
      expect((await orderAction(app, doctor, 'complete', order.id)).statusCode).toBe(200);
      const toPatient = (await notices(context(), order.id)).filter((row) => row.recipient === patient.phone);
      expect(toPatient.map((row) => row.dedupeKey?.split(':')[2])).toEqual(['patient.verified', 'patient.moved', 'patient.completed']);
      expect(toPatient[0]?.body).not.toContain('Join');
      expect(toPatient[1]?.body).toContain('10:00');
      for (const row of toPatient) expect(row.body).toContain(trackingLink(order.secureCode));
    });

    it("tells the doctor of the patient's move (the booking goes back to awaiting confirmation) and cancellation, and the patient too", async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      await orderAction(app, doctor, 'verify', order.id);
      const moved = await edit(app, patient, order.id, examBody(doctor.userId, day, '10:30'));
      expect(moved.json().data.status).toBe(0);
      expect((await orderAction(app, patient, 'cancel', order.id)).statusCode).toBe(200);
      const toDoctor = (await notices(context(), order.id)).filter((row) => row.recipient === doctor.email);
      expect(toDoctor.map((row) => row.dedupeKey?.split(':')[2])).toEqual(['doctor.booked', 'doctor.moved', 'doctor.cancelled']);
      expect(toDoctor[1]?.subject).toContain('10:30');
      expect(toDoctor.every((row) => row.channel === 'email')).toBe(true);
      // Issue 54 item 12: the patient hears of their own changes too, by their channel (SMS) in their language (English).
      const toPatient = (await notices(context(), order.id)).filter((row) => row.recipient === patient.phone);
      expect(toPatient.map((row) => row.dedupeKey?.split(':')[2])).toEqual([
        'patient.verified',
        'patient.selfMoved',
        'patient.selfCancelled',
      ]);
      expect(toPatient[1]?.body).toMatch(/^RHC: you moved booking .* at 10:30; it awaits the doctor's confirmation/);
      expect(toPatient[2]?.body).toContain('you cancelled booking');
      for (const row of toPatient) expect(row.body).toContain(trackingLink(order.secureCode));
      const bell = await context()
        .database.db.select()
        .from(userNotifications)
        .where(and(eq(userNotifications.orderId, order.id), eq(userNotifications.userId, patient.userId)))
        .orderBy(asc(userNotifications.id));
      expect(bell.map((row) => row.event)).toEqual([
        'notifications:inApp.patient.verified',
        'notifications:inApp.patient.selfMoved',
        'notifications:inApp.patient.selfCancelled',
      ]);
    });

    it("tells the patient of the doctor's cancellation with the reason; a refused cancellation queues nothing", async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      const before = await notices(context(), order.id);
      expect((await orderAction(app, doctor, 'cancel', order.id)).statusCode).toBe(400);
      expect((await orderAction(app, patient, 'verify', order.id)).statusCode).toBe(403);
      expect(await notices(context(), order.id)).toHaveLength(before.length);
      expect((await orderAction(app, doctor, 'cancel', order.id, { reason: 'Bác sĩ bận hội chẩn' })).statusCode).toBe(200);
      const toPatient = (await notices(context(), order.id)).filter((row) => row.recipient === patient.phone);
      expect(toPatient).toHaveLength(1);
      // The SMS is folded to the GSM alphabet: the reason reads without its diacritics.
      expect(toPatient[0]?.body).toContain('Bac si ban hoi chan');
      expect(toPatient[0]?.body).toContain(trackingLink(order.secureCode));
    });

    it('tells the old doctor and the new one when the patient moves the booking to another doctor', async () => {
      const ctx = context();
      const { app, doctor, patient, day } = await setup(context);
      const other = await createDoctor(ctx, { specialtyIds: [1], fullName: 'Trần Thị Bích' });
      await insertWorkTime(ctx.database.db, other.userId, { day: '2026-11-23', start: '08:00', end: '11:30', recurrence: WEEKDAYS });
      const order = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      expect((await edit(app, patient, order.id, examBody(other.userId, day, '09:00'))).statusCode).toBe(200);
      const queued = await notices(ctx, order.id);
      expect(queued.map((row) => [row.recipient, row.dedupeKey?.split(':')[2]])).toEqual([
        [doctor.email, 'doctor.booked'],
        [doctor.email, 'doctor.movedAway'],
        // The new doctor kept the defaults: SMS and e-mail, in Vietnamese (the tests send no Accept-Language).
        [other.email, 'doctor.booked'],
        [other.phone, 'doctor.booked'],
        [patient.phone, 'patient.selfMoved'],
      ]);
      expect(queued[3]?.body).toMatch(/^RHC: Lich hen moi/);
    });
  });
});
