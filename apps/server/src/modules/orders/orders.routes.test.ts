import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditEvents, idempotencyKeys, orders as ordersTable } from '../../db/schema/index.ts';
import { createKeySweep } from './idempotency.ts';
import { createOrdersRepository } from './orders.repository.ts';
import {
  createDoctor,
  createWorkingDoctor,
  createPatient,
  insertHoliday,
  insertWorkTime,
  newDirectOrder,
  WEEKDAYS,
  weekdayAfter,
  type TestDoctor,
} from '../../../test/booking-helpers.ts';
import { send } from '../../../test/http-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { logIn } from '../../../test/accounts-helpers.ts';

type Person = Awaited<ReturnType<typeof createPatient>>;

const relative = {
  fullName: 'Nguyễn Văn An',
  phone: '0912345678',
  dateOfBirth: '2015-03-02',
  gender: 'male',
  email: 'an.nguyen.giadinh@example.vn',
  address: '12 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
};

function examBody(doctorId: string, checkDay: string, checkHour = '09:00', overrides: Record<string, unknown> = {}) {
  return {
    mode: 'direct',
    specialtyId: 1,
    examTypeId: 1,
    doctorId,
    checkDay,
    checkHour,
    reasonForExamination: 'Đau đầu kéo dài',
    ...overrides,
  };
}

function onlineBody(doctorId: string, checkDay: string, checkHour = '14:00') {
  return examBody(doctorId, checkDay, checkHour, { mode: 'online', examTypeId: 4 });
}

/** A doctor working Mon–Fri 08:00–11:30 in person at work unit 2 and 13:00–17:00 online, and a patient. */
async function setup(context: () => TestContext) {
  const ctx = context();
  const doctor = await createWorkingDoctor(ctx, { online: true });
  const patient = await createPatient(ctx);
  return { ...ctx, doctor, patient, day: weekdayAfter(ctx.clock.now(), 1) };
}

/** Books with a fresh Idempotency-Key unless the headers name one (undefined: none at all). */
function book(app: FastifyInstance, person: Person, body: unknown, headers: Record<string, string | undefined> = {}) {
  const withKey: Record<string, string | undefined> = { 'idempotency-key': randomUUID(), ...headers };
  const sent = Object.fromEntries(Object.entries(withKey).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return send(app, 'POST', `/api/order/${person.userId}`, { ...person.auth, ...sent }, body as object);
}

function put(app: FastifyInstance, person: Person | TestDoctor, orderId: string, body: unknown) {
  return app.inject({ method: 'PUT', url: `/api/order/${orderId}`, headers: person.auth, payload: body as object });
}

/** A second doctor of the same specialty with the same working time as `setup`'s. */
async function secondDoctor(ctx: TestContext): Promise<TestDoctor> {
  return createWorkingDoctor(ctx, { online: true, fullName: 'Trần Thị Bích' });
}

async function auditOf(ctx: TestContext, actorUserId: string) {
  return ctx.database.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, actorUserId)).orderBy(auditEvents.id);
}

async function booked(app: FastifyInstance, person: Person, body: unknown) {
  const response = await book(app, person, body);
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.body}`);
  return response.json().data as { id: string; secureCode: string; code: string; startsAt: string };
}

function act(
  app: FastifyInstance,
  person: Person | TestDoctor,
  action: 'verify' | 'cancel' | 'complete',
  orderId: string,
  payload: object = {},
) {
  return app.inject({ method: 'PATCH', url: `/api/order/${action}/${person.userId}/${orderId}`, headers: person.auth, payload });
}

describeOnEachDatabase((context) => {
  describe('POST /api/order/:userId', () => {
    it('books an in-person examination for oneself with the account details, for 30 minutes at the work unit', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = newDirectOrder(await book(app, patient, examBody(doctor.userId, day, '09:00')), 'exam');
      expect(order).toMatchObject({
        userId: patient.userId,
        doctor: { id: doctor.userId, fullName: 'Lê Văn Minh' },
        specialty: { id: 1, name: 'Nội tổng quát' },
        examType: { id: 1, name: 'Khám lần đầu' },
        workUnit: { id: 2 },
        startsAt: `${day}T02:00:00.000Z`,
        endsAt: `${day}T02:30:00.000Z`,
        checkDay: day,
        checkHour: '09:00',
        infomation: { fullName: 'Phạm Thị Hồng', phone: patient.phone, callingCodes: '+84', nameCountry: 'Việt Nam', email: patient.email },
        outsideWorkTime: false,
        actions: { edit: true, cancel: true, verify: false, complete: false, delete: false },
      });
      expect(order.code).toMatch(/^RHC-[0-9A-Z]{8}$/);
      expect(order.secureCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('books for a relative with the details given (kind 1)', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const response = await book(app, patient, examBody(doctor.userId, day, '10:00', { isFamily: true, infomation: relative }));
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({
        kind: 1,
        infomation: { fullName: 'Nguyễn Văn An', phone: '0912345678', email: relative.email },
      });
    });

    it('books an online consultation, which has no work unit', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const response = await book(app, patient, onlineBody(doctor.userId, day));
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({ mode: 'online', workUnit: null, examType: { id: 4 }, meetingLink: null });
    });

    it('names things in the request language', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const response = await book(app, patient, examBody(doctor.userId, day), { 'accept-language': 'en' });
      expect(response.json().data).toMatchObject({ specialty: { name: 'Internal medicine' }, examType: { name: 'First visit' } });
    });

    it('refuses a time that has passed, outside the working time, on a day off, with an unverified doctor or a wrong service', async () => {
      const { app, database, doctor, patient, day } = await setup(context);
      await insertHoliday(database.db, doctor.userId, weekdayAfter(context().clock.now(), 2));
      const unverified = await createDoctor(context(), { verified: false });
      await insertWorkTime(database.db, unverified.userId, { day: '2026-11-23', start: '08:00', end: '11:30', recurrence: WEEKDAYS });
      const cases: [unknown, number, string][] = [
        [examBody(doctor.userId, '2026-11-20', '09:00'), 422, 'SLOT_PAST'],
        [examBody(doctor.userId, day, '12:00'), 422, 'SLOT_UNAVAILABLE'],
        [examBody(doctor.userId, day, '11:15'), 422, 'SLOT_UNAVAILABLE'],
        [examBody(doctor.userId, day, '18:30', { timeCustome: true }), 422, 'SLOT_UNAVAILABLE'],
        [examBody(doctor.userId, weekdayAfter(context().clock.now(), 2)), 422, 'SLOT_UNAVAILABLE'],
        [examBody(unverified.userId, day), 422, 'DOCTOR_NOT_VERIFIED'],
        [examBody(doctor.userId, day, '09:00', { examTypeId: 4 }), 422, 'SLOT_UNAVAILABLE'],
        [examBody(doctor.userId, day, '09:00', { specialtyId: 2 }), 422, 'SLOT_UNAVAILABLE'],
        [examBody(doctor.userId, day, '09:00', { examTypeId: 99 }), 422, 'SLOT_UNAVAILABLE'],
        [examBody(patient.userId, day), 422, 'SLOT_UNAVAILABLE'],
        [examBody(doctor.userId, day, '09:00', { isFamily: true }), 400, 'VALIDATION_FAILED'],
      ];
      for (const [body, status, code] of cases) {
        const response = await book(app, patient, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(status);
        expect(response.json().code, JSON.stringify(body)).toBe(code);
      }
    });

    it("answers 404 for another person's path and 401 without a session", async () => {
      const { app, doctor, patient, day } = await setup(context);
      const other = await createPatient(context());
      const foreign = await send(
        app,
        'POST',
        `/api/order/${other.userId}`,
        { ...patient.auth, 'idempotency-key': 'foreign-path-1' },
        examBody(doctor.userId, day),
      );
      expect(foreign.statusCode).toBe(404);
      const anonymous = await app.inject({ method: 'POST', url: `/api/order/${patient.userId}`, payload: examBody(doctor.userId, day) });
      expect(anonymous.statusCode).toBe(401);
    });

    it('answers 409 SLOT_TAKEN when the time overlaps a booking of the same doctor', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const other = await createPatient(context());
      await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      const response = await book(app, other, examBody(doctor.userId, day, '09:15', { timeCustome: true }));
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('SLOT_TAKEN');
      expect((await book(app, other, examBody(doctor.userId, day, '09:30'))).statusCode).toBe(201);
    });

    it('gives one slot to exactly one of ten simultaneous bookings; the nine others hear 409 SLOT_TAKEN', async () => {
      const { app, doctor, day } = await setup(context);
      const people = await Promise.all(Array.from({ length: 10 }, () => createPatient(context())));
      const responses = await Promise.all(people.map((person) => book(app, person, examBody(doctor.userId, day, '10:00'))));
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
      expect(responses.filter((response) => response.statusCode === 409).every((response) => response.json().code === 'SLOT_TAKEN')).toBe(
        true,
      );
    });

    it('writes the booking, its detail and its audit event together, and audits a refused double booking', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const { database } = context();
      const order = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      const other = await createPatient(context());
      expect((await book(app, other, examBody(doctor.userId, day, '09:00'))).json().code).toBe('SLOT_TAKEN');
      const detail = await app.inject({ method: 'GET', url: `/api/order/detail/${order.id}`, headers: patient.auth });
      expect(detail.json().data).toEqual({ ...order, actions: detail.json().data.actions });
      const audit = await database.db.select().from(auditEvents).where(eq(auditEvents.action, 'order.create'));
      expect(audit.filter((row) => row.actorUserId === patient.userId)).toMatchObject([
        { outcome: 'success', subjectUserId: patient.userId, details: { orderId: order.id, to: 0 } },
      ]);
      expect(audit.filter((row) => row.actorUserId === other.userId)).toMatchObject([
        { outcome: 'failure', details: { reason: 'SLOT_TAKEN' } },
      ]);
    });

    it('sends the patient a confirmation e-mail with the tracking link', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day, '08:30'));
      const outbox = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(patient.email)}` });
      const mail = outbox.json().data[0];
      expect(mail.subject).toContain(order.code);
      expect(mail.text).toContain(`http://localhost:3000/order-tracking/${order.secureCode}`);
      expect(mail.text).toContain('08:30');
      expect(mail.attachments).toEqual([`${order.code}.ics`]);
      // Queued with the booking, it is handed on after the answer (here no SMTP is set up: it is kept, once).
      await expect
        .poll(async () => (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(patient.email)}` })).json().data)
        .toMatchObject([{ subject: mail.subject, pending: false, delivered: false, attempts: 1 }]);
    });

    it('queues no mail for a booking that was refused', async () => {
      const { app, doctor, patient, day } = await setup(context);
      await booked(app, patient, examBody(doctor.userId, day, '09:30'));
      const other = await createPatient(context());
      expect((await book(app, other, examBody(doctor.userId, day, '09:30'))).statusCode).toBe(409);
      const outbox = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(other.email)}` });
      expect(outbox.json().data.filter((message: { channel: string }) => message.channel === 'email')).toEqual([]);
    });

    it("sends a relative's confirmation to the relative's e-mail, in the request language", async () => {
      const { app, doctor, patient, day } = await setup(context);
      const email = `nguoi.than.${Date.now()}@example.vn`;
      await book(app, patient, examBody(doctor.userId, day, '10:30', { isFamily: true, infomation: { ...relative, email } }), {
        'accept-language': 'en',
      });
      const outbox = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
      expect(outbox.json().data[0].text).toContain('Hello Nguyễn Văn An');
    });
  });

  describe('POST /api/order/:userId with an Idempotency-Key', () => {
    it('replays the first answer for the same key and body: same status, same order', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const headers = { 'idempotency-key': 'booking-attempt-1' };
      const first = await book(app, patient, examBody(doctor.userId, day), headers);
      const second = await book(app, patient, examBody(doctor.userId, day), headers);
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
      const list = await app.inject({ method: 'GET', url: `/api/order/page/${patient.userId}`, headers: patient.auth });
      expect(list.json().data.total).toBe(1);
    });

    it('answers 422 IDEMPOTENCY_KEY_REUSED for the same key with another body', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const headers = { 'idempotency-key': 'booking-attempt-2' };
      await book(app, patient, examBody(doctor.userId, day, '09:00'), headers);
      const response = await book(app, patient, examBody(doctor.userId, day, '10:00'), headers);
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    });

    it('replays a SLOT_TAKEN answer, and leaves no key behind after a refused request', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const other = await createPatient(context());
      await booked(app, other, examBody(doctor.userId, day, '09:00'));
      const taken = { 'idempotency-key': 'taken-1' };
      expect((await book(app, patient, examBody(doctor.userId, day, '09:00'), taken)).json().code).toBe('SLOT_TAKEN');
      expect((await book(app, patient, examBody(doctor.userId, day, '09:00'), taken)).json().code).toBe('SLOT_TAKEN');
      const refused = { 'idempotency-key': 'past-1' };
      expect((await book(app, patient, examBody(doctor.userId, '2026-11-20'), refused)).json().code).toBe('SLOT_PAST');
      expect((await book(app, patient, examBody(doctor.userId, day, '10:00'), refused)).statusCode).toBe(201);
    });

    it('makes one order of simultaneous retries with one key, and gives each the same answer', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const headers = { 'idempotency-key': 'flaky-network-1' };
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => book(app, patient, examBody(doctor.userId, day, '11:00'), headers)),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
      const first = responses[0]?.json();
      for (const response of responses) expect(response.json()).toEqual(first);
      const list = await app.inject({ method: 'GET', url: `/api/order/page/${patient.userId}`, headers: patient.auth });
      expect(list.json().data.total).toBe(1);
    });

    it('keeps keys per person', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const other = await createPatient(context());
      const headers = { 'idempotency-key': 'shared-key' };
      expect((await book(app, patient, examBody(doctor.userId, day, '09:00'), headers)).statusCode).toBe(201);
      expect((await book(app, other, examBody(doctor.userId, day, '10:00'), headers)).statusCode).toBe(201);
    });

    it('answers 400 IDEMPOTENCY_KEY_REQUIRED without a key, and books nothing', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const response = await book(app, patient, examBody(doctor.userId, day), { 'idempotency-key': undefined });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
      expect(response.json().message).toBeTruthy();
      const english = await book(app, patient, examBody(doctor.userId, day), { 'idempotency-key': undefined, 'accept-language': 'en' });
      expect(english.json().message).toMatch(/Idempotency-Key/);
      const list = await app.inject({ method: 'GET', url: `/api/order/page/${patient.userId}`, headers: patient.auth });
      expect(list.json().data.total).toBe(0);
    });

    it('answers 400 IDEMPOTENCY_KEY_INVALID for a malformed key', async () => {
      const { app, doctor, patient, day } = await setup(context);
      for (const key of ['has space', 'x'.repeat(101), 'ünïcode']) {
        const response = await book(app, patient, examBody(doctor.userId, day), { 'idempotency-key': key });
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('IDEMPOTENCY_KEY_INVALID');
      }
    });
  });

  describe('PUT /api/order/:id', () => {
    it('moves a booking to a free time and frees the old one', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      const response = await send(app, 'PUT', `/api/order/${order.id}`, patient.auth, examBody(doctor.userId, day, '10:00'));
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id: order.id, checkHour: '10:00', startsAt: `${day}T03:00:00.000Z`, status: 0 });
      const other = await createPatient(context());
      expect((await book(app, other, examBody(doctor.userId, day, '09:00'))).statusCode).toBe(201);
    });

    it('lets the doctor change a verified booking, which stays verified', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      await act(app, doctor, 'verify', order.id);
      const response = await send(app, 'PUT', `/api/order/${order.id}`, doctor.auth, examBody(doctor.userId, day, '08:00'));
      expect(response.json().data).toMatchObject({ status: 3, checkHour: '08:00', infomation: { fullName: 'Phạm Thị Hồng' } });
    });

    it("refuses the doctor a change of the doctor or of the patient's details or reason, saving nothing", async () => {
      const ctx = context();
      const { app, doctor, patient, day } = await setup(context);
      const other = await secondDoctor(ctx);
      const body = (overrides: Record<string, unknown> = {}) =>
        examBody(doctor.userId, day, '10:00', { isFamily: true, infomation: relative, ...overrides });
      const order = await booked(app, patient, body({ checkHour: '09:00' }));
      const refusals: [Record<string, unknown>, string][] = [
        [{ doctorId: other.userId }, 'ORDER_DOCTOR_CHANGE_NOT_ALLOWED'],
        [{ isFamily: false, infomation: undefined }, 'ORDER_PATIENT_CHANGE_NOT_ALLOWED'],
        [{ infomation: { ...relative, fullName: 'Nguyễn Văn Bình', phone: '0987654321' } }, 'ORDER_PATIENT_CHANGE_NOT_ALLOWED'],
        [{ reasonForExamination: 'Khám sức khỏe định kỳ' }, 'ORDER_PATIENT_CHANGE_NOT_ALLOWED'],
      ];
      for (const [overrides, code] of refusals) {
        const response = await put(app, doctor, order.id, body(overrides));
        expect(response.statusCode, code).toBe(403);
        expect(response.json().code).toBe(code);
        expect(response.json().message).toBeTruthy();
      }
      const unchanged = await app.inject({ method: 'GET', url: `/api/order/detail/${order.id}`, headers: patient.auth });
      expect(unchanged.json().data).toMatchObject({
        doctor: { id: doctor.userId },
        checkHour: '09:00',
        kind: 1,
        reasonForExamination: 'Đau đầu kéo dài',
        infomation: { fullName: relative.fullName, phone: relative.phone },
      });
      // The other doctor's 10:00 stayed free.
      expect((await book(app, await createPatient(ctx), examBody(other.userId, day, '10:00'))).statusCode).toBe(201);
      // What the doctor may change: the time and the note, the patient's details sent back as they are.
      const moved = await put(app, doctor, order.id, body({ note: 'Nhịn ăn sáng' }));
      expect(moved.statusCode).toBe(200);
      expect(moved.json().data).toMatchObject({
        checkHour: '10:00',
        note: 'Nhịn ăn sáng',
        kind: 1,
        infomation: { fullName: relative.fullName },
      });
      const failures = (await auditOf(ctx, doctor.userId)).filter((row) => row.action === 'order.edit' && row.outcome === 'failure');
      expect(failures.map((row) => row.details)).toMatchObject([
        { reason: 'ORDER_DOCTOR_CHANGE_NOT_ALLOWED' },
        { reason: 'ORDER_PATIENT_CHANGE_NOT_ALLOWED' },
        { reason: 'ORDER_PATIENT_CHANGE_NOT_ALLOWED' },
        { reason: 'ORDER_PATIENT_CHANGE_NOT_ALLOWED' },
      ]);
    });

    it('sends a verified booking the patient moves to another time or doctor back to booked, without its meeting link', async () => {
      const ctx = context();
      const { app, doctor, patient, day } = await setup(context);
      const other = await secondDoctor(ctx);
      const order = await booked(app, patient, onlineBody(doctor.userId, day, '14:00'));
      expect((await act(app, doctor, 'verify', order.id)).json().data.meetingLink).toBeTruthy();
      const reason = await put(app, patient, order.id, { ...onlineBody(doctor.userId, day, '14:00'), note: 'Tôi sẽ gọi từ điện thoại' });
      expect(reason.json().data).toMatchObject({ status: 3, meetingLink: expect.any(String) });

      const later = await put(app, patient, order.id, onlineBody(doctor.userId, day, '15:00'));
      expect(later.statusCode).toBe(200);
      expect(later.json().data).toMatchObject({ status: 0, checkHour: '15:00', meetingLink: null });
      expect((await act(app, doctor, 'verify', order.id)).json().data.status).toBe(3);

      const moved = await put(app, patient, order.id, onlineBody(other.userId, day, '15:00'));
      expect(moved.statusCode).toBe(200);
      expect(moved.json().data).toMatchObject({ status: 0, doctor: { id: other.userId }, meetingLink: null });
      const asNewDoctor = await app.inject({ method: 'GET', url: `/api/order/detail/${order.id}`, headers: other.auth });
      expect(asNewDoctor.json().data.actions).toMatchObject({ verify: true });
      expect((await app.inject({ method: 'GET', url: `/api/order/detail/${order.id}`, headers: doctor.auth })).statusCode).toBe(404);
    });

    it('answers 409 SLOT_TAKEN onto a held time, 422 outside working time, and 409 ORDER_STATUS_CONFLICT once cancelled', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      await booked(app, await createPatient(context()), examBody(doctor.userId, day, '10:00'));
      const put = (hour: string) =>
        app.inject({ method: 'PUT', url: `/api/order/${order.id}`, headers: patient.auth, payload: examBody(doctor.userId, day, hour) });
      expect((await put('10:00')).json().code).toBe('SLOT_TAKEN');
      expect((await put('12:00')).json().code).toBe('SLOT_UNAVAILABLE');
      await act(app, patient, 'cancel', order.id);
      const cancelled = await put('08:00');
      expect(cancelled.statusCode).toBe(409);
      expect(cancelled.json().code).toBe('ORDER_STATUS_CONFLICT');
    });
  });

  describe('PUT /api/order/:id/note', () => {
    it('replaces the note from a plain-text body, and refuses more than 1000 characters', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day));
      const note = (payload: string) =>
        send(app, 'PUT', `/api/order/${order.id}/note`, { ...patient.auth, 'content-type': 'text/plain' }, payload);
      const response = await note('Mang theo kết quả xét nghiệm cũ');
      expect(response.statusCode).toBe(200);
      expect(response.json().data.note).toBe('Mang theo kết quả xét nghiệm cũ');
      expect((await note('x'.repeat(1001))).statusCode).toBe(400);
    });
  });

  describe('PATCH /api/order/verify/:userId/:orderId', () => {
    it('lets the doctor confirm an online booking, which gets a meeting link; a second confirmation is a conflict', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, onlineBody(doctor.userId, day));
      const response = await act(app, doctor, 'verify', order.id);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.status).toBe(3);
      expect(response.json().data.meetingLink).toMatch(/^https:\/\/meet\.jit\.si\/rhc\/[A-Za-z0-9_-]{43}$/);
      // Completion is offered only from shortly before the start (decision 020): not for tomorrow's booking.
      expect(response.json().data.actions).toEqual({ edit: true, cancel: true, verify: false, complete: false, delete: false });
      const again = await act(app, doctor, 'verify', order.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ORDER_STATUS_CONFLICT');
    });

    it("keeps the doctor's own link", async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, onlineBody(doctor.userId, day));
      const response = await act(app, doctor, 'verify', order.id, { meetingLink: 'https://zoom.us/j/123456' });
      expect(response.json().data.meetingLink).toBe('https://zoom.us/j/123456');
    });

    it('answers 403 ORDER_NOT_ALLOWED to the patient', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day));
      const response = await act(app, patient, 'verify', order.id);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('ORDER_NOT_ALLOWED');
    });
  });

  describe('PATCH /api/order/complete/:userId/:orderId', () => {
    it('lets the doctor complete a booking once, from 30 minutes before its start; the patient may not', async () => {
      const { app, database, clock, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day));
      expect((await act(app, patient, 'complete', order.id)).statusCode).toBe(403);
      const early = await act(app, doctor, 'complete', order.id);
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('ORDER_COMPLETE_TOO_EARLY');
      expect(early.json().message).toContain(`08:30 ${day.split('-').reverse().join('/')}`);
      clock.advance(Date.parse(order.startsAt) - 30 * 60_000 - clock.now().getTime());
      Object.assign(doctor, await logIn(app, doctor.phone, doctor.password));
      const done = await act(app, doctor, 'complete', order.id);
      expect(done.json().data.status).toBe(1);
      const again = await act(app, doctor, 'complete', order.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ORDER_STATUS_CONFLICT');
      const audit = await database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'order.complete'), sql`${auditEvents.details}->>'orderId' = ${order.id}`));
      expect(audit.map((row) => row.outcome).sort()).toEqual(['failure', 'failure', 'failure', 'success']);
      const success = audit.find((row) => row.outcome === 'success');
      expect(success).toMatchObject({
        actorUserId: doctor.userId,
        subjectUserId: patient.userId,
        details: { orderId: order.id, from: 0, to: 1 },
      });
    });
  });

  describe('PATCH /api/order/cancel/:userId/:orderId', () => {
    it('lets the patient cancel, which frees the time for someone else', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day));
      const response = await act(app, patient, 'cancel', order.id);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ status: 2, actions: { edit: false, cancel: false } });
      expect((await book(app, await createPatient(context()), examBody(doctor.userId, day))).statusCode).toBe(201);
    });

    it('asks the doctor for a reason and keeps it', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day));
      const missing = await act(app, doctor, 'cancel', order.id);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().code).toBe('CANCEL_REASON_REQUIRED');
      const response = await act(app, doctor, 'cancel', order.id, { reason: 'Bác sĩ đi công tác' });
      expect(response.json().data).toMatchObject({ status: 2, cancelReason: 'Bác sĩ đi công tác' });
    });
  });

  describe('DELETE /api/order/delete/:userId/:orderId', () => {
    it("lets the doctor remove only a cancelled order, never a patient's live booking; never the patient", async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      const verified = await booked(app, patient, examBody(doctor.userId, day, '10:00'));
      await act(app, doctor, 'verify', verified.id);
      const remove = (person: Person | TestDoctor, id: string) =>
        app.inject({ method: 'DELETE', url: `/api/order/delete/${person.userId}/${id}`, headers: person.auth });
      expect((await remove(patient, order.id)).statusCode).toBe(403);
      // A booked or verified booking is cancelled with a reason (the patient is told), not removed (decision 020).
      expect((await remove(doctor, order.id)).json().code).toBe('ORDER_STATUS_CONFLICT');
      expect((await remove(doctor, verified.id)).json().code).toBe('ORDER_STATUS_CONFLICT');
      expect((await act(app, doctor, 'cancel', order.id, { reason: 'Bác sĩ đi công tác' })).statusCode).toBe(200);
      const response = await remove(doctor, order.id);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ id: order.id });
      expect((await app.inject({ method: 'GET', url: `/api/order/detail/${order.id}`, headers: patient.auth })).statusCode).toBe(404);
    });
  });

  describe('GET /api/order/detail/:id and GET /api/order/:userId/:orderId', () => {
    it("shows the order to its patient and its doctor, with each one's actions", async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day));
      const asPatient = await app.inject({ method: 'GET', url: `/api/order/${patient.userId}/${order.id}`, headers: patient.auth });
      expect(asPatient.json().data.actions).toEqual({ edit: true, cancel: true, verify: false, complete: false, delete: false });
      const asDoctor = await app.inject({ method: 'GET', url: `/api/order/detail/${order.id}`, headers: doctor.auth });
      expect(asDoctor.json().data.actions).toEqual({ edit: true, cancel: true, verify: true, complete: false, delete: false });
    });

    it('flags a booking whose time the doctor no longer works', async () => {
      const { app, database, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day));
      await insertHoliday(database.db, doctor.userId, day);
      const response = await app.inject({ method: 'GET', url: `/api/order/detail/${order.id}`, headers: patient.auth });
      expect(response.json().data.outsideWorkTime).toBe(true);
    });
  });

  describe("another person's order", () => {
    it('answers 404 to another patient and another doctor on every order endpoint', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day));
      const strangers = [await createPatient(context()), await createDoctor(context())];
      for (const stranger of strangers) {
        const requests = [
          { method: 'GET', url: `/api/order/detail/${order.id}` },
          { method: 'GET', url: `/api/order/${stranger.userId}/${order.id}` },
          { method: 'GET', url: `/api/order/${patient.userId}/${order.id}` },
          { method: 'GET', url: `/api/order/ics/${order.id}` },
          { method: 'PUT', url: `/api/order/${order.id}`, payload: examBody(doctor.userId, day, '10:00') },
          { method: 'PUT', url: `/api/order/${order.id}/note`, payload: 'ghi chú', headers: { 'content-type': 'text/plain' } },
          { method: 'PATCH', url: `/api/order/verify/${stranger.userId}/${order.id}`, payload: {} },
          { method: 'PATCH', url: `/api/order/cancel/${stranger.userId}/${order.id}`, payload: { reason: 'x' } },
          { method: 'PATCH', url: `/api/order/complete/${stranger.userId}/${order.id}` },
          { method: 'DELETE', url: `/api/order/delete/${stranger.userId}/${order.id}` },
          { method: 'PATCH', url: `/api/order/cancel/${patient.userId}/${order.id}`, payload: {} },
        ] as const;
        for (const request of requests) {
          const response = await app.inject({
            ...request,
            headers: { ...('headers' in request ? request.headers : {}), ...stranger.auth },
          });
          expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
        }
      }
      const still = await app.inject({ method: 'GET', url: `/api/order/detail/${order.id}`, headers: patient.auth });
      expect(still.json().data).toMatchObject({ status: 0, note: '', checkHour: '09:00' });
    });
  });

  describe('GET /api/order/page/:userId', () => {
    it('lists my bookings or those assigned to me, soonest coming one first, with filters and paging', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const later = weekdayAfter(context().clock.now(), 3);
      const first = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      const second = await booked(app, patient, examBody(doctor.userId, later, '09:00'));
      await act(app, doctor, 'verify', second.id);
      const page = (person: Person | TestDoctor, query: string) =>
        app.inject({ method: 'GET', url: `/api/order/page/${person.userId}?${query}`, headers: person.auth }).then((r) => r.json().data);

      const mine = await page(patient, 'page=0&size=10');
      expect(mine.items.map((item: { id: string }) => item.id)).toEqual([first.id, second.id]);
      expect(mine.total).toBe(2);
      expect((await page(patient, 'page=1&size=1')).items.map((item: { id: string }) => item.id)).toEqual([second.id]);
      expect((await page(patient, 'as=doctor')).total).toBe(0);
      expect((await page(doctor, 'as=doctor')).total).toBe(2);
      expect((await page(doctor, 'as=doctor&status=3')).items.map((item: { id: string }) => item.id)).toEqual([second.id]);
      const [y, m, d] = day.split('-').map(Number);
      const onDay = await page(doctor, `as=doctor&day=${d}&month=${m}&year=${y}`);
      expect(onDay.items.map((item: { id: string }) => item.id)).toEqual([first.id]);
      const other = await app.inject({ method: 'GET', url: `/api/order/page/${doctor.userId}`, headers: patient.auth });
      expect(other.statusCode).toBe(404);
    });
    it('puts coming bookings first (soonest first), then past ones by most recent day, in time order within a day', async () => {
      const { app, doctor, patient } = await setup(context);
      const clock = context().clock;
      const dayA = weekdayAfter(clock.now(), 1);
      const dayB = weekdayAfter(clock.now(), 2);
      const dayC = weekdayAfter(clock.now(), 6);
      const c = await booked(app, patient, examBody(doctor.userId, dayC, '09:00'));
      const a10 = await booked(app, patient, examBody(doctor.userId, dayA, '10:00'));
      const b9 = await booked(app, patient, examBody(doctor.userId, dayB, '09:00'));
      const a9 = await booked(app, patient, examBody(doctor.userId, dayA, '09:00'));
      const ids = async (auth = patient.auth) => {
        const response = await app.inject({ method: 'GET', url: `/api/order/page/${patient.userId}`, headers: auth });
        return response.json().data.items.map((item: { id: string }) => item.id);
      };
      expect(await ids()).toEqual([a9.id, a10.id, b9.id, c.id]);

      // Four days on, A and B are past and C is still to come.
      clock.advance(4 * 24 * 3_600_000);
      const again = await logIn(app, patient.phone, patient.password);
      expect(await ids(again.auth)).toEqual([c.id, b9.id, a9.id, a10.id]);
    });
  });

  describe('GET /api/order/:userId/date-tests', () => {
    it('counts the bookings of each Vietnam day of a month (not the detail route)', async () => {
      const { app, doctor, patient, day } = await setup(context);
      await booked(app, patient, examBody(doctor.userId, day, '08:00'));
      await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      const cancelled = await booked(app, patient, examBody(doctor.userId, day, '10:00'));
      await act(app, patient, 'cancel', cancelled.id);
      const [year, month] = day.split('-').map(Number);
      const response = await send(app, 'GET', `/api/order/${doctor.userId}/date-tests?month=${month}&year=${year}&as=doctor`, doctor.auth);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.days).toEqual([{ day, count: 2 }]);
      const mine = await send(app, 'GET', `/api/order/${patient.userId}/date-tests?month=${month}&year=${year}`, patient.auth);
      expect(mine.json().data.days).toEqual([{ day, count: 2 }]);
    });
  });

  describe('GET /api/p/order/track-order/:code', () => {
    it('shows the booking publicly with the initials only', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day, '09:00', { isFamily: true, infomation: relative }));
      const response = await app.inject({ method: 'GET', url: `/api/p/order/track-order/${order.secureCode}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        code: order.code,
        status: 0,
        category: 'exam',
        mode: 'direct',
        service: 'Khám lần đầu',
        specialty: 'Nội tổng quát',
        clinic: expect.objectContaining({ name: expect.any(String), address: expect.any(String) }),
        checkDay: day,
        checkHour: '09:00',
        startsAt: order.startsAt,
        patientInitials: 'N.V.A.',
      });
      for (const secret of [relative.fullName, relative.phone, relative.email, relative.address, patient.phone, patient.email])
        expect(response.body).not.toContain(secret);
    });

    it('answers 404 for an unknown code and 429 after 60 looks a minute from one address', async () => {
      const { app } = context();
      const unknown = await app.inject({ method: 'GET', url: `/api/p/order/track-order/${'a'.repeat(43)}`, remoteAddress: '203.0.113.9' });
      expect(unknown.statusCode).toBe(404);
      for (let i = 0; i < 59; i += 1)
        await app.inject({ method: 'GET', url: `/api/p/order/track-order/${'a'.repeat(43)}`, remoteAddress: '203.0.113.9' });
      const limited = await app.inject({ method: 'GET', url: `/api/p/order/track-order/${'a'.repeat(43)}`, remoteAddress: '203.0.113.9' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    });
  });

  describe('GET /api/order/ics/:orderId', () => {
    it('downloads an RFC 5545 event in UTC with the tracking link', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      const response = await app.inject({ method: 'GET', url: `/api/order/ics/${order.id}`, headers: patient.auth });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/calendar/);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${order.code}.ics"`);
      const ics = response.body;
      const compactDay = day.replace(/-/g, '');
      expect(ics).toContain('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n');
      expect(ics).toContain(`UID:${order.id}@rhc\r\n`);
      expect(ics).toContain(`DTSTART:${compactDay}T020000Z\r\n`);
      expect(ics).toContain(`DTEND:${compactDay}T023000Z\r\n`);
      expect(ics.replace(/\r\n /g, '')).toContain(`URL:http://localhost:3000/order-tracking/${order.secureCode}\r\n`);
      expect(ics).toMatch(/DTSTAMP:\d{8}T\d{6}Z\r\n/);
      expect(ics).toMatch(/LOCATION:.+\\,/);
      expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
      expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
    });

    it("is titled by service, doctor and code, in the app's language named by the link over the browser's", async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day, '09:00'));
      const summaryIn = async (query: string) => {
        const url = `/api/order/ics/${order.id}${query}`;
        const response = await app.inject({ method: 'GET', url, headers: { ...patient.auth, 'accept-language': 'vi' } });
        expect(response.statusCode).toBe(200);
        return /SUMMARY:(.*)\r\n/.exec(response.body.replace(/\r\n /g, ''))?.[1] ?? '';
      };
      const [vi, en, zh] = [await summaryIn(''), await summaryIn('?lang=en'), await summaryIn('?lang=zh')];
      for (const summary of [vi, en, zh]) {
        expect(summary.endsWith(`(${order.code})`)).toBe(true);
        expect(summary).not.toMatch(/^RHC /);
      }
      expect(new Set([vi, en, zh]).size).toBe(3);
      const refused = await app.inject({ method: 'GET', url: `/api/order/ics/${order.id}?lang=fr`, headers: patient.auth });
      expect(refused.statusCode).toBe(400);
    });
  });

  describe('GET /api/docs/json', () => {
    it('documents the order endpoints', async () => {
      const document = (await context().app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining([
          '/api/order/{userId}',
          '/api/order/{userId}/date-tests',
          '/api/p/order/track-order/{code}',
          '/api/order/ics/{id}',
        ]),
      );
    });
  });

  describe("the conditional UPDATE behind a patient's change", () => {
    it('matches nothing once the appointment has begun, even when the check before it passed', async () => {
      const { app, database, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day, '08:00'));
      const orders = createOrdersRepository(database.db);
      const startsAt = new Date(order.startsAt);
      // A cancel whose check ran just before the start, and whose UPDATE lands at the start.
      expect(await orders.update(order.id, [0, 3], { status: 2 }, {}, startsAt)).toBeNull();
      const [unchanged] = await database.db.select({ status: ordersTable.status }).from(ordersTable).where(eq(ordersTable.id, order.id));
      expect(unchanged?.status).toBe(0);
      // It answers the order's new version (issue 12: the notices of a change are keyed by it).
      expect(await orders.update(order.id, [0, 3], { status: 2 }, {}, new Date(startsAt.getTime() - 60_000))).toBe(1);
    });
  });

  describe('the audit trail of reads and refusals (R9)', () => {
    it('records every read of an order with its outcome, and no personal data', async () => {
      const ctx = context();
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day, '09:00', { isFamily: true, infomation: relative }));
      await app.inject({ method: 'GET', url: `/api/order/detail/${order.id}`, headers: doctor.auth });
      await app.inject({ method: 'GET', url: `/api/order/${patient.userId}/${order.id}`, headers: patient.auth });
      await app.inject({ method: 'GET', url: `/api/order/ics/${order.id}`, headers: patient.auth });
      await app.inject({ method: 'GET', url: `/api/order/page/${doctor.userId}?as=doctor`, headers: doctor.auth });
      await app.inject({ method: 'GET', url: `/api/p/order/track-order/${order.secureCode}`, remoteAddress: '198.51.100.7' });
      const reads = (await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'order.read'))).filter(
        (row) => row.subjectUserId === patient.userId || row.actorUserId === doctor.userId,
      );
      expect(reads).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            actorUserId: doctor.userId,
            subjectUserId: patient.userId,
            outcome: 'success',
            details: { view: 'detail', orderId: order.id },
          }),
          expect.objectContaining({
            actorUserId: patient.userId,
            subjectUserId: patient.userId,
            outcome: 'success',
            details: { view: 'detail', orderId: order.id },
          }),
          expect.objectContaining({ actorUserId: patient.userId, outcome: 'success', details: { view: 'ics', orderId: order.id } }),
          expect.objectContaining({
            actorUserId: doctor.userId,
            outcome: 'success',
            details: { view: 'page', as: 'doctor', count: 1, orderIds: order.id },
          }),
          expect.objectContaining({
            actorUserId: null,
            subjectUserId: patient.userId,
            outcome: 'success',
            details: { view: 'track', orderId: order.id },
          }),
        ]),
      );
      const stored = JSON.stringify(reads);
      for (const secret of [
        relative.fullName,
        relative.phone,
        relative.email,
        relative.address,
        patient.phone,
        patient.email,
        order.secureCode,
      ])
        expect(stored).not.toContain(secret);
    });

    it("records a request for another person's order or path as denied", async () => {
      const ctx = context();
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, examBody(doctor.userId, day));
      const stranger = await createPatient(ctx);
      const requests = [
        { method: 'GET', url: `/api/order/detail/${order.id}` },
        { method: 'GET', url: `/api/order/ics/${order.id}` },
        { method: 'GET', url: `/api/order/page/${patient.userId}` },
        { method: 'PUT', url: `/api/order/${order.id}`, payload: examBody(doctor.userId, day, '10:00') },
        { method: 'PATCH', url: `/api/order/cancel/${patient.userId}/${order.id}`, payload: {} },
        { method: 'PATCH', url: `/api/order/cancel/${stranger.userId}/${order.id}`, payload: {} },
      ] as const;
      for (const request of requests) {
        const response = await app.inject({ ...request, headers: stranger.auth });
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      }
      const denied = (await auditOf(ctx, stranger.userId)).filter((row) => row.outcome === 'denied');
      expect(denied.map((row) => [row.action, row.details])).toEqual([
        ['order.read', { view: 'detail', orderId: order.id }],
        ['order.read', { view: 'ics', orderId: order.id }],
        ['order.read', { view: 'page', userId: patient.userId }],
        ['order.edit', { orderId: order.id }],
        ['order.cancel', { orderId: order.id, userId: patient.userId }],
        ['order.cancel', { orderId: order.id }],
      ]);
      expect(denied.slice(0, 2).every((row) => row.subjectUserId === patient.userId)).toBe(true);
    });
  });

  // These move the shared clock by a day.
  describe('Idempotency-Key rows are kept 24 hours', () => {
    it('replays a key within 24 hours; after that the same key is a new booking attempt', async () => {
      const { app, clock, doctor, patient: before } = await setup(context);
      const day = weekdayAfter(clock.now(), 3);
      const headers = { 'idempotency-key': 'a-day-old-key' };
      const first = await book(app, before, examBody(doctor.userId, day, '09:00'), headers);
      expect(first.statusCode).toBe(201);
      clock.advance(23 * 3_600_000);
      const patient = { ...before, ...(await logIn(app, before.phone, before.password)) };
      expect((await book(app, patient, examBody(doctor.userId, day, '09:00'), headers)).json()).toEqual(first.json());
      await act(app, patient, 'cancel', first.json().data.id);
      clock.advance(3_600_000 + 60_000);
      const again = { ...patient, ...(await logIn(app, patient.phone, patient.password)) };
      const fresh = await book(app, again, examBody(doctor.userId, day, '09:00'), headers);
      expect(fresh.statusCode).toBe(201);
      expect(fresh.json().data.id).not.toBe(first.json().data.id);
      expect((await book(app, again, examBody(doctor.userId, day, '09:00'), headers)).json()).toEqual(fresh.json());
    });

    it('deletes keys older than 24 hours in bounded batches, off the request path', async () => {
      const { app, clock, database, doctor, patient: before } = await setup(context);
      const day = weekdayAfter(clock.now(), 3);
      for (const hour of ['08:00', '08:30', '09:00']) await booked(app, before, examBody(doctor.userId, day, hour));
      clock.advance(2 * 3_600_000);
      const patient = { ...before, ...(await logIn(app, before.phone, before.password)) };
      await booked(app, patient, examBody(doctor.userId, day, '09:30'));
      clock.advance(23 * 3_600_000);
      const keysOf = () => database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, patient.userId));
      expect(await keysOf()).toHaveLength(4);
      const batches: number[] = [];
      const sweepOf = (maxBatches: number) =>
        createKeySweep({
          prune: async (olderThan, limit) => {
            const deleted = await createOrdersRepository(database.db).deleteKeysCreatedBefore(olderThan, limit);
            batches.push(deleted);
            return deleted;
          },
          clock: clock.now,
          log: { warn: () => undefined },
          batchSize: 2,
          maxBatches,
        });
      // One sweep's work is bounded (other suites' keys are stale too): one batch of two, then it stops.
      expect(await sweepOf(1).runOnce()).toBeLessThanOrEqual(2);
      await sweepOf(100_000).runOnce();
      const left = await keysOf();
      expect(left).toHaveLength(1);
      expect(left[0]?.createdAt.getTime()).toBeGreaterThan(clock.now().getTime() - 24 * 3_600_000);
      expect(batches.every((n) => n <= 2)).toBe(true);
    });
  });

  // Last: it moves the shared clock past an appointment's start.
  describe('after the appointment has started', () => {
    it('answers 409 ORDER_STARTED to a patient who cancels or changes; the doctor can still cancel', async () => {
      const { app, clock, doctor: doctorBefore, patient: patientBefore, day } = await setup(context);
      const order = await booked(app, patientBefore, examBody(doctorBefore.userId, day, '08:00'));
      clock.advance(Date.parse(`${day}T01:05:00Z`) - clock.now().getTime());
      // Sessions from the day before have expired by now.
      const patient = { ...patientBefore, ...(await logIn(app, patientBefore.phone, patientBefore.password)) };
      const doctor = { ...doctorBefore, ...(await logIn(app, doctorBefore.phone, doctorBefore.password)) };
      const cancel = await act(app, patient, 'cancel', order.id);
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json().code).toBe('ORDER_STARTED');
      const edit = await send(app, 'PUT', `/api/order/${order.id}`, patient.auth, examBody(doctor.userId, day, '10:00'));
      expect(edit.json().code).toBe('ORDER_STARTED');
      expect((await act(app, doctor, 'cancel', order.id, { reason: 'Bệnh nhân không đến' })).statusCode).toBe(200);
    });
  });
});
