import { randomUUID } from 'node:crypto';
import { IMAGING_SPECIALTY_ID, isoWeekday, LAB_SPECIALTY_ID, VACCINATION_SPECIALTY_ID, vietnamDay } from '@rhc/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { latestCode, logIn, sendSmsCode, signupBody, signUp, uniquePerson, verifiedSignupCode } from './accounts-helpers.ts';
import { createDoctor, createPatient, insertWorkTime } from './booking-helpers.ts';
import { describeOnEachDatabase, type TestContext } from './test-app.ts';
import { send } from './http-helpers.ts';

/** Everything the app logs, at the most talkative level, as production would write it (JSON lines). */
const captured: string[] = [];
const stream = { write: (line: string) => void captured.push(line) };

/** The next Monday–Friday after the test clock's Vietnam day. */
function nextWeekday(now: Date): string {
  let day = vietnamDay(now);
  do day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  while (isoWeekday(day) > 5);
  return day;
}

/** Makes the next insert into `table` fail inside PostgreSQL, quoting the row's values in the error's detail. */
async function failInsertsInto(context: TestContext, table: string, quoted: string): Promise<() => Promise<void>> {
  const db = context.database.db;
  await db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION log_hygiene_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'forced failure' USING DETAIL = 'Key (value)=(' || ${quoted} || ') is refused.'; END $$`),
  );
  await db.execute(sql.raw(`CREATE TRIGGER log_hygiene_fail BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION log_hygiene_fail()`));
  return async () => {
    await db.execute(sql.raw(`DROP TRIGGER log_hygiene_fail ON ${table}`));
  };
}

function book(app: FastifyInstance, person: { userId: string; auth: Record<string, string> }, body: object) {
  return send(app, 'POST', `/api/order/${person.userId}`, { ...person.auth, 'idempotency-key': randomUUID() }, body);
}

describeOnEachDatabase(
  (context) => {
    describe('the log (finding 2 of "Hardening what exists")', () => {
      it('holds no phone, e-mail, name, address, reason, password, hash, code, token or tracking code that was sent or made', async () => {
        const ctx = context();
        const { app } = ctx;
        captured.length = 0;
        const secrets = new Set<string>();
        const keep = (...values: (string | undefined | null)[]) => values.forEach((value) => value && secrets.add(value));

        // Sign-up, with the code from the outbox, and login, right and wrong.
        const patient = await createPatient(ctx, { address: '17 Hẻm Bí Mật, Phường Bến Nghé', jobNote: 'Thợ may áo dài' });
        keep(patient.phone, patient.email, patient.password, patient.accessToken, patient.refreshToken);
        keep('17 Hẻm Bí Mật', 'Thợ may áo dài', 'Phạm Thị Hồng', '1990-05-20');
        const [row] = await ctx.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, patient.userId));
        keep(row?.hash);
        expect(
          (await app.inject({ method: 'POST', url: '/api/login', payload: { phone: patient.phone, password: 'saiMatKhau9' } })).statusCode,
        ).toBe(401);
        keep('saiMatKhau9');
        const stranger = uniquePerson();
        await app.inject({ method: 'POST', url: '/api/login', payload: { phone: stranger.phone, password: 'matkhau123' } });
        keep(stranger.phone);
        const { verificationId } = await sendSmsCode(app, stranger.phone);
        keep(await latestCode(app, stranger.phone), verificationId);

        // The look-ups by phone and e-mail, in the path and in the query string.
        await app.inject({ method: 'GET', url: `/api/user-phone/${patient.phone}` });
        await app.inject({ method: 'GET', url: `/api/check-email-exists/${encodeURIComponent(patient.email)}` });
        await app.inject({ method: 'GET', url: `/api/check-email-exists/${patient.email}` });
        await app.inject({
          method: 'GET',
          url: `/api/check-email-phone-match?email=${encodeURIComponent(patient.email)}&phone=${patient.phone}`,
        });

        // Bookings: for a relative, a note, a cancellation with a reason, the public tracking.
        const doctor = await createDoctor(ctx, { specialtyIds: [1], fullName: 'Võ Thành Tâm' });
        keep(doctor.phone, doctor.email, doctor.accessToken, 'Võ Thành Tâm');
        const day = nextWeekday(ctx.clock.now());
        await insertWorkTime(ctx.database.db, doctor.userId, { day, start: '08:00', end: '11:30', workUnitId: 2 });
        const relative = {
          fullName: 'Đặng Văn Khoa',
          phone: '0933111222',
          dateOfBirth: '2012-01-09',
          gender: 'male',
          email: 'khoa.dang.rieng@example.vn',
          address: '88 Đường Bí Mật, Quận 3',
        };
        keep(relative.fullName, relative.phone, relative.email, relative.address);
        const exam = {
          mode: 'direct',
          specialtyId: 1,
          examTypeId: 1,
          doctorId: doctor.userId,
          checkDay: day,
          reasonForExamination: 'Ho ra máu kéo dài',
        };
        keep(exam.reasonForExamination);
        const booked = await book(app, patient, { ...exam, checkHour: '09:00', isFamily: true, infomation: relative });
        expect(booked.statusCode, booked.body).toBe(201);
        const order = booked.json().data as { id: string; secureCode: string };
        keep(order.secureCode);
        await send(app, 'PUT', `/api/order/${order.id}/note`, { ...patient.auth, 'content-type': 'text/plain' }, 'Dị ứng penicillin');
        keep('Dị ứng penicillin');
        expect((await app.inject({ method: 'GET', url: `/api/p/order/track-order/${order.secureCode}` })).statusCode).toBe(200);
        await app.inject({ method: 'GET', url: `/api/p/order/track-order/${order.secureCode}?lang=vi&code=${order.secureCode}` });
        await send(app, 'PATCH', `/api/order/cancel/${doctor.userId}/${order.id}`, doctor.auth, { reason: 'Bác sĩ bận việc gia đình' });
        keep('Bác sĩ bận việc gia đình');

        // Database errors: a sign-up and a booking whose statements fail, the failure quoting the values.
        const failingPerson = uniquePerson();
        keep(failingPerson.phone, failingPerson.email);
        const failingCode = await verifiedSignupCode(app, failingPerson.phone);
        let restore = await failInsertsInto(ctx, 'users', `NEW.phone || ' ' || NEW.email`);
        const failedSignup = await app.inject({
          method: 'POST',
          url: '/api/signup',
          payload: signupBody(failingPerson.phone, failingPerson.email, failingCode, {
            address: '5 Ngõ Lỗi Riêng',
            password: 'BiMat2026x',
            rePassword: 'BiMat2026x',
          }),
        });
        await restore();
        expect(failedSignup.statusCode).toBe(500);
        keep('5 Ngõ Lỗi Riêng', 'BiMat2026x');

        restore = await failInsertsInto(ctx, 'outbox_messages', `NEW.recipient`);
        const failedBooking = await book(app, patient, { ...exam, checkHour: '10:00', reasonForExamination: 'Sụt cân không rõ lý do' });
        await restore();
        expect(failedBooking.statusCode).toBe(500);
        keep('Sụt cân không rõ lý do');

        // A NUL character: before the fix it reached PostgreSQL and failed with the whole row in the error.
        await book(app, patient, { ...exam, checkHour: '10:30', reasonForExamination: 'Đau\u0000 bụng âm ỉ' });
        keep('bụng âm ỉ');

        // Vaccinations (issue 50): a dose with its place and note, one that fails inside the database quoting its row, and
        // the record read with its statuses.
        const dose = { vaccineId: 'hepatitis_b', givenOn: '2020-04-02', place: 'Phòng tiêm Hẻm Kín', note: 'Sốt nhẹ sau tiêm' };
        expect((await send(app, 'POST', `/api/vaccine-history/${patient.userId}`, patient.auth, dose)).statusCode).toBe(201);
        restore = await failInsertsInto(ctx, 'vaccination_history', `NEW.place || NEW.note`);
        const failedDose = await send(app, 'POST', `/api/vaccine-history/${patient.userId}`, patient.auth, {
          ...dose,
          place: 'Trạm Tiêm Riêng Tư',
          note: 'Phản ứng dị ứng',
        });
        await restore();
        expect(failedDose.statusCode).toBe(500);
        expect((await send(app, 'GET', `/api/vaccines/${patient.userId}?schedule=CDC-2025`, patient.auth)).statusCode).toBe(200);
        keep('Phòng tiêm Hẻm Kín', 'Sốt nhẹ sau tiêm', 'Trạm Tiêm Riêng Tư', 'Phản ứng dị ứng', '2020-04-02');

        // Vaccine orders (decision 043): a dose booked for a relative with a note, and one whose vaccine row fails inside the
        // database quoting the vaccine and the dose.
        const vaccinator = await createDoctor(ctx, { specialtyIds: [VACCINATION_SPECIALTY_ID], fullName: 'Lý Thu Trang' });
        keep(vaccinator.phone, vaccinator.email, vaccinator.accessToken, 'Lý Thu Trang');
        await insertWorkTime(ctx.database.db, vaccinator.userId, { day, start: '08:00', end: '11:30', workUnitId: 2 });
        const vaccination = {
          vaccineId: 'japanese_encephalitis',
          vaccineDoseId: 'japanese_encephalitis.2',
          doctorId: vaccinator.userId,
          checkDay: day,
          checkHour: '09:00',
          note: 'Bé từng sốt cao sau mũi 1',
          isFamily: true,
          infomation: relative,
        };
        const vaccineOrder = (body: object) =>
          send(app, 'POST', `/api/vaccine-order/${patient.userId}`, { ...patient.auth, 'idempotency-key': randomUUID() }, body);
        const bookedDose = await vaccineOrder(vaccination);
        expect(bookedDose.statusCode, bookedDose.body).toBe(201);
        restore = await failInsertsInto(ctx, 'order_vaccines', `NEW.vaccine_dose_id || ' ' || NEW.vaccine_id`);
        const failedVaccination = await vaccineOrder({ ...vaccination, checkHour: '09:30', note: 'Dị ứng trứng gà' });
        await restore();
        expect(failedVaccination.statusCode).toBe(500);
        keep('Bé từng sốt cao sau mũi 1', 'Dị ứng trứng gà', 'japanese_encephalitis');

        // Lab orders (decision 044): tests at home with the address, phone and a note, and one whose lab row fails inside
        // the database quoting the address and the tests.
        const labStaff = await createDoctor(ctx, { specialtyIds: [LAB_SPECIALTY_ID], fullName: 'Mai Thanh Xuân' });
        keep(labStaff.phone, labStaff.email, labStaff.accessToken, 'Mai Thanh Xuân');
        await insertWorkTime(ctx.database.db, labStaff.userId, { day, start: '07:00', end: '11:00', workUnitId: 2 });
        const labOrder = {
          atHome: true,
          district: 'hcm-q5',
          orderAdress: '9 Hẻm Bí Mật, Quận 5',
          orderPhone: '0987 654 321',
          requestTestItems: ['hiv_combo', 'anti_hcv'],
          testDay: day,
          testTime: '06:00',
          note: 'Sợ kim tiêm, hay ngất',
        };
        const labBooking = (body: object) =>
          send(app, 'POST', `/api/diagnostictest/${patient.userId}`, { ...patient.auth, 'idempotency-key': randomUUID() }, body);
        const bookedLab = await labBooking(labOrder);
        expect(bookedLab.statusCode, bookedLab.body).toBe(201);
        restore = await failInsertsInto(ctx, 'order_lab', `NEW.address || ' ' || array_to_string(NEW.test_ids, ',')`);
        const failedLab = await labBooking({ ...labOrder, testTime: '08:00', orderAdress: '17 Ngách Kín Đáo' });
        await restore();
        expect(failedLab.statusCode).toBe(500);
        keep('9 Hẻm Bí Mật', '17 Ngách Kín Đáo', '0987654321', 'Sợ kim tiêm, hay ngất', 'hiv_combo');

        // Imaging orders (decision 045): an MRI whose safety answers say a pacemaker, with a note, and one whose imaging
        // row fails inside the database quoting its parts and answers.
        const imagingStaff = await createDoctor(ctx, { specialtyIds: [IMAGING_SPECIALTY_ID], fullName: 'Đinh Quốc Bảo' });
        keep(imagingStaff.phone, imagingStaff.email, imagingStaff.accessToken, 'Đinh Quốc Bảo');
        await insertWorkTime(ctx.database.db, imagingStaff.userId, { day, start: '07:00', end: '11:00', workUnitId: 2 });
        const screening = { pacemaker: true, metal_implant: false, metal_fragments: false, cochlear_implant: false, pregnancy: false };
        const mri = {
          type: 'MRI',
          items: ['lumbar_spine'],
          workUnitId: 2,
          testDay: day,
          testTime: '07:00',
          render: { ...screening, claustrophobia: true },
          note: 'Máy tạo nhịp đặt năm 2019',
        };
        const imagingBooking = (body: object) =>
          send(app, 'POST', `/api/imageanalysation/${patient.userId}`, { ...patient.auth, 'idempotency-key': randomUUID() }, body);
        const bookedMri = await imagingBooking(mri);
        expect(bookedMri.statusCode, bookedMri.body).toBe(201);
        restore = await failInsertsInto(ctx, 'order_imaging', `array_to_string(NEW.items, ',') || ' ' || NEW.screening::text`);
        const failedMri = await imagingBooking({ ...mri, testTime: '07:45', note: 'Van tim nhân tạo' });
        await restore();
        expect(failedMri.statusCode).toBe(500);
        keep('Máy tạo nhịp đặt năm 2019', 'Van tim nhân tạo', 'lumbar_spine', 'pacemaker', 'claustrophobia');

        const log = captured.join('');
        for (const secret of secrets) {
          expect(log, secret).not.toContain(secret);
          expect(log, secret).not.toContain(encodeURIComponent(secret));
          expect(log, secret).not.toContain(JSON.stringify(secret).slice(1, -1));
        }
        // The log did record the requests and the failures, by route and by code.
        expect(log).toContain('/api/user-phone/:phone');
        expect(log).toContain('"code":"P0001"');
      });

      it('logs a request by its route pattern and its query string by its keys', async () => {
        const { app } = context();
        captured.length = 0;
        await app.inject({ method: 'GET', url: '/api/dev/outbox?to=0909888777' });
        await app.inject({ method: 'GET', url: '/api/khong-co/0909888777/a@b.vn' });
        const log = captured.join('');
        expect(log).toContain('"url":"/api/dev/outbox?to=*"');
        expect(log).toContain('"url":"/api/khong-co/:redacted/:redacted"');
        expect(log).not.toContain('0909888777');
      });
    });

    // The forced failures leave nothing behind: the triggers are gone and sign-up and login work.
    it('leaves the app working', async () => {
      const person = await signUp(context().app);
      expect((await logIn(context().app, person.phone, person.password)).accessToken).toBeTruthy();
    });
  },
  { deps: { logger: { level: 'trace', stream } } },
);
