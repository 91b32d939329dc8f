import { randomUUID } from 'node:crypto';
import type { Order } from '@rhc/contracts';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditEvents, doctorLicences, orders, outboxMessages, userNotifications } from '../../db/schema/index.ts';
import {
  booked,
  createDoctor,
  createPatient,
  createWorkingDoctor,
  orderAction,
  weekdayAfter,
  type TestDoctor,
} from '../../../test/booking-helpers.ts';
import type { Caller } from '../../../test/http-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { send } from '../../../test/http-helpers.ts';

function examBody(doctorId: string, checkDay: string, checkHour = '09:00') {
  return { mode: 'direct', specialtyId: 1, examTypeId: 1, doctorId, checkDay, checkHour, reasonForExamination: 'Ho, sốt 3 ngày' };
}

/** POST /api/order/doctor/{doctorId} as `doctor` (their own id unless `path` names another), with a fresh key unless given. */
function doctorOrder(app: FastifyInstance, doctor: Caller, body: object, options: { key?: string; path?: string; language?: string } = {}) {
  return send(
    app,
    'POST',
    `/api/order/doctor/${options.path ?? doctor.userId}`,
    { ...doctor.auth, 'idempotency-key': options.key ?? randomUUID(), 'accept-language': options.language ?? 'en' },
    body,
  );
}

/** A patient's booking with a working, licensed doctor, confirmed by the doctor; the re-exam day a week of weekdays later. */
async function setup(context: () => TestContext, options: { online?: boolean } = {}) {
  const ctx = context();
  const doctor = await createWorkingDoctor(ctx, options);
  const patient = await createPatient(ctx, { fullName: 'Phạm Thị Hoa' });
  const source = await booked(ctx.app, patient, examBody(doctor.userId, weekdayAfter(ctx.clock.now(), 1)));
  expect((await orderAction(ctx.app, doctor, 'verify', source.id)).statusCode).toBe(200);
  const reExamDay = weekdayAfter(ctx.clock.now(), 6);
  const body = { fromOrderId: source.id, mode: 'direct', checkDay: reExamDay, checkHour: '10:00', reasonForExamination: 'Tái khám' };
  return { ...ctx, doctor, patient, source, reExamDay, body };
}

describeOnEachDatabase((context) => {
  describe('POST /api/order/doctor/:doctorId', () => {
    it("books the doctor's order (kind 2, verified) for the patient of the source booking, who sees it and is told", async () => {
      const { app, database, doctor, patient, source, reExamDay, body } = await setup(context);
      const response = await doctorOrder(app, doctor, body);
      expect(response.statusCode, response.body).toBe(201);
      const order = response.json().data as Order;
      expect(order).toMatchObject({
        kind: 2,
        status: 3,
        mode: 'direct',
        userId: patient.userId,
        profileId: source.profileId,
        doctor: { id: doctor.userId },
        checkDay: reExamDay,
        checkHour: '10:00',
        reasonForExamination: 'Tái khám',
        infomation: { fullName: 'Phạm Thị Hoa', phone: source.infomation.phone },
        examType: { id: source.examType?.id },
        workUnit: { id: 2 },
      });
      // The patient finds it among their bookings and may cancel it like any other.
      const mine = await app.inject({ method: 'GET', url: `/api/order/detail/${order.id}`, headers: patient.auth });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().data).toMatchObject({ id: order.id, kind: 2, actions: { cancel: true, verify: false } });
      // Told in the bell and through the outbox, in their language, with the tracking link; the doctor is not told.
      const bell = await database.db.select().from(userNotifications).where(eq(userNotifications.orderId, order.id));
      expect(bell.map((row) => [row.userId, row.event])).toEqual([[patient.userId, 'notifications:inApp.patient.doctorOrder']]);
      const texts = await database.db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.dedupeKey, `order:${order.id}:patient.doctorOrder:%`));
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) {
        expect(text.dedupeKey).toContain(`:${patient.userId}:`);
        expect(text.body).toContain(`/order-tracking/${order.secureCode}`);
      }
      // Audited as the doctor's booking for the patient, naming the source booking.
      const [audit] = await database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'order.create'), eq(auditEvents.actorUserId, doctor.userId), eq(auditEvents.outcome, 'success')));
      expect(audit).toMatchObject({ subjectUserId: patient.userId, details: { orderId: order.id, fromOrderId: source.id, kind: 2 } });
      const cancelled = await orderAction(app, patient, 'cancel', order.id);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().data.status).toBe(2);
    });

    it('answers a retry with the same key as the first time, and refuses the same key with another body', async () => {
      const { app, database, doctor, body } = await setup(context);
      const key = randomUUID();
      const first = await doctorOrder(app, doctor, body, { key });
      const again = await doctorOrder(app, doctor, body, { key });
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.json().data.id).toBe(first.json().data.id);
      const other = await doctorOrder(app, doctor, { ...body, checkHour: '10:30' }, { key });
      expect(other.statusCode).toBe(422);
      expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
      const made = await database.db
        .select()
        .from(orders)
        .where(and(eq(orders.kind, 2), eq(orders.doctorId, doctor.userId)));
      expect(made).toHaveLength(1);
    });

    it('gives an online one its call link when the doctor works online then', async () => {
      const { app, doctor, body } = await setup(context, { online: true });
      const response = await doctorOrder(app, doctor, { ...body, mode: 'online', examTypeId: 5, checkHour: '14:00' });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data).toMatchObject({ mode: 'online', status: 3, workUnit: null, examType: { id: 5 } });
      expect(response.json().data.meetingLink).toMatch(/^https?:\/\//);
    });

    it("is 404 for another doctor's booking, another doctor's path, the patient and an unknown booking, each audited", async () => {
      const { app, database, doctor, patient, body } = await setup(context);
      const other = await createWorkingDoctor(context());
      const refused = [
        await doctorOrder(app, other, body),
        await doctorOrder(app, other, body, { path: doctor.userId }),
        await doctorOrder(app, patient, body, { path: patient.userId }),
        await doctorOrder(app, doctor, { ...body, fromOrderId: randomUUID() }),
      ];
      for (const response of refused) expect(response.statusCode, response.body).toBe(404);
      const denied = await database.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'order.create'),
            eq(auditEvents.outcome, 'denied'),
            inArray(auditEvents.actorUserId, [doctor.userId, other.userId, patient.userId]),
          ),
        );
      expect(denied.length).toBe(4);
      const made = await database.db
        .select()
        .from(orders)
        .where(and(eq(orders.kind, 2), inArray(orders.userId, [patient.userId])));
      expect(made).toHaveLength(0);
    });

    it('refuses a doctor without a licence number (403) and an unverified one (403 DOCTOR_NOT_VERIFIED)', async () => {
      const { app, database, doctor, body } = await setup(context);
      await database.db.delete(doctorLicences).where(eq(doctorLicences.userId, doctor.userId));
      const unlicensed = await doctorOrder(app, doctor, body);
      expect(unlicensed.statusCode).toBe(403);
      expect(unlicensed.json().code).toBe('DOCTOR_LICENCE_REQUIRED');
      await database.db.execute(sql`update doctor_profiles set verified_at = null where user_id = ${doctor.userId}::uuid`);
      const unverified = await doctorOrder(app, doctor, body, { language: 'vi' });
      expect(unverified.statusCode).toBe(403);
      expect(unverified.json().code).toBe('DOCTOR_NOT_VERIFIED');
    });

    it('follows only a booking the doctor confirmed or completed: a booked or cancelled one is 409', async () => {
      const ctx = context();
      const doctor = await createWorkingDoctor(ctx);
      const patient = await createPatient(ctx);
      const source = await booked(ctx.app, patient, examBody(doctor.userId, weekdayAfter(ctx.clock.now(), 1)));
      const body = {
        fromOrderId: source.id,
        mode: 'direct',
        checkDay: weekdayAfter(ctx.clock.now(), 6),
        checkHour: '10:00',
        reasonForExamination: 'Tái khám',
      };
      const waiting = await doctorOrder(ctx.app, doctor, body);
      expect(waiting.statusCode).toBe(409);
      expect(waiting.json().code).toBe('ORDER_NOT_ALLOWED');
      await orderAction(ctx.app, patient, 'cancel', source.id);
      expect((await doctorOrder(ctx.app, doctor, body)).statusCode).toBe(409);
    });

    it("books only the doctor's own free time: outside it 422, a taken one 409, the past 422", async () => {
      const { app, doctor, body, reExamDay, clock } = await setup(context);
      const evening = await doctorOrder(app, doctor, { ...body, checkHour: '19:00' });
      expect(evening.statusCode).toBe(422);
      expect(evening.json().code).toBe('SLOT_UNAVAILABLE');
      // The online mode is not worked in the morning (this doctor has no online time at all).
      const online = await doctorOrder(app, doctor, { ...body, mode: 'online', examTypeId: 5 });
      expect(online.json().code).toBe('SLOT_UNAVAILABLE');
      // Another patient booked 10:00 that day first.
      const other = await createPatient(context());
      await booked(app, other, examBody(doctor.userId, reExamDay, '10:00'));
      const taken = await doctorOrder(app, doctor, body);
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('SLOT_TAKEN');
      const past = await doctorOrder(app, doctor, { ...body, checkDay: '2026-01-05' });
      expect(past.statusCode, String(clock.now())).toBe(422);
    });

    it('copies the patient details of a relative the booker typed in, never anything the client sends', async () => {
      const ctx = context();
      const doctor: TestDoctor = await createWorkingDoctor(ctx);
      const patient = await createPatient(ctx);
      const relative = {
        fullName: 'Nguyễn Văn Bố',
        phone: '0912000111',
        gender: 'male',
        dateOfBirth: '1950-03-04',
        address: '12 Lý Thường Kiệt, Hà Nội',
      };
      const source = await booked(ctx.app, patient, {
        ...examBody(doctor.userId, weekdayAfter(ctx.clock.now(), 1)),
        isFamily: true,
        infomation: relative,
      });
      await orderAction(ctx.app, doctor, 'verify', source.id);
      const response = await doctorOrder(ctx.app, doctor, {
        fromOrderId: source.id,
        mode: 'direct',
        checkDay: weekdayAfter(ctx.clock.now(), 6),
        checkHour: '08:30',
        reasonForExamination: 'Tái khám',
        // Not in the contract: stripped, so the stored patient stays the source's.
        infomation: { ...relative, fullName: 'Someone Else' },
        userId: doctor.userId,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data).toMatchObject({ kind: 2, userId: patient.userId, infomation: { fullName: 'Nguyễn Văn Bố' } });
    });

    it('validates the body with the shared schema (an unknown mode, no reason)', async () => {
      const { app, doctor, body } = await setup(context);
      const response = await doctorOrder(app, doctor, { ...body, mode: 'home', reasonForExamination: '' });
      expect(response.statusCode).toBe(400);
      const unverified = await createDoctor(context(), { verified: false });
      expect((await doctorOrder(app, unverified, body)).statusCode).toBe(404);
    });
  });
});
