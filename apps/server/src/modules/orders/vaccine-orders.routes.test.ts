import { randomUUID } from 'node:crypto';
import { VACCINATION_SPECIALTY_ID } from '@rhc/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPatient, orderAction as act, weekdayAfter, type TestDoctor, newDirectOrder } from '../../../test/booking-helpers.ts';
import { categoryBooking, createClinicStaff, fieldMessages } from '../../../test/category-helpers.ts';
import { logIn } from '../../../test/accounts-helpers.ts';
import type { Caller } from '../../../test/http-helpers.ts';
import { insertManagedProfile } from '../../../test/relatives-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { orders as ordersTable, orderVaccines, outboxMessages, vaccinationHistory } from '../../db/schema/index.ts';

/** A vaccination body: hepatitis B's birth dose (Vietnam's schedule has one dose) unless told otherwise. */
function vaccineBody(doctorId: string, checkDay: string, checkHour = '09:00', overrides: Record<string, unknown> = {}) {
  return { vaccineId: 'hepatitis_b', vaccineDoseId: 'hepatitis_b.1', doctorId, checkDay, checkHour, ...overrides };
}

/** A vaccination body for `profileId`, a profile the booker manages. */
function familyVaccineBody(
  doctorId: string,
  checkDay: string,
  checkHour: string,
  profileId: string,
  overrides: Record<string, unknown> = {},
) {
  return vaccineBody(doctorId, checkDay, checkHour, { isFamily: true, profileId, ...overrides });
}

/** A verified doctor of `specialtyId` (vaccination by default) working Mon–Fri 08:00–11:30 in person at work unit 2. */
function vaccinator(ctx: TestContext, specialtyId: number = VACCINATION_SPECIALTY_ID, fullName = 'Đỗ Thị Hạnh'): Promise<TestDoctor> {
  return createClinicStaff(ctx, specialtyId, { fullName, start: '08:00', end: '11:30' });
}

/** The vaccine facts of the orders assigned to `doctorId`. */
function vaccineRowsOf(ctx: TestContext, doctorId: string) {
  return ctx.database.db
    .select({ orderId: orderVaccines.orderId })
    .from(orderVaccines)
    .innerJoin(ordersTable, eq(ordersTable.id, orderVaccines.orderId))
    .where(eq(ordersTable.doctorId, doctorId));
}

async function setup(context: () => TestContext) {
  const ctx = context();
  const doctor = await vaccinator(ctx);
  const patient = await createPatient(ctx);
  return { ...ctx, ctx, doctor, patient, day: weekdayAfter(ctx.clock.now(), 1) };
}

const { book, booked, bookInTheNameOf, edit } = categoryBooking(
  (userId) => `/api/vaccine-order/${userId}`,
  (orderId) => `/api/vaccine-order/${orderId}`,
);

/** The setup, a child the patient manages (born 2026-08-22), and the child's vaccination booked at `checkHour`. */
async function bookedForChild(context: () => TestContext, checkHour: string, overrides: Record<string, unknown>) {
  const test = await setup(context);
  const child = await insertManagedProfile(test.ctx, test.patient.userId, '2026-08-22');
  const order = await booked(test.app, test.patient, familyVaccineBody(test.doctor.userId, test.day, checkHour, child, overrides));
  return { ...test, child, order };
}

describeOnEachDatabase((context) => {
  describe('POST /api/vaccine-order/:userId', () => {
    it('books a dose for oneself with a vaccination doctor, at the clinic of their working time, and says what it holds', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = newDirectOrder(
        await book(app, patient, vaccineBody(doctor.userId, day, '09:00', { note: 'Mang theo sổ tiêm' })),
        'vaccine',
      );
      expect(order).toMatchObject({
        userId: patient.userId,
        profileId: patient.userId,
        doctor: { id: doctor.userId, fullName: 'Đỗ Thị Hạnh' },
        specialty: { id: VACCINATION_SPECIALTY_ID, name: 'Vaccination' },
        examType: null,
        workUnit: { id: 2 },
        vaccine: { vaccineId: 'hepatitis_b', vaccineDoseId: 'hepatitis_b.1', scheduleId: 'VN-TT10-2024' },
        startsAt: `${day}T02:00:00.000Z`,
        endsAt: `${day}T02:30:00.000Z`,
        checkDay: day,
        checkHour: '09:00',
        note: 'Mang theo sổ tiêm',
        reasonForExamination: '',
      });
      const detail = await app.inject({ method: 'GET', url: `/api/order/detail/${order.id}`, headers: patient.auth });
      expect(detail.json().data.vaccine).toEqual(order.vaccine);
      const list = await app.inject({ method: 'GET', url: `/api/order/page/${doctor.userId}?as=doctor`, headers: doctor.auth });
      expect(list.json().data.items[0]).toMatchObject({ id: order.id, vaccine: order.vaccine });
      // The public tracking page names the service: the vaccine and the dose, in the reader's language.
      const tracked = await app.inject({
        method: 'GET',
        url: `/api/p/order/track-order/${order.secureCode}`,
        headers: { 'accept-language': 'vi' },
      });
      expect(tracked.json().data).toMatchObject({ category: 'vaccine', service: 'Viêm gan B, mũi 1', specialty: 'Tiêm chủng' });
      // The confirmation mail says the vaccine order is saved; the doctor is told of the new vaccination.
      const mails = await context().database.db.select().from(outboxMessages);
      const subjects = mails.map((row) => `${row.subject ?? ''}\n${row.body}`);
      expect(subjects.some((text) => text.includes('Your vaccine order') && text.includes('is saved'))).toBe(true);
      expect(subjects.some((text) => text.includes('Lịch tiêm mới') || text.includes('New vaccination'))).toBe(true);
    });

    it('books for a profile I manage, in the CDC schedule; another person’s profile answers 404', async () => {
      const { app, ctx, doctor, patient, day, child, order } = await bookedForChild(context, '09:30', {
        vaccineDoseId: 'hepatitis_b.2',
        scheduleId: 'CDC-2025',
      });
      const [stored] = await ctx.database.db.select().from(ordersTable).where(eq(ordersTable.id, order.id));
      expect(stored).toMatchObject({ kind: 1, profileId: child, category: 'vaccine' });
      const [facts] = await ctx.database.db.select().from(orderVaccines).where(eq(orderVaccines.orderId, order.id));
      expect(facts).toMatchObject({ vaccineId: 'hepatitis_b', vaccineDoseId: 'hepatitis_b.2', scheduleId: 'CDC-2025' });

      const stranger = await createPatient(ctx);
      const strangersChild = await insertManagedProfile(ctx, stranger.userId, '2025-01-01');
      const refused = await book(app, patient, familyVaccineBody(doctor.userId, day, '10:00', strangersChild));
      expect(refused.statusCode).toBe(404);
      // Someone else's user id in the path: 404 as well.
      const asOther = await bookInTheNameOf(app, patient, stranger.userId, vaccineBody(doctor.userId, day, '10:30'));
      expect(asOther.statusCode).toBe(404);
    });

    it('refuses a doctor without the vaccination specialty, a dose of another vaccine or outside the schedule, and a missing vaccine or dose', async () => {
      const { app, ctx, doctor, patient, day } = await setup(context);
      const internist = await vaccinator(ctx, 1, 'Lê Văn Minh');
      const wrongDoctor = await book(app, patient, vaccineBody(internist.userId, day));
      expect([wrongDoctor.statusCode, wrongDoctor.json().code]).toEqual([422, 'SLOT_UNAVAILABLE']);

      const otherVaccine = await book(app, patient, vaccineBody(doctor.userId, day, '09:00', { vaccineDoseId: 'dtap.1' }));
      expect(otherVaccine.statusCode).toBe(400);
      expect(fieldMessages(otherVaccine)).toEqual({ 'body.vaccineDoseId': 'Please choose the dose.' });

      // Vietnam's schedule gives hepatitis B once (at birth): a second dose is CDC's.
      const notInSchedule = await book(app, patient, vaccineBody(doctor.userId, day, '09:00', { vaccineDoseId: 'hepatitis_b.2' }));
      expect([notInSchedule.statusCode, notInSchedule.json().code]).toEqual([422, 'VACCINE_DOSE_NOT_IN_SCHEDULE']);

      const noVaccine = await book(app, patient, { ...vaccineBody(doctor.userId, day), vaccineId: undefined });
      expect(noVaccine.statusCode).toBe(400);
      expect(fieldMessages(noVaccine)).toMatchObject({ 'body.vaccineId': 'Please choose the vaccine.' });
      const noDose = await book(app, patient, { ...vaccineBody(doctor.userId, day), vaccineDoseId: undefined });
      expect(noDose.statusCode).toBe(400);
      expect(fieldMessages(noDose)).toMatchObject({ 'body.vaccineDoseId': 'Please choose the dose.' });

      // Another clinic than the slot's, a time outside the working time, and the past.
      const otherClinic = await book(app, patient, vaccineBody(doctor.userId, day, '09:00', { workUnitId: 3 }));
      expect([otherClinic.statusCode, otherClinic.json().code]).toEqual([422, 'SLOT_UNAVAILABLE']);
      const evening = await book(app, patient, vaccineBody(doctor.userId, day, '19:00'));
      expect([evening.statusCode, evening.json().code]).toEqual([422, 'SLOT_UNAVAILABLE']);
      for (const checkDay of ['0000-01-01', '9999-12-31']) {
        const response = await book(app, patient, vaccineBody(doctor.userId, checkDay));
        expect(response.statusCode, checkDay).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, checkDay).toBeLessThan(500);
      }
      expect(await vaccineRowsOf(ctx, doctor.userId)).toEqual([]);
    });

    it('answers 400, never 5xx, to a NUL, an emoji flood or 10,000 characters in the note; keeps a short emoji note', async () => {
      const { app, doctor, patient, day } = await setup(context);
      for (const note of ['a\u0000b', '💉'.repeat(5_000), 'x'.repeat(10_000)]) {
        const response = await book(app, patient, vaccineBody(doctor.userId, day, '09:00', { note }));
        expect(response.statusCode, note.slice(0, 10)).toBe(400);
      }
      const fine = await book(app, patient, vaccineBody(doctor.userId, day, '09:00', { note: 'Bé sợ kim 💉' }));
      expect(fine.statusCode, fine.body).toBe(201);
      expect(fine.json().data.note).toBe('Bé sợ kim 💉');
    });

    it('gives one slot to exactly one of 50 bookings at once, and replays a retried key', async () => {
      const { app, ctx, doctor, patient, day } = await setup(context);
      const responses = await Promise.all(Array.from({ length: 50 }, () => book(app, patient, vaccineBody(doctor.userId, day, '10:00'))));
      const codes = responses.map((response) => response.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(49);
      expect(responses.find((response) => response.statusCode === 409)?.json().code).toBe('SLOT_TAKEN');
      const stored = await ctx.database.db.select().from(ordersTable).where(eq(ordersTable.doctorId, doctor.userId));
      expect(stored).toHaveLength(1);
      expect(await vaccineRowsOf(ctx, doctor.userId)).toHaveLength(1);

      const key = randomUUID();
      const first = await book(app, patient, vaccineBody(doctor.userId, day, '11:00'), key);
      const again = await book(app, patient, vaccineBody(doctor.userId, day, '11:00'), key);
      expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
      expect(again.json().data.id).toBe(first.json().data.id);
      const noKey = await app.inject({
        method: 'POST',
        url: `/api/vaccine-order/${patient.userId}`,
        headers: patient.auth,
        payload: vaccineBody(doctor.userId, day, '08:30'),
      });
      expect([noKey.statusCode, noKey.json().code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
    });
  });

  describe('PUT /api/vaccine-order/:id and the shared lifecycle', () => {
    it('lets the patient change the time and dose, the doctor only the time; a stranger gets 404', async () => {
      const { app, ctx, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, vaccineBody(doctor.userId, day, '09:00', { scheduleId: 'CDC-2025' }));
      /** The order moved to `hour` with `dose`, by `person`. */
      const change = (person: Caller, hour: string, dose: string) =>
        edit(
          app,
          person,
          order.id,
          vaccineBody(doctor.userId, day, hour, { scheduleId: 'CDC-2025', vaccineDoseId: dose, note: 'Đổi giờ' }),
        );
      const moved = await change(patient, '10:00', 'hepatitis_b.2');
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().data).toMatchObject({
        checkHour: '10:00',
        note: 'Đổi giờ',
        vaccine: { vaccineId: 'hepatitis_b', vaccineDoseId: 'hepatitis_b.2', scheduleId: 'CDC-2025' },
      });

      const doseByDoctor = await change(doctor, '10:00', 'hepatitis_b.3');
      expect([doseByDoctor.statusCode, doseByDoctor.json().code]).toEqual([403, 'ORDER_PATIENT_CHANGE_NOT_ALLOWED']);
      const timeByDoctor = await change(doctor, '11:00', 'hepatitis_b.2');
      expect(timeByDoctor.statusCode, timeByDoctor.body).toBe(200);
      expect(timeByDoctor.json().data.checkHour).toBe('11:00');

      const stranger = await createPatient(ctx);
      expect((await edit(app, stranger, order.id, vaccineBody(doctor.userId, day, '09:30'))).statusCode).toBe(404);
    });

    it('cancels through the shared order call', async () => {
      const { app, doctor, patient, day } = await setup(context);
      const order = await booked(app, patient, vaccineBody(doctor.userId, day));
      const cancelled = await act(app, patient, 'cancel', order.id);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().data).toMatchObject({ status: 2, vaccine: { vaccineId: 'hepatitis_b' } });
    });

    it('records the dose in the person’s vaccination history when the doctor completes the order, once', async () => {
      const { app, ctx, doctor, patient, day, child, order } = await bookedForChild(context, '09:00', {
        vaccineId: 'dtp_hepb_hib',
        vaccineDoseId: 'dtp_hepb_hib.2',
      });
      expect((await act(app, doctor, 'verify', order.id)).statusCode).toBe(200);
      // Completing is possible from 30 minutes before the start on its day.
      ctx.clock.advance(Date.parse(`${day}T02:00:00.000Z`) - ctx.clock.now().getTime());
      // The sessions of the day before have ended: both sign in again.
      Object.assign(doctor, await logIn(app, doctor.phone, doctor.password));
      Object.assign(patient, await logIn(app, patient.phone, patient.password));
      const completed = await act(app, doctor, 'complete', order.id);
      expect(completed.statusCode, completed.body).toBe(200);
      expect(completed.json().data.status).toBe(1);

      const history = await ctx.database.db.select().from(vaccinationHistory).where(eq(vaccinationHistory.infoId, child));
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ vaccineId: 'dtp_hepb_hib', givenOn: day, orderId: order.id });
      const record = await app.inject({ method: 'GET', url: `/api/vaccines/${child}`, headers: patient.auth });
      expect(record.statusCode, record.body).toBe(200);
      expect(record.json().data.history).toEqual([expect.objectContaining({ vaccineId: 'dtp_hepb_hib', orderId: order.id, givenOn: day })]);

      // A second completion is refused by the lifecycle; the history keeps one dose.
      expect((await act(app, doctor, 'complete', order.id)).statusCode).toBe(409);
      expect(await ctx.database.db.select().from(vaccinationHistory).where(eq(vaccinationHistory.infoId, child))).toHaveLength(1);
    });
  });
});
