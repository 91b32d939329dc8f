import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDoctor, createPatient, insertWorkTime } from '../../../test/booking-helpers.ts';
import { describeOnEachDatabase } from '../../../test/test-app.ts';
import { send } from '../../../test/http-helpers.ts';

describeOnEachDatabase((context) => {
  describe('GET /api/specialties', () => {
    it('names the specialties in the request language, Vietnamese by default', async () => {
      const { app } = context();
      const patient = await createPatient(context());
      const vi = await app.inject({ method: 'GET', url: '/api/specialties', headers: patient.auth });
      expect(vi.statusCode).toBe(200);
      expect(vi.json().data).toContainEqual({ id: 4, code: 'cardiology', name: 'Tim mạch' });
      const en = await app.inject({ method: 'GET', url: '/api/specialties', headers: { ...patient.auth, 'accept-language': 'en' } });
      expect(en.json().data).toContainEqual({ id: 4, code: 'cardiology', name: 'Cardiology' });
      const zh = await app.inject({ method: 'GET', url: '/api/specialties', headers: { ...patient.auth, 'accept-language': 'zh' } });
      expect(zh.json().data).toContainEqual({ id: 4, code: 'cardiology', name: '心血管科' });
    });

    it('answers 401 without a login', async () => {
      const response = await context().app.inject({ method: 'GET', url: '/api/specialties' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('GET /api/exam-types', () => {
    it('lists the examination kinds with their slot length, filtered by mode', async () => {
      const { app } = context();
      const patient = await createPatient(context());
      const all = await app.inject({ method: 'GET', url: '/api/exam-types', headers: { ...patient.auth, 'accept-language': 'en' } });
      expect(all.json().data).toContainEqual({
        id: 3,
        code: 'specialist',
        name: 'Specialist consultation on request',
        mode: 'direct',
        slotMinutes: 60,
      });
      const online = await app.inject({ method: 'GET', url: '/api/exam-types?mode=online', headers: patient.auth });
      const modes = (online.json().data as { mode: string }[]).map((examType) => examType.mode);
      expect(modes.length).toBeGreaterThan(0);
      expect(new Set(modes)).toEqual(new Set(['online']));
    });

    it('answers 400 for an unknown mode', async () => {
      const patient = await createPatient(context());
      const response = await context().app.inject({ method: 'GET', url: '/api/exam-types?mode=phone', headers: patient.auth });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('GET /api/doctors', () => {
    it('lists only verified doctors, with their specialties and known clinic in the request language', async () => {
      const { app } = context();
      const verified = await createDoctor(context(), { fullName: 'Đặng Thu Hà', specialtyIds: [7, 4] });
      const unverified = await createDoctor(context(), { fullName: 'Vũ Văn Bình', verified: false, specialtyIds: [7] });
      const patient = await createPatient(context());
      const response = await send(app, 'GET', '/api/doctors?specialtyId=7', { ...patient.auth, 'accept-language': 'en' });
      expect(response.statusCode).toBe(200);
      const ids = (response.json().data as { id: string }[]).map((doctor) => doctor.id);
      expect(ids).toContain(verified.userId);
      expect(ids).not.toContain(unverified.userId);
      const card = (response.json().data as { id: string }[]).find((doctor) => doctor.id === verified.userId);
      expect(card).toEqual({
        id: verified.userId,
        fullName: 'Đặng Thu Hà',
        degree: 'specialist_1',
        urlImage: null,
        // The doctor typed the clinic's Vietnamese name: an English reader sees its English one.
        workPlace: 'Cho Ray Hospital',
        specialties: [
          { id: 4, name: 'Cardiology' },
          { id: 7, name: 'Ophthalmology' },
        ],
      });
    });

    it('shows a work place that names no known clinic as the doctor typed it', async () => {
      const { app, database } = context();
      const doctor = await createDoctor(context(), { specialtyIds: [11] });
      await database.db.execute(sql`update doctor_profiles set work_place = 'Phòng khám tư Hòa Bình' where user_id = ${doctor.userId}`);
      const patient = await createPatient(context());
      const response = await send(app, 'GET', '/api/doctors?specialtyId=11', { ...patient.auth, 'accept-language': 'zh' });
      const card = (response.json().data as { id: string; workPlace: string }[]).find((row) => row.id === doctor.userId);
      expect(card?.workPlace).toBe('Phòng khám tư Hòa Bình');
    });

    it('keeps, for a mode, only doctors with a working time of that mode', async () => {
      const { app, database } = context();
      const online = await createDoctor(context(), { specialtyIds: [9] });
      const direct = await createDoctor(context(), { specialtyIds: [9] });
      await insertWorkTime(database.db, online.userId, { day: '2026-12-01', start: '19:00', end: '21:00', mode: 'online' });
      await insertWorkTime(database.db, direct.userId, { day: '2026-12-01', start: '08:00', end: '11:30', mode: 'direct' });
      const patient = await createPatient(context());
      const response = await app.inject({ method: 'GET', url: '/api/doctors?specialtyId=9&mode=online', headers: patient.auth });
      expect((response.json().data as { id: string }[]).map((doctor) => doctor.id)).toEqual([online.userId]);
    });
  });

  describe('GET /api/exam-time and /api/exam-time/image-analysation', () => {
    it('answers the hour grids as Vietnam wall-clock HH:mm', async () => {
      const { app } = context();
      const patient = await createPatient(context());
      const exam = await app.inject({ method: 'GET', url: '/api/exam-time', headers: patient.auth });
      expect(exam.json().data[0]).toEqual({ id: 1, start: '07:00', end: '07:30' });
      expect(exam.json().data).toHaveLength(20);
      const imaging = await app.inject({ method: 'GET', url: '/api/exam-time/image-analysation', headers: patient.auth });
      expect(imaging.json().data[0]).toEqual({ id: 101, start: '07:00', end: '08:00' });
      expect(imaging.json().data.at(-1)).toEqual({ id: 109, start: '15:00', end: '16:00' });
    });
  });
});
