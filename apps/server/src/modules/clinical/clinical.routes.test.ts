import type { ClinicalRecord, DoctorEdit } from '@rhc/contracts';
import { ORDER_STATUS } from '@rhc/domain';
import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isViolation, RECORD_KEPT } from '../../db/errors.ts';
import { appSettings, auditEvents, consentEvents, doctorLicences, outboxMessages, userNotifications } from '../../db/schema/index.ts';
import {
  booked,
  createDoctor,
  createPatient,
  createWorkingDoctor,
  orderAction,
  toVisit,
  weekdayAfter,
  type TestDoctor,
} from '../../../test/booking-helpers.ts';
import { logIn } from '../../../test/accounts-helpers.ts';
import { send, type Caller } from '../../../test/http-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { SETTINGS_MAX_AGE_MS } from '../system/system.service.ts';

const LICENCE = '012345/HCM-CCHN';

function examBody(doctorId: string, checkDay: string) {
  return { mode: 'direct', specialtyId: 1, examTypeId: 1, doctorId, checkDay, checkHour: '09:00', reasonForExamination: 'Ho, sốt 3 ngày' };
}

const LINES = [
  { drugName: 'Paracetamol 500 mg', quantity: 10, unit: 'tablet', dose: '1 viên', timesPerDay: 2, days: 5, mealTiming: 'after' },
  { drugName: 'Oresol', quantity: 4, unit: 'other', unitName: 'gói pha 200 ml', dose: '1 gói', timesPerDay: 2, days: 2, mealTiming: 'any' },
];

function examination(day: string, extra: object = {}) {
  return {
    diagnostic: 'Viêm họng cấp (J02.9)',
    medicalHistory: 'Không dị ứng thuốc. Tăng huyết áp 5 năm.',
    reExamDate: day,
    advice: 'Uống nhiều nước, nghỉ ngơi.',
    ...extra,
  };
}

function save(app: FastifyInstance, doctor: Caller, orderId: string, payload: object, language = 'en') {
  return send(app, 'POST', `/api/order/${doctor.userId}/${orderId}`, { ...doctor.auth, 'accept-language': language }, payload);
}

/** PUT /api/doctor-licence/{userId} as that person. */
function putLicence(app: FastifyInstance, person: Caller, licenceNumber: string) {
  return send(app, 'PUT', `/api/doctor-licence/${person.userId}`, person.auth, { licenceNumber });
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function licensed(ctx: TestContext, doctor: TestDoctor): Promise<TestDoctor> {
  await ctx.database.db.insert(doctorLicences).values({ userId: doctor.userId, licenceNumber: LICENCE }).onConflictDoNothing();
  return doctor;
}

/**
 * A patient's booking with a verified, licensed doctor, `n` weekdays ahead; the clock then at its visit, when the result
 * may be written (issue 54 item 4), unless `atVisit` is false.
 */
async function setup(context: () => TestContext, n = 1, { atVisit = true } = {}) {
  const ctx = context();
  const doctor = await licensed(ctx, await createWorkingDoctor(ctx));
  const patient = await createPatient(ctx);
  const day = weekdayAfter(ctx.clock.now(), n);
  const order = await booked(ctx.app, patient, examBody(doctor.userId, day));
  if (atVisit) await toVisit(ctx, order, doctor, patient);
  return { ...ctx, doctor, patient, day, order };
}

describeOnEachDatabase((context) => {
  describe('GET /api/order/get-detail-of-order-for-doctor-edit/:id', () => {
    it("shows the assigned doctor the order, the empty record, that they may write, and the re-exam date's bounds", async () => {
      const { app, doctor, order, day } = await setup(context);
      const response = await send(app, 'GET', `/api/order/get-detail-of-order-for-doctor-edit/${order.id}`, doctor.auth);
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().data as DoctorEdit;
      expect(data.order.id).toBe(order.id);
      expect(data.order.reasonForExamination).toBe('Ho, sốt 3 ngày');
      expect(data.clinical).toEqual({ orderId: order.id, examination: null, prescriptions: [] });
      expect(data.writer).toEqual({ licenceNumber: LICENCE, refusal: null, canWrite: true, writableFrom: null });
      expect(data.examDay).toBe(day);
      expect(data.reExamFrom).toBe(addDays(day, 1));
    });

    it('is 404 for the patient, another doctor and an unknown order', async () => {
      const { app, patient, order } = await setup(context);
      const other = await createDoctor(context());
      for (const person of [patient, other]) {
        const response = await send(app, 'GET', `/api/order/get-detail-of-order-for-doctor-edit/${order.id}`, person.auth);
        expect(response.statusCode).toBe(404);
      }
    });

    it('tells an unverified doctor, and one without a licence number, why they cannot write', async () => {
      const ctx = context();
      const patient = await createPatient(ctx);
      const unlicensed = await createWorkingDoctor(ctx, { licensed: false });
      const order = await booked(ctx.app, patient, examBody(unlicensed.userId, weekdayAfter(ctx.clock.now(), 2)));
      const answer = await send(ctx.app, 'GET', `/api/order/get-detail-of-order-for-doctor-edit/${order.id}`, unlicensed.auth);
      expect((answer.json().data as DoctorEdit).writer).toMatchObject({ licenceNumber: null, refusal: 'no_licence', canWrite: false });
      await ctx.database.db.execute(sql`update doctor_profiles set verified_at = null where user_id = ${unlicensed.userId}::uuid`);
      const unverified = await send(ctx.app, 'GET', `/api/order/get-detail-of-order-for-doctor-edit/${order.id}`, unlicensed.auth);
      expect((unverified.json().data as DoctorEdit).writer.refusal).toBe('not_verified');
    });
  });

  describe('POST /api/order/:userId/:orderId', () => {
    it('saves the diagnosis and a two-line prescription (one in a unit named Other); the patient reads it and is told', async () => {
      const { app, database, doctor, patient, order, day } = await setup(context);
      const response = await save(app, doctor, order.id, { ...examination(addDays(day, 7)), prescription: { lines: LINES } });
      expect(response.statusCode, response.body).toBe(200);
      const record = response.json().data as ClinicalRecord;
      expect(record.examination).toMatchObject({
        diagnostic: 'Viêm họng cấp (J02.9)',
        reExamDate: addDays(day, 7),
        doctor: { id: doctor.userId },
      });
      expect(record.prescriptions).toHaveLength(1);
      expect(record.prescriptions[0]).toMatchObject({ doctor: { id: doctor.userId, licenceNumber: LICENCE }, superseded: null });
      expect(record.prescriptions[0]?.lines).toEqual([
        {
          position: 1,
          drugName: 'Paracetamol 500 mg',
          quantity: 10,
          unit: 'tablet',
          unitName: null,
          dose: '1 viên',
          timesPerDay: 2,
          days: 5,
          mealTiming: 'after',
          note: null,
        },
        {
          position: 2,
          drugName: 'Oresol',
          quantity: 4,
          unit: 'other',
          unitName: 'gói pha 200 ml',
          dose: '1 gói',
          timesPerDay: 2,
          days: 2,
          mealTiming: 'any',
          note: null,
        },
      ]);

      const read = await app.inject({ method: 'GET', url: `/api/order-clinical/${order.id}`, headers: patient.auth });
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toEqual(record);

      // Told once, by the outbox (their channels, their language) and the bell; the write is in their access log.
      const messages = await database.db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.dedupeKey, `clinical:${order.id}:%`));
      expect(messages.map((message) => message.channel).sort()).toEqual(['email', 'sms']);
      expect(messages.find((message) => message.channel === 'email')?.subject).toContain(order.code);
      expect(messages.find((message) => message.channel === 'email')?.body).toContain(`/all-orders/${order.id}`);
      const bell = await database.db.select().from(userNotifications).where(eq(userNotifications.userId, patient.userId));
      expect(bell.map((notice) => notice.event)).toContain('clinical:inApp.ready');
      const log = await app.inject({ method: 'GET', url: `/api/access-log/${patient.userId}`, headers: patient.auth });
      const entries = log.json().data.items as { reader: { id: string }; section: string; action: string }[];
      expect(
        entries
          .filter((entry) => entry.reader.id === doctor.userId)
          .map((entry) => `${entry.action} ${entry.section}`)
          .sort(),
      ).toEqual(['write exam_info', 'write prescriptions']);

      // Saving the diagnosis again (no prescription) changes it and tells nobody twice.
      const again = await save(app, doctor, order.id, examination(addDays(day, 14), { diagnostic: 'Viêm họng cấp do virus' }));
      expect(again.statusCode).toBe(200);
      expect((again.json().data as ClinicalRecord).examination?.diagnostic).toBe('Viêm họng cấp do virus');
      expect((again.json().data as ClinicalRecord).prescriptions).toHaveLength(1);
      const after = await database.db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.dedupeKey, `clinical:${order.id}:%`));
      expect(after).toHaveLength(2);
    });

    it('refuses a line in a unit named Other without its name, and a zero quantity', async () => {
      const { app, doctor, order, day } = await setup(context);
      const [first, second] = LINES;
      const response = await save(app, doctor, order.id, {
        ...examination(addDays(day, 7)),
        prescription: {
          lines: [
            { ...first, quantity: 0 },
            { ...second, unitName: '  ' },
          ],
        },
      });
      expect(response.statusCode).toBe(400);
      const fields = (response.json().details as { field: string; message: string }[]).map((detail) => [detail.field, detail.message]);
      expect(fields).toContainEqual(['body.prescription.lines.0.quantity', 'The quantity must be greater than 0.']);
      expect(fields).toContainEqual(['body.prescription.lines.1.unitName', 'Please type the unit\'s name when you choose "Other".']);
    });

    it('refuses a re-exam date on or before the examination day, or years ahead, and the three required fields missing', async () => {
      const { app, doctor, order, day } = await setup(context);
      for (const [reExamDate, message] of [
        [day, 'The re-examination date must be after the examination day.'],
        [addDays(day, -1), 'The re-examination date must be after the examination day.'],
        ['9999-12-31', 'The re-examination date cannot be more than 2 years after the examination.'],
      ] as const) {
        const response = await save(app, doctor, order.id, examination(reExamDate));
        expect(response.statusCode).toBe(400);
        expect(response.json().details).toEqual([{ field: 'body.reExamDate', code: 'custom', message }]);
      }
      const zero = await save(app, doctor, order.id, examination('0000-01-01'));
      expect(zero.statusCode).toBe(400);
      const missing = await save(app, doctor, order.id, { advice: '' });
      expect(missing.statusCode).toBe(400);
      expect((missing.json().details as { field: string }[]).map((detail) => detail.field).sort()).toEqual([
        'body.diagnostic',
        'body.medicalHistory',
        'body.reExamDate',
      ]);
    });

    it('never changes a created prescription: a second one is refused, a superseding one keeps the old, marked with who and when', async () => {
      const { app, database, doctor, patient, order, day, clock } = await setup(context);
      const first = await save(app, doctor, order.id, { ...examination(addDays(day, 7)), prescription: { lines: LINES } });
      const original = (first.json().data as ClinicalRecord).prescriptions[0];
      if (!original) throw new Error('no prescription');

      const changed = await save(app, doctor, order.id, { ...examination(addDays(day, 7)), prescription: { lines: [LINES[0]] } });
      expect(changed.statusCode).toBe(409);
      expect(changed.json().code).toBe('PRESCRIPTION_IMMUTABLE');
      expect(changed.json().message).toBe('A created prescription cannot be changed. Create a new one that replaces it.');

      // Nor can the database be made to change it.
      await expect(
        database.db.execute(sql`update prescription_lines set quantity = 99 where prescription_id = ${original.id}::uuid`),
      ).rejects.toThrow();
      await expect(
        database.db.execute(sql`update prescriptions set licence_number = 'X' where id = ${original.id}::uuid`),
      ).rejects.toThrow();

      clock.advance(60_000);
      const replacing = await save(app, doctor, order.id, {
        ...examination(addDays(day, 7)),
        prescription: { lines: [{ ...LINES[0], quantity: 6, days: 3 }], supersedes: original.id },
      });
      expect(replacing.statusCode, replacing.body).toBe(200);
      const [newest, old] = (replacing.json().data as ClinicalRecord).prescriptions;
      expect(newest?.superseded).toBeNull();
      expect(newest?.lines).toHaveLength(1);
      expect(old?.id).toBe(original.id);
      expect(old?.lines).toEqual(original.lines);
      expect(old?.superseded).toEqual({
        at: clock.now().toISOString(),
        by: { id: doctor.userId, fullName: 'Lê Văn Minh' },
        replacedBy: newest?.id,
      });

      // Superseding the old one again (a stale tab) is refused; the patient was told of the replacement.
      const stale = await save(app, doctor, order.id, {
        ...examination(addDays(day, 7)),
        prescription: { lines: [LINES[0]], supersedes: original.id },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('PRESCRIPTION_SUPERSEDE_STALE');
      const bell = await database.db.select().from(userNotifications).where(eq(userNotifications.userId, patient.userId));
      expect(bell.map((notice) => notice.event)).toContain('clinical:inApp.replaced');
    });

    it('creates one prescription when 50 identical saves arrive at once; the others are refused, none fails', async () => {
      const { app, doctor, order, day, patient } = await setup(context);
      const body = { ...examination(addDays(day, 7)), prescription: { lines: LINES } };
      const answers = await Promise.all(Array.from({ length: 50 }, () => save(app, doctor, order.id, body)));
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      expect(codes.filter((code) => code !== 200 && code !== 409)).toEqual([]);
      const read = await app.inject({ method: 'GET', url: `/api/order-clinical/${order.id}`, headers: patient.auth });
      expect((read.json().data as ClinicalRecord).prescriptions).toHaveLength(1);
    });

    it('lets only the assigned, verified doctor with a licence number write', async () => {
      const { app, database, doctor, patient, order, day } = await setup(context);
      const body = examination(addDays(day, 7));
      const other = await licensed(context(), await createDoctor(context()));
      // Another doctor, on their own path or on the assigned doctor's; the patient: 404.
      expect((await save(app, other, order.id, body)).statusCode).toBe(404);
      expect(
        (await app.inject({ method: 'POST', url: `/api/order/${doctor.userId}/${order.id}`, headers: other.auth, payload: body }))
          .statusCode,
      ).toBe(404);
      expect((await save(app, patient, order.id, body)).statusCode).toBe(404);

      await database.db.delete(doctorLicences).where(eq(doctorLicences.userId, doctor.userId));
      const unlicensed = await save(app, doctor, order.id, body);
      expect(unlicensed.statusCode).toBe(403);
      expect(unlicensed.json().code).toBe('DOCTOR_LICENCE_REQUIRED');

      await database.db.execute(sql`update doctor_profiles set verified_at = null where user_id = ${doctor.userId}::uuid`);
      const unverified = await save(app, doctor, order.id, body);
      expect(unverified.statusCode).toBe(403);
      expect(unverified.json()).toMatchObject({ code: 'DOCTOR_NOT_VERIFIED', message: 'Doctor is not verified.' });

      const refusals = await database.db
        .select({ outcome: auditEvents.outcome })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'clinical.write'), eq(auditEvents.actorUserId, other.userId)));
      expect(refusals.map((row) => row.outcome)).toEqual(['denied', 'denied']);
    });

    it('refuses writing before the visit, as completing is refused (issue 54 item 4), and says from when; then writes on the unconfirmed booking', async () => {
      const ctx = context();
      const { app, doctor, order, day } = await setup(context, 2, { atVisit: false });
      const edit = async () =>
        (await send(app, 'GET', `/api/order/get-detail-of-order-for-doctor-edit/${order.id}`, doctor.auth)).json().data as DoctorEdit;
      const from = new Date(Date.parse(order.startsAt) - 30 * 60_000);
      expect((await edit()).writer).toEqual({ licenceNumber: LICENCE, refusal: null, canWrite: false, writableFrom: from.toISOString() });

      const early = await save(app, doctor, order.id, { ...examination(addDays(day, 7)), prescription: { lines: LINES } });
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('CLINICAL_TOO_EARLY');
      expect(early.json().message).toContain(`08:30 ${day.split('-').reverse().join('/')}`);
      // The same instant completing opens at: one gate.
      const complete = await orderAction(app, doctor, 'complete', order.id);
      expect(complete.json().code).toBe('ORDER_COMPLETE_TOO_EARLY');
      expect(complete.json().message).toContain(`08:30 ${day.split('-').reverse().join('/')}`);
      const kept = await send(app, 'GET', `/api/order-clinical/${order.id}`, doctor.auth);
      expect(kept.json().data).toEqual({ orderId: order.id, examination: null, prescriptions: [] });
      const refusals = await ctx.database.db
        .select({ details: auditEvents.details })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'clinical.write'), sql`${auditEvents.details}->>'orderId' = ${order.id}`));
      expect(refusals.map((row) => row.details)).toEqual([{ orderId: order.id, reason: 'too_early' }]);

      // One minute before the gate still too early; at it, the unconfirmed (booked) booking's result is written.
      ctx.clock.advance(from.getTime() - 60_000 - ctx.clock.now().getTime());
      Object.assign(doctor, await logIn(app, doctor.phone, doctor.password));
      expect((await save(app, doctor, order.id, examination(addDays(day, 7)))).json().code).toBe('CLINICAL_TOO_EARLY');
      ctx.clock.advance(60_000);
      expect((await edit()).writer).toMatchObject({ canWrite: true, writableFrom: null });
      const written = await save(app, doctor, order.id, examination(addDays(day, 7)));
      expect(written.statusCode, written.body).toBe(200);
      expect((await edit()).order.status).toBe(ORDER_STATUS.booked);
    });

    it('refuses writing on a cancelled booking', async () => {
      const { app, doctor, order, day } = await setup(context, 3);
      const cancelled = await orderAction(app, doctor, 'cancel', order.id, { reason: 'Bệnh nhân báo bận' });
      expect(cancelled.statusCode).toBe(200);
      const response = await save(app, doctor, order.id, examination(addDays(day, 7)));
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('CLINICAL_ORDER_CANCELLED');
    });

    it('keeps emoji and long Vietnamese text as written, and refuses text past its limit', async () => {
      const { app, doctor, order, day } = await setup(context);
      const diagnostic = 'Viêm phế quản 🫁 — theo dõi thêm';
      const ok = await save(app, doctor, order.id, examination(addDays(day, 7), { diagnostic, advice: 'ă'.repeat(4000) }));
      expect(ok.statusCode).toBe(200);
      expect((ok.json().data as ClinicalRecord).examination?.diagnostic).toBe(diagnostic);
      const long = await save(app, doctor, order.id, examination(addDays(day, 7), { diagnostic: 'x'.repeat(10_000) }));
      expect(long.statusCode).toBe(400);
      const nul = await save(app, doctor, order.id, examination(addDays(day, 7), { diagnostic: 'a\u0000b' }));
      expect(nul.statusCode).toBe(400);
    });
  });

  describe('GET /api/order-clinical/:orderId', () => {
    it('is 404 for a stranger and a doctor not on the order', async () => {
      const { app, order } = await setup(context);
      const stranger = await createPatient(context());
      const other = await createDoctor(context());
      for (const person of [stranger, other])
        expect((await app.inject({ method: 'GET', url: `/api/order-clinical/${order.id}`, headers: person.auth })).statusCode).toBe(404);
    });
  });

  describe('PATCH /api/order/verify/:userId/:orderId (issue 17: who confirms an online booking)', () => {
    const onlineBody = (doctorId: string, checkDay: string) => ({
      ...examBody(doctorId, checkDay),
      mode: 'online',
      examTypeId: 4,
      checkHour: '14:00',
    });
    const verifyFailures = (ctx: TestContext, orderId: string) =>
      ctx.database.db
        .select({ details: auditEvents.details })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'order.verify'),
            eq(auditEvents.outcome, 'failure'),
            sql`${auditEvents.details}->>'orderId' = ${orderId}`,
          ),
        );

    it('refuses an online booking to a verified doctor without a licence number (403), then confirms it once they add one', async () => {
      const ctx = context();
      const doctor = await createWorkingDoctor(ctx, { online: true, licensed: false });
      const patient = await createPatient(ctx);
      const order = await booked(ctx.app, patient, onlineBody(doctor.userId, weekdayAfter(ctx.clock.now(), 2)));
      const refused = await orderAction(ctx.app, doctor, 'verify', order.id);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().code).toBe('DOCTOR_LICENCE_REQUIRED');
      expect((await verifyFailures(ctx, order.id)).map((row) => row.details)).toEqual([{ orderId: order.id, reason: 'no_licence' }]);
      const still = await ctx.app.inject({ method: 'GET', url: `/api/order/detail/${order.id}`, headers: patient.auth });
      expect(still.json().data).toMatchObject({ status: ORDER_STATUS.booked, meetingLink: null });

      const licence = await putLicence(ctx.app, doctor, LICENCE);
      expect(licence.statusCode, licence.body).toBe(200);
      const verified = await orderAction(ctx.app, doctor, 'verify', order.id);
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json().data.status).toBe(ORDER_STATUS.verified);
      expect(verified.json().data.meetingLink).toMatch(/^https?:\/\//);
    });

    it('refuses a doctor no longer verified (403 DOCTOR_NOT_VERIFIED, in the request language), licence or not', async () => {
      const ctx = context();
      const doctor = await createWorkingDoctor(ctx, { online: true });
      const patient = await createPatient(ctx);
      const order = await booked(ctx.app, patient, onlineBody(doctor.userId, weekdayAfter(ctx.clock.now(), 2)));
      await ctx.database.db.execute(sql`update doctor_profiles set verified_at = null where user_id = ${doctor.userId}::uuid`);
      const refused = await send(
        ctx.app,
        'PATCH',
        `/api/order/verify/${doctor.userId}/${order.id}`,
        { ...doctor.auth, 'accept-language': 'en' },
        {},
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'DOCTOR_NOT_VERIFIED', message: 'Doctor is not verified.' });
    });

    it('leaves an in-person booking to the doctor without a licence number, and another doctor’s online booking 404', async () => {
      const ctx = context();
      const doctor = await createWorkingDoctor(ctx, { online: true, licensed: false });
      const other = await createWorkingDoctor(ctx, { online: true, licensed: false });
      const patient = await createPatient(ctx);
      const day = weekdayAfter(ctx.clock.now(), 3);
      const inPerson = await booked(ctx.app, patient, examBody(doctor.userId, day));
      const confirmed = await orderAction(ctx.app, doctor, 'verify', inPerson.id);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().data.status).toBe(ORDER_STATUS.verified);
      const online = await booked(ctx.app, patient, onlineBody(doctor.userId, day));
      expect((await orderAction(ctx.app, other, 'verify', online.id)).statusCode).toBe(404);
      expect(await verifyFailures(ctx, online.id)).toHaveLength(0);
    });
  });

  describe('drug units and suggestions', () => {
    it('lists the units, Other last', async () => {
      const { app, patient } = await setup(context);
      const units = (await app.inject({ method: 'GET', url: '/api/drug-units', headers: patient.auth })).json().data as string[];
      expect(units).toContain('tablet');
      expect(units.at(-1)).toBe('other');
    });

    it('suggests generic drugs with strengths, those starting with the text first; a typed _ or % is a letter', async () => {
      const { app, doctor } = await setup(context);
      const para = await app.inject({ method: 'GET', url: '/api/drugs?q=para', headers: doctor.auth });
      expect(para.statusCode).toBe(200);
      const found = para.json().data as { name: string; strength: string }[];
      expect(found[0]).toMatchObject({ name: 'Paracetamol', strength: '500 mg' });
      const amox = (await app.inject({ method: 'GET', url: '/api/drugs?q=amoxicillin%20500', headers: doctor.auth })).json().data as {
        name: string;
      }[];
      expect(amox.map((drug) => drug.name)).toContain('Amoxicillin');
      const percent = await app.inject({ method: 'GET', url: '/api/drugs?q=_', headers: doctor.auth });
      expect(percent.json().data).toEqual([]);
      expect((await app.inject({ method: 'GET', url: '/api/drugs?q=', headers: doctor.auth })).statusCode).toBe(400);
      expect((await app.inject({ method: 'GET', url: '/api/drugs?q=para' })).statusCode).toBe(401);
    });
  });

  describe('PUT /api/doctor-licence/:userId', () => {
    it('records a doctor’s licence number, normalised; refuses a malformed one and a patient', async () => {
      const ctx = context();
      const doctor = await createDoctor(ctx);
      const patient = await createPatient(ctx);
      const set = await putLicence(ctx.app, doctor, ' 004321/hno-cchn ');
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().data).toEqual({ licenceNumber: '004321/HNO-CCHN', verified: true });
      const bad = await putLicence(ctx.app, doctor, '<b>1</b>');
      expect(bad.statusCode).toBe(400);
      const notDoctor = await putLicence(ctx.app, patient, '004321/HNO-CCHN');
      expect(notDoctor.statusCode).toBe(403);
    });
  });

  describe('an issued result stays (issue 54, items 1 and 5)', () => {
    it('refuses to cancel or delete an order with a diagnosis and prescription, for the doctor and the patient, and keeps them', async () => {
      const { app, database, doctor, patient, order, day } = await setup(context);
      expect((await orderAction(app, doctor, 'verify', order.id)).statusCode).toBe(200);
      const saved = await save(app, doctor, order.id, { ...examination(addDays(day, 7)), prescription: { lines: LINES } });
      expect(saved.statusCode, saved.body).toBe(200);

      const byDoctor = await orderAction(app, doctor, 'cancel', order.id, { reason: 'Bệnh nhân không đến' });
      expect(byDoctor.statusCode).toBe(409);
      expect(byDoctor.json()).toMatchObject({ code: 'ORDER_HAS_RESULT' });
      // The result is written at the visit, past the clinic's usual cut-off: one that lets the patient cancel until the start.
      const cutoff = (minutes: number) =>
        database.db
          .insert(appSettings)
          .values({ key: 'booking_change_cutoff_minutes', value: minutes })
          .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`excluded.value` } });
      await cutoff(0);
      // An operator's change in the database is seen once the instance's copy of the policy is that old.
      context().clock.advance(SETTINGS_MAX_AGE_MS);
      const byPatient = await app.inject({
        method: 'PATCH',
        url: `/api/order/cancel/${patient.userId}/${order.id}`,
        headers: { ...patient.auth, 'accept-language': 'vi' },
        payload: {},
      });
      await database.db.delete(appSettings).where(eq(appSettings.key, 'booking_change_cutoff_minutes'));
      context().clock.advance(SETTINGS_MAX_AGE_MS);
      expect(byPatient.statusCode).toBe(409);
      expect(byPatient.json().message).toMatch(/^Lịch hẹn này đã có chẩn đoán hoặc đơn thuốc/);
      const deleted = await app.inject({ method: 'DELETE', url: `/api/order/delete/${doctor.userId}/${order.id}`, headers: doctor.auth });
      expect(deleted.statusCode).toBe(409);

      const kept = await app.inject({
        method: 'GET',
        url: `/api/order/get-detail-of-order-for-doctor-edit/${order.id}`,
        headers: doctor.auth,
      });
      const record = (kept.json().data as DoctorEdit).clinical;
      expect(record.examination?.diagnostic).toBe('Viêm họng cấp (J02.9)');
      expect(record.prescriptions).toHaveLength(1);
      const refusals = await database.db
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.action, 'order.cancel'), eq(auditEvents.outcome, 'failure'), eq(auditEvents.subjectUserId, patient.userId)),
        );
      expect(refusals.map((row) => (row.details as { reason: string }).reason)).toEqual(['ORDER_HAS_RESULT', 'ORDER_HAS_RESULT']);
    });

    it('has the database refuse to delete a diagnosis, a prescription or its lines — an order deleted with them included', async () => {
      const { app, database, doctor, order, day } = await setup(context);
      await save(app, doctor, order.id, { ...examination(addDays(day, 7)), prescription: { lines: LINES } });
      for (const statement of [
        sql`delete from prescription_lines where prescription_id in (select id from prescriptions where order_id = ${order.id}::uuid)`,
        sql`delete from prescriptions where order_id = ${order.id}::uuid`,
        sql`delete from examinations where order_id = ${order.id}::uuid`,
        sql`delete from orders where id = ${order.id}::uuid`,
      ]) {
        await expect(database.db.execute(statement)).rejects.toSatisfy((error: unknown) => isViolation(error, RECORD_KEPT));
      }
    });

    it('has the database refuse to change or remove a consent event', async () => {
      const { database } = context();
      const now = new Date('2026-11-22T03:00:00Z');
      const ids = {
        shareId: crypto.randomUUID(),
        profileId: crypto.randomUUID(),
        watcherId: crypto.randomUUID(),
        actorId: crypto.randomUUID(),
      };
      await database.db
        .insert(consentEvents)
        .values({ ...ids, action: 'granted', sections: ['health_info'], childAssent: false, language: 'vi', occurredAt: now });
      for (const statement of [
        sql`update consent_events set sections = '{all}' where share_id = ${ids.shareId}::uuid`,
        sql`delete from consent_events where share_id = ${ids.shareId}::uuid`,
      ]) {
        await expect(database.db.execute(statement)).rejects.toSatisfy((error: unknown) => isViolation(error, RECORD_KEPT));
      }
    });
  });
});
