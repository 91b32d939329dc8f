import { randomBytes } from 'node:crypto';
import { vietnamInstant } from '@rhc/domain';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { createDoctor, createPatient, insertHoliday, insertWorkTime } from '../../../test/booking-helpers.ts';
import { send } from '../../../test/http-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';

/* The test clock starts at 2026-11-22T03:00Z: Sunday 22 November 2026, 10:00 in Vietnam. 1 December 2026 is a Tuesday. */

function at(day: string, time: string): string {
  return vietnamInstant(day, time).toISOString();
}

function workTimeBody(day: string, start: string, end: string, extra: Record<string, unknown> = {}) {
  return { startsAt: at(day, start), endsAt: at(day, end), recurrence: { type: 'none' }, workUnitId: 2, ...extra };
}

/** An order holding the doctor's time, stored directly: the orders module's own rules are not under test here. */
async function insertOrder(db: Db, doctorId: string, patientId: string, startsAt: string, endsAt: string, status = 0): Promise<void> {
  await db.insert(orders).values({
    code: `RHC-${randomBytes(4).toString('hex').toUpperCase()}`,
    secureCode: randomBytes(32).toString('hex'),
    userId: patientId,
    kind: 0,
    category: 'exam',
    mode: 'direct',
    status,
    doctorId,
    startsAt: new Date(startsAt),
    endsAt: new Date(endsAt),
    createdBy: patientId,
    updatedBy: patientId,
  });
}

const en = { 'accept-language': 'en' };

/** The test's app and database, with a verified doctor signed in. */
async function aDoctor(context: TestContext) {
  return { ...context, doctor: await createDoctor(context) };
}

/** The same, with a patient signed in after the doctor. */
async function aDoctorAndPatient(context: TestContext) {
  const withDoctor = await aDoctor(context);
  return { ...withDoctor, patient: await createPatient(context) };
}

/** The same, with a second doctor signed in after the first. */
async function twoDoctors(context: TestContext) {
  const withDoctor = await aDoctor(context);
  return { ...withDoctor, other: await createDoctor(context) };
}

describeOnEachDatabase((context) => {
  describe('POST /api/user-time-doctor', () => {
    it('stores an in-person working time and answers it in Vietnam wall-clock time with its work unit', async () => {
      const { app, doctor } = await aDoctor(context());
      const response = await send(
        app,
        'POST',
        '/api/user-time-doctor',
        { ...doctor.auth, ...en },
        workTimeBody('2026-12-01', '08:00', '11:30'),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({
        mode: 'direct',
        day: '2026-12-01',
        start: '08:00',
        end: '11:30',
        startsAt: '2026-12-01T01:00:00.000Z',
        endsAt: '2026-12-01T04:30:00.000Z',
        recurrence: { type: 'none' },
        workUnit: { id: 2, name: 'Cho Ray Hospital' },
      });
    });

    it('explains each invalid body with a field message in the request language', async () => {
      const { app, doctor } = await aDoctor(context());
      const cases = [
        {
          payload: workTimeBody('2026-12-01', '11:00', '10:00'),
          field: 'body.endsAt',
          message: 'The end time must be after the start time.',
        },
        {
          payload: workTimeBody('2026-12-01', '08:00', '09:00', {
            recurrence: { type: 'week', interval: 1, weekdays: [], until: '2026-12-31' },
          }),
          field: 'body.recurrence.weekdays',
          message: 'Please choose the weekdays to repeat on.',
        },
        {
          payload: workTimeBody('2026-12-01', '08:00', '09:00', { recurrence: { type: 'day', interval: 1, until: '2026-11-30' } }),
          field: 'body.recurrence.until',
          message: 'The last day cannot be before the first day.',
        },
        {
          payload: workTimeBody('2026-12-01', '08:00', '09:00', { recurrence: { type: 'day', interval: 0, until: '2026-12-31' } }),
          field: 'body.recurrence.interval',
          message: 'Please enter how often it repeats (1 or more).',
        },
        {
          payload: { ...workTimeBody('2026-12-01', '22:00', '23:00'), endsAt: at('2026-12-02', '01:00') },
          field: 'body.endsAt',
          message: 'A working time must start and end on the same day.',
        },
      ];
      for (const { payload, field, message } of cases) {
        const response = await app.inject({ method: 'POST', url: '/api/user-time-doctor', headers: { ...doctor.auth, ...en }, payload });
        expect(response.statusCode, field).toBe(400);
        expect(response.json().code).toBe('VALIDATION_FAILED');
        expect(response.json().details).toContainEqual(expect.objectContaining({ field, message }));
      }
    });

    it('answers the same-day message in Vietnamese by default', async () => {
      const doctor = await createDoctor(context());
      const response = await send(context().app, 'POST', '/api/user-time-doctor', doctor.auth, {
        ...workTimeBody('2026-12-01', '22:00', '23:00'),
        endsAt: at('2026-12-02', '01:00'),
      });
      expect(response.json().details[0].message).toMatch(/ngày/);
    });

    it('answers 400 WORK_TIME_PLACE_REQUIRED without a work unit', async () => {
      const doctor = await createDoctor(context());
      const { workUnitId: _, ...payload } = workTimeBody('2026-12-01', '08:00', '09:00');
      const response = await context().app.inject({ method: 'POST', url: '/api/user-time-doctor', headers: doctor.auth, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('WORK_TIME_PLACE_REQUIRED');
    });

    it('answers 422 WORK_TIME_PAST for a start that has passed', async () => {
      const doctor = await createDoctor(context());
      const response = await send(
        context().app,
        'POST',
        '/api/user-time-doctor',
        doctor.auth,
        workTimeBody('2026-11-22', '09:00', '11:00'),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('WORK_TIME_PAST');
    });

    it('answers 403 NOT_A_DOCTOR to a patient and 403 DOCTOR_NOT_VERIFIED to an unverified doctor', async () => {
      const { app } = context();
      const patient = await createPatient(context());
      const unverified = await createDoctor(context(), { verified: false });
      const payload = workTimeBody('2026-12-01', '08:00', '09:00');
      const asPatient = await app.inject({ method: 'POST', url: '/api/user-time-doctor', headers: patient.auth, payload });
      expect(asPatient.statusCode).toBe(403);
      expect(asPatient.json().code).toBe('NOT_A_DOCTOR');
      const asUnverified = await app.inject({ method: 'POST', url: '/api/user-time-doctor', headers: unverified.auth, payload });
      expect(asUnverified.statusCode).toBe(403);
      expect(asUnverified.json().code).toBe('DOCTOR_NOT_VERIFIED');
    });

    it('answers 409 WORK_TIME_OVERLAP when a weekly recurrence collides with a one-off on a later date, in either mode', async () => {
      const { app, doctor } = await aDoctor(context());
      const oneOff = await send(app, 'POST', '/api/user-time-doctor', doctor.auth, workTimeBody('2026-12-15', '09:00', '10:00'));
      expect(oneOff.statusCode).toBe(201);
      const weekly = { type: 'week', interval: 1, weekdays: [2], until: '2026-12-31' };
      const colliding = await send(
        app,
        'POST',
        '/api/user-time-doctor-online',
        doctor.auth,
        workTimeBody('2026-12-01', '09:30', '11:00', { recurrence: weekly }),
      );
      expect(colliding.statusCode).toBe(409);
      expect(colliding.json().code).toBe('WORK_TIME_OVERLAP');
      const touching = await send(
        app,
        'POST',
        '/api/user-time-doctor-online',
        doctor.auth,
        workTimeBody('2026-12-01', '10:00', '11:00', { recurrence: weekly }),
      );
      expect(touching.statusCode).toBe(201);
    });

    it('lets only one of two concurrent overlapping requests through', async () => {
      const { app, doctor } = await aDoctor(context());
      const send = (start: string, end: string) =>
        app.inject({ method: 'POST', url: '/api/user-time-doctor', headers: doctor.auth, payload: workTimeBody('2026-12-03', start, end) });
      const answers = await Promise.all([send('08:00', '10:00'), send('09:00', '11:00')]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    });
  });

  describe('POST /api/user-time-doctor-online', () => {
    it('stores an online working time without a work unit', async () => {
      const doctor = await createDoctor(context());
      const response = await context().app.inject({
        method: 'POST',
        url: '/api/user-time-doctor-online',
        headers: doctor.auth,
        payload: workTimeBody('2026-12-01', '19:00', '21:00', {
          recurrence: { type: 'week', interval: 1, weekdays: [4, 2], until: '2026-12-31' },
        }),
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({
        mode: 'online',
        workUnit: null,
        recurrence: { type: 'week', interval: 1, weekdays: [2, 4], until: '2026-12-31' },
      });
    });
  });

  describe('PUT /api/user-time-doctor/:id', () => {
    it('changes my working time, keeps its mode, and does not count it as overlapping itself', async () => {
      const { app, doctor } = await aDoctor(context());
      const created = await send(app, 'POST', '/api/user-time-doctor-online', doctor.auth, workTimeBody('2026-12-02', '19:00', '21:00'));
      const id = created.json().data.id as string;
      const response = await send(app, 'PUT', `/api/user-time-doctor/${id}`, doctor.auth, workTimeBody('2026-12-02', '19:30', '21:30'));
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id, mode: 'online', start: '19:30', end: '21:30', workUnit: null });
    });

    it("answers 404 for another doctor's working time", async () => {
      const { app, database, doctor: owner, other } = await twoDoctors(context());
      const id = await insertWorkTime(database.db, owner.userId, { day: '2026-12-04', start: '08:00', end: '09:00' });
      const response = await send(app, 'PUT', `/api/user-time-doctor/${id}`, other.auth, workTimeBody('2026-12-04', '08:00', '10:00'));
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    });
  });

  describe('DELETE /api/user-time-doctor/:id and GET /api/user-time-doctor', () => {
    it("removes my working time, answers 404 for another doctor's, and lists only mine", async () => {
      const { app, database, doctor, other } = await twoDoctors(context());
      const mine = await insertWorkTime(database.db, doctor.userId, { day: '2026-12-07', start: '08:00', end: '09:00' });
      const kept = await insertWorkTime(database.db, doctor.userId, { day: '2026-12-08', start: '08:00', end: '09:00' });
      const theirs = await insertWorkTime(database.db, other.userId, { day: '2026-12-07', start: '08:00', end: '09:00' });
      const refused = await app.inject({ method: 'DELETE', url: `/api/user-time-doctor/${theirs}`, headers: doctor.auth });
      expect(refused.statusCode).toBe(404);
      const removed = await app.inject({ method: 'DELETE', url: `/api/user-time-doctor/${mine}`, headers: doctor.auth });
      expect(removed.statusCode).toBe(200);
      const list = await app.inject({ method: 'GET', url: '/api/user-time-doctor', headers: doctor.auth });
      expect((list.json().data as { id: string }[]).map((workTime) => workTime.id)).toEqual([kept]);
    });
  });

  describe('POST /api/doctor-holidays, DELETE /api/doctor-holidays/:id, GET /api/holidays', () => {
    it('stores my days off, shows them to anyone by doctorId, and lets only me remove them', async () => {
      const { app, doctor, patient } = await aDoctorAndPatient(context());
      const created = await send(app, 'POST', '/api/doctor-holidays', doctor.auth, { startDate: '2026-12-24', endDate: '2026-12-26' });
      expect(created.statusCode).toBe(201);
      const holiday = created.json().data as { id: string };
      expect(holiday).toMatchObject({ startDate: '2026-12-24', endDate: '2026-12-26' });

      const mine = await app.inject({ method: 'GET', url: '/api/holidays', headers: doctor.auth });
      expect(mine.json().data).toEqual([holiday]);
      const seen = await app.inject({ method: 'GET', url: `/api/holidays?doctorId=${doctor.userId}`, headers: patient.auth });
      expect(seen.json().data).toEqual([holiday]);

      const refused = await app.inject({ method: 'DELETE', url: `/api/doctor-holidays/${holiday.id}`, headers: patient.auth });
      expect(refused.statusCode).toBe(404);
      const removed = await app.inject({ method: 'DELETE', url: `/api/doctor-holidays/${holiday.id}`, headers: doctor.auth });
      expect(removed.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/holidays', headers: doctor.auth })).json().data).toEqual([]);
    });

    it('refuses days off that share a day with days off I have (409 HOLIDAY_OVERLAP), and takes the days next to them', async () => {
      const { app, doctor, other } = await twoDoctors(context());
      const add = (who: { auth: Record<string, string> }, startDate: string, endDate: string) =>
        app.inject({ method: 'POST', url: '/api/doctor-holidays', headers: { ...who.auth, ...en }, payload: { startDate, endDate } });
      expect((await add(doctor, '2026-12-24', '2026-12-26')).statusCode).toBe(201);

      for (const [startDate, endDate] of [
        ['2026-12-24', '2026-12-26'],
        ['2026-12-25', '2026-12-25'],
        ['2026-12-20', '2026-12-24'],
        ['2026-12-26', '2027-01-02'],
        ['2026-12-01', '2026-12-31'],
      ] as const) {
        const refused = await add(doctor, startDate, endDate);
        expect(refused.statusCode, `${startDate}…${endDate}`).toBe(409);
        expect(refused.json()).toMatchObject({ code: 'HOLIDAY_OVERLAP', message: 'These days overlap days off you already have.' });
      }
      expect((await add(doctor, '2026-12-23', '2026-12-23')).statusCode).toBe(201);
      expect((await add(doctor, '2026-12-27', '2026-12-31')).statusCode).toBe(201);
      // Another doctor's days off are theirs alone.
      expect((await add(other, '2026-12-24', '2026-12-26')).statusCode).toBe(201);
      const mine = await app.inject({ method: 'GET', url: '/api/holidays', headers: doctor.auth });
      expect(
        (mine.json().data as { startDate: string; endDate: string }[]).map(({ startDate, endDate }) => `${startDate}…${endDate}`),
      ).toEqual(['2026-12-23…2026-12-23', '2026-12-24…2026-12-26', '2026-12-27…2026-12-31']);
    });

    it('stores the same days off once when they are sent 50 times at once', async () => {
      const { app, doctor } = await aDoctor(context());
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          send(app, 'POST', '/api/doctor-holidays', doctor.auth, { startDate: '2027-01-28', endDate: '2027-02-03' }),
        ),
      );
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
      expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(49);
      expect((await app.inject({ method: 'GET', url: '/api/holidays', headers: doctor.auth })).json().data).toHaveLength(1);
    });

    it('refuses an end before the start, a patient, and an unknown doctor', async () => {
      const { app, doctor, patient } = await aDoctorAndPatient(context());
      const backwards = await send(
        app,
        'POST',
        '/api/doctor-holidays',
        { ...doctor.auth, ...en },
        { startDate: '2026-12-26', endDate: '2026-12-24' },
      );
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().details).toContainEqual(
        expect.objectContaining({ field: 'body.endDate', message: 'The last day cannot be before the first day.' }),
      );
      const byPatient = await send(app, 'POST', '/api/doctor-holidays', patient.auth, { startDate: '2026-12-24', endDate: '2026-12-24' });
      expect(byPatient.json().code).toBe('NOT_A_DOCTOR');
      const unknown = await app.inject({ method: 'GET', url: `/api/holidays?doctorId=${patient.userId}`, headers: doctor.auth });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('GET /api/doctor-schedule/:id', () => {
    it('answers my month: occurrences per day, days off, and active bookings per Vietnam day', async () => {
      const { app, database, doctor, patient } = await aDoctorAndPatient(context());
      await insertWorkTime(database.db, doctor.userId, {
        day: '2026-12-01',
        start: '08:00',
        end: '11:30',
        recurrence: { type: 'week', interval: 1, weekdays: [2, 4], until: '2026-12-31' },
      });
      await insertWorkTime(database.db, doctor.userId, { day: '2026-12-03', start: '19:00', end: '21:00', mode: 'online' });
      await insertHoliday(database.db, doctor.userId, '2026-12-10');
      await insertOrder(database.db, doctor.userId, patient.userId, at('2026-12-03', '08:00'), at('2026-12-03', '08:30'));
      await insertOrder(database.db, doctor.userId, patient.userId, at('2026-12-03', '09:00'), at('2026-12-03', '09:30'), 3);
      // Cancelled: does not count.
      await insertOrder(database.db, doctor.userId, patient.userId, at('2026-12-03', '10:00'), at('2026-12-03', '10:30'), 2);

      const response = await send(app, 'GET', `/api/doctor-schedule/${doctor.userId}?month=12&year=2026`, { ...doctor.auth, ...en });
      expect(response.statusCode).toBe(200);
      const month = response.json().data;
      expect(month.workTimes).toHaveLength(2);
      expect(month.holidays).toEqual([expect.objectContaining({ startDate: '2026-12-10', endDate: '2026-12-10' })]);
      expect(month.days).toHaveLength(31);
      const third = month.days.find((day: { day: string }) => day.day === '2026-12-03');
      expect(third).toMatchObject({
        holiday: false,
        bookings: 2,
        occurrences: [
          { mode: 'direct', start: '08:00', end: '11:30', workUnitName: 'Cho Ray Hospital' },
          { mode: 'online', start: '19:00', end: '21:00', workUnitName: null },
        ],
      });
      expect(month.days.find((day: { day: string }) => day.day === '2026-12-10')).toMatchObject({ holiday: true });
      expect(month.days.find((day: { day: string }) => day.day === '2026-12-02')).toMatchObject({ occurrences: [], bookings: 0 });
    });

    it("answers 404 for another doctor's schedule", async () => {
      const owner = await createDoctor(context());
      const other = await createDoctor(context());
      const response = await send(context().app, 'GET', `/api/doctor-schedule/${owner.userId}?month=12&year=2026`, other.auth);
      expect(response.statusCode).toBe(404);
    });
  });

  describe('GET /api/doctor-schedule/page/:id', () => {
    it("pages one day's occurrences, and answers 404 for another doctor", async () => {
      const { app, database, doctor, other } = await twoDoctors(context());
      for (const [start, end] of [
        ['07:00', '08:00'],
        ['09:00', '10:00'],
        ['13:00', '14:00'],
      ] as const)
        await insertWorkTime(database.db, doctor.userId, { day: '2026-12-05', start, end });
      const url = `/api/doctor-schedule/page/${doctor.userId}?day=5&month=12&year=2026&page=1&size=2`;
      const response = await app.inject({ method: 'GET', url, headers: doctor.auth });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ total: 3, page: 1, size: 2, items: [{ start: '13:00', end: '14:00' }] });
      expect((await app.inject({ method: 'GET', url, headers: other.auth })).statusCode).toBe(404);
    });
  });

  describe('POST /api/schedule-in-month/', () => {
    it('answers the days a doctor works in the mode, without days off, to any logged-in person', async () => {
      const { app, database, doctor, patient } = await aDoctorAndPatient(context());
      await insertWorkTime(database.db, doctor.userId, {
        day: '2026-12-01',
        start: '08:00',
        end: '11:30',
        recurrence: { type: 'week', interval: 1, weekdays: [2], until: '2026-12-31' },
      });
      await insertWorkTime(database.db, doctor.userId, { day: '2026-12-02', start: '19:00', end: '21:00', mode: 'online' });
      await insertHoliday(database.db, doctor.userId, '2026-12-15');
      const ask = (mode?: string) =>
        send(app, 'POST', '/api/schedule-in-month/', patient.auth, {
          doctorId: doctor.userId,
          month: 12,
          year: 2026,
          ...(mode ? { mode } : {}),
        });
      expect((await ask('direct')).json().data).toEqual({ days: ['2026-12-01', '2026-12-08', '2026-12-22', '2026-12-29'] });
      expect((await ask('online')).json().data).toEqual({ days: ['2026-12-02'] });
      expect((await ask()).json().data.days).toHaveLength(5);
    });

    it('answers 404 for an unverified doctor', async () => {
      const unverified = await createDoctor(context(), { verified: false });
      const patient = await createPatient(context());
      const response = await send(context().app, 'POST', '/api/schedule-in-month/', patient.auth, {
        doctorId: unverified.userId,
        month: 12,
        year: 2026,
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('POST /api/user-freetime-in-month/:doctorId and …-online/:doctorId', () => {
    it('offers slots without days off, taken slots or past ones, and keeps online apart from in person', async () => {
      const { app, database, doctor, patient } = await aDoctorAndPatient(context());
      // Today (Sunday 22 November, now 10:00) and the next two days, 09:00–12:00 in person.
      await insertWorkTime(database.db, doctor.userId, {
        day: '2026-11-22',
        start: '09:00',
        end: '12:00',
        recurrence: { type: 'day', interval: 1, until: '2026-11-24' },
      });
      // And Wednesday 08:00–09:00 at another clinic.
      await insertWorkTime(database.db, doctor.userId, { day: '2026-11-25', start: '08:00', end: '09:00', workUnitId: 1 });
      await insertWorkTime(database.db, doctor.userId, { day: '2026-11-23', start: '19:00', end: '20:00', mode: 'online' });
      await insertHoliday(database.db, doctor.userId, '2026-11-24');
      // Taken: an order of 45 minutes covers two 30-minute slots.
      await insertOrder(database.db, doctor.userId, patient.userId, at('2026-11-23', '09:00'), at('2026-11-23', '09:45'));
      // Cancelled: frees its time again.
      await insertOrder(database.db, doctor.userId, patient.userId, at('2026-11-23', '11:00'), at('2026-11-23', '11:30'), 2);

      const direct = await send(app, 'POST', `/api/user-freetime-in-month/${doctor.userId}`, patient.auth, { month: 11, year: 2026 });
      expect(direct.statusCode).toBe(200);
      const hours = (direct.json().data.days as { day: string; slots: { hour: string }[] }[]).map((day) => [
        day.day,
        day.slots.map((slot) => slot.hour),
      ]);
      expect(hours).toEqual([
        ['2026-11-22', ['10:30', '11:00', '11:30']],
        ['2026-11-23', ['10:00', '10:30', '11:00', '11:30']],
        ['2026-11-25', ['08:00', '08:30']],
      ]);
      expect(direct.json().data.holidays).toEqual([{ startDate: '2026-11-24', endDate: '2026-11-24' }]);
      // An in-person slot says where it takes place by its clinic's id; the clinics are listed once, in the request language.
      expect(direct.json().data.days[0].slots[0]).toEqual({ hour: '10:30', clinicId: 2 });
      expect(direct.json().data.days[2].slots[0]).toEqual({ hour: '08:00', clinicId: 1 });
      expect(direct.json().data.clinics).toEqual([
        { id: 2, name: 'Bệnh viện Chợ Rẫy', address: '201B Nguyễn Chí Thanh, Phường 12, Quận 5, TP. Hồ Chí Minh' },
        { id: 1, name: 'Bệnh viện Bạch Mai', address: '78 Giải Phóng, Phương Mai, Đống Đa, Hà Nội' },
      ]);
      const inEnglish = await send(
        app,
        'POST',
        `/api/user-freetime-in-month/${doctor.userId}`,
        { ...patient.auth, 'accept-language': 'en' },
        { month: 11, year: 2026 },
      );
      expect(inEnglish.json().data.clinics.map((clinic: { name: string }) => clinic.name)).toEqual([
        'Cho Ray Hospital',
        'Bach Mai Hospital',
      ]);

      const online = await send(app, 'POST', `/api/user-freetime-in-month-online/${doctor.userId}`, patient.auth, {
        month: 11,
        year: 2026,
      });
      expect(online.json().data.days).toEqual([
        {
          day: '2026-11-23',
          slots: [
            { hour: '19:00', clinicId: null },
            { hour: '19:30', clinicId: null },
          ],
        },
      ]);
      expect(online.json().data.clinics).toEqual([]);
    });

    it("honours the exam type's slot length when it is of the mode, else uses 30 minutes", async () => {
      const { app, database, doctor, patient } = await aDoctorAndPatient(context());
      await insertWorkTime(database.db, doctor.userId, { day: '2026-12-01', start: '08:00', end: '10:00' });
      const ask = (examTypeId: number) =>
        send(app, 'POST', `/api/user-freetime-in-month/${doctor.userId}`, patient.auth, { month: 12, year: 2026, examTypeId });
      // 3: specialist consultation, in person, 60 minutes.
      const specialist = await ask(3);
      expect(specialist.json().data.days[0].slots.map((slot: { hour: string }) => slot.hour)).toEqual(['08:00', '09:00']);
      // 4: an online consultation asked of the in-person calendar: the default length.
      const mismatched = await ask(4);
      expect(mismatched.json().data.days[0].slots).toHaveLength(4);
    });

    it('answers 404 for somebody who is not a bookable doctor', async () => {
      const patient = await createPatient(context());
      const response = await send(context().app, 'POST', `/api/user-freetime-in-month/${patient.userId}`, patient.auth, {
        month: 12,
        year: 2026,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    });
  });

  describe('hardening: long recurrences, dates that are not dates, years out of range', () => {
    const daily = (until: string) => ({ type: 'day', interval: 1, until });

    it('refuses a recurrence ending more than 2 years after its first day, saying so in the request language', async () => {
      const { app, doctor } = await aDoctor(context());
      const started = performance.now();
      for (const [start, end] of [
        ['08:00', '09:00'],
        ['09:00', '10:00'],
        ['10:00', '11:00'],
      ] as const) {
        const response = await send(
          app,
          'POST',
          '/api/user-time-doctor-online',
          { ...doctor.auth, ...en },
          { startsAt: at('2026-12-01', start), endsAt: at('2026-12-01', end), recurrence: daily('9999-12-31') },
        );
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('VALIDATION_FAILED');
        expect(response.json().details).toContainEqual({
          field: 'body.recurrence.until',
          code: 'custom',
          message: 'The last day can be at most 2 years after the first day.',
        });
      }
      // Generous: the three saves took 36 s before recurrences were bounded.
      expect(performance.now() - started).toBeLessThan(5000);
      const vietnamese = await send(app, 'POST', '/api/user-time-doctor-online', doctor.auth, {
        startsAt: at('2026-12-01', '08:00'),
        endsAt: at('2026-12-01', '09:00'),
        recurrence: daily('2028-12-02'),
      });
      expect(vietnamese.json().details[0].message).toMatch(/tối đa 2 năm/);
      const longest = await send(app, 'POST', '/api/user-time-doctor-online', doctor.auth, {
        startsAt: at('2026-12-01', '08:00'),
        endsAt: at('2026-12-01', '09:00'),
        recurrence: daily('2028-12-01'),
      });
      expect(longest.statusCode).toBe(201);
    });

    it('checks a new time against ones stored repeating daily to 9999-12-31 quickly, and reads far months of them', async () => {
      const { app, database, doctor, patient } = await aDoctorAndPatient(context());
      for (const [start, end] of [
        ['08:00', '09:00'],
        ['09:00', '10:00'],
      ] as const)
        await insertWorkTime(database.db, doctor.userId, {
          day: '2026-12-01',
          start,
          end,
          mode: 'online',
          recurrence: { type: 'day', interval: 1, until: '9999-12-31' },
        });
      const started = performance.now();
      const third = await send(app, 'POST', '/api/user-time-doctor-online', doctor.auth, {
        startsAt: at('2026-12-01', '10:00'),
        endsAt: at('2026-12-01', '11:00'),
        recurrence: daily('2028-12-01'),
      });
      expect(third.statusCode).toBe(201);
      const clash = await app.inject({
        method: 'POST',
        url: '/api/user-time-doctor',
        headers: doctor.auth,
        payload: workTimeBody('2028-06-07', '08:30', '09:30', {
          recurrence: { type: 'week', interval: 3, weekdays: [3], until: '2030-06-07' },
        }),
      });
      expect(clash.statusCode).toBe(409);
      expect(performance.now() - started).toBeLessThan(5000);

      const month = await send(app, 'GET', `/api/doctor-schedule/${doctor.userId}?month=12&year=2100`, doctor.auth);
      expect(month.statusCode).toBe(200);
      expect(month.json().data.days[30].occurrences).toHaveLength(2);
      const page = await send(
        app,
        'GET',
        `/api/doctor-schedule/page/${doctor.userId}?day=31&month=12&year=2100&page=0&size=10`,
        doctor.auth,
      );
      expect(page.json().data.total).toBe(2);
      const free = await send(app, 'POST', `/api/user-freetime-in-month-online/${doctor.userId}`, patient.auth, { month: 12, year: 2100 });
      expect(free.json().data.days).toHaveLength(31);
      const days = await send(app, 'POST', '/api/schedule-in-month/', patient.auth, {
        doctorId: doctor.userId,
        month: 12,
        year: 2100,
        mode: 'online',
      });
      expect(days.json().data.days).toHaveLength(31);
    });

    it('answers 400 with the field when startsAt or endsAt is not a date, with a recurrence', async () => {
      const { app, doctor } = await aDoctor(context());
      for (const [field, payload] of [
        ['body.startsAt', { ...workTimeBody('2026-12-01', '08:00', '09:00'), startsAt: 'not-a-date', recurrence: daily('2026-12-31') }],
        ['body.endsAt', { ...workTimeBody('2026-12-01', '08:00', '09:00'), endsAt: 'tomorrow', recurrence: daily('2026-12-31') }],
      ] as const) {
        const response = await app.inject({ method: 'POST', url: '/api/user-time-doctor', headers: { ...doctor.auth, ...en }, payload });
        expect(response.statusCode, field).toBe(400);
        expect(response.json().code).toBe('VALIDATION_FAILED');
        expect(response.json().details).toContainEqual(expect.objectContaining({ field, message: 'Please enter a valid time (HH:mm).' }));
      }
    });

    it('answers 400 with a message for days and years outside 2000–2100, never 500', async () => {
      const { app, doctor } = await aDoctor(context());
      const outOfRange = 'Please choose a date between 01/01/2000 and 31/12/2100.';
      const bodies = [
        ['/api/doctor-holidays', 'body.startDate', { startDate: '0000-01-01', endDate: '2026-12-24' }],
        ['/api/doctor-holidays', 'body.endDate', { startDate: '2026-12-24', endDate: '9999-12-31' }],
        ['/api/user-time-doctor', 'body.startsAt', workTimeBody('9999-12-31', '08:00', '09:00')],
        ['/api/user-time-doctor', 'body.startsAt', { ...workTimeBody('2026-12-01', '08:00', '09:00'), startsAt: '0000-01-01T01:00:00Z' }],
        [
          '/api/user-time-doctor',
          'body.recurrence.until',
          workTimeBody('2026-12-01', '08:00', '09:00', { recurrence: daily('0000-01-01') }),
        ],
      ] as const;
      for (const [url, field, payload] of bodies) {
        const response = await app.inject({ method: 'POST', url, headers: { ...doctor.auth, ...en }, payload });
        expect(response.statusCode, `${url} ${field}`).toBe(400);
        expect(response.json().details, `${url} ${field}`).toContainEqual(expect.objectContaining({ field, message: outOfRange }));
      }
      for (const year of [0, 9999]) {
        const response = await send(app, 'GET', `/api/doctor-schedule/${doctor.userId}?month=12&year=${year}`, { ...doctor.auth, ...en });
        expect(response.statusCode).toBe(400);
        expect(response.json().details).toContainEqual(
          expect.objectContaining({ field: 'querystring.year', message: 'Please choose a year between 2000 and 2100.' }),
        );
      }
    });
  });
});
