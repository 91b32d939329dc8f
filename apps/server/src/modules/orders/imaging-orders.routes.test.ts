import { IMAGING_SPECIALTY_ID, MRI_SCREENING_QUESTIONS } from '@rhc/domain';
import { and, asc, eq, gte, like, lt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPatient, orderAction as act, newDirectOrder } from '../../../test/booking-helpers.ts';
import { categoryBooking, fieldMessages, putOrder, sharedStaffSetup, TEST_CLINIC as CLINIC } from '../../../test/category-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { rowsOf } from '../../db/client.ts';
import { capacityResources, capacityTaken, orderImaging, orderPlaces, outboxMessages, userNotifications } from '../../db/schema/index.ts';

/** Chợ Rẫy (the tests' clinic) has 3 ultrasound rooms, 2 X-ray, 1 CT and 1 MRI (seed/capacity.ts). */
const ULTRASOUND_MACHINES = 3;

const ALL_NO = Object.fromEntries(MRI_SCREENING_QUESTIONS.map((question) => [question, false]));
const CONTRAST_NO = { kidney_disease: false, contrast_allergy: false, metformin: false };

/** An MRI of the head with contrast, every safety answer "no". */
function mriBody(testDay: string, testTime = '07:45', overrides: Record<string, unknown> = {}) {
  return {
    type: 'MRI',
    items: ['head'],
    workUnitId: CLINIC,
    testDay,
    testTime,
    render: ALL_NO,
    contrast: true,
    contrastAnswers: CONTRAST_NO,
    ...overrides,
  };
}

function ultrasoundBody(testDay: string, testTime = '08:20', overrides: Record<string, unknown> = {}) {
  return { type: 'ULTRASOUND', items: ['abdomen', 'thyroid'], workUnitId: CLINIC, testDay, testTime, ...overrides };
}

/** The clinic's imaging staff, told in English, one per database (the tests of a file share it). */
const setup = sharedStaffSetup(IMAGING_SPECIALTY_ID, { fullName: 'Phan Minh Khoa', language: 'en' });

const { book, booked, bookInTheNameOf, edit } = categoryBooking(
  (userId) => `/api/imageanalysation/${userId}`,
  (orderId) => `/api/imageanalysationedit/${orderId}`,
);

/** The machines of the clinic's places taken on `day` (Vietnam), per start: `HH:mm modality#machine`. */
async function takenOn(ctx: TestContext, day: string): Promise<string[]> {
  const from = new Date(`${day}T00:00:00+07:00`);
  const rows = await ctx.database.db
    .select({
      startsAt: capacityTaken.startsAt,
      taken: capacityTaken.taken,
      modality: capacityResources.modality,
      machine: capacityResources.machine,
    })
    .from(capacityTaken)
    .innerJoin(capacityResources, eq(capacityResources.id, capacityTaken.resourceId))
    .where(and(gte(capacityTaken.startsAt, from), lt(capacityTaken.startsAt, new Date(from.getTime() + 86_400_000))))
    .orderBy(asc(capacityTaken.startsAt), asc(capacityResources.machine));
  const hour = (at: Date) => new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(11, 16);
  return rows.filter((row) => row.taken > 0).map((row) => `${hour(row.startsAt)} ${row.modality}#${row.machine}`);
}

/**
 * Runs `call` while another booking holds the clinic's ultrasound machine 1 at `hour` without having committed: the
 * call's statement sees machine 1 free, waits for that row, and finds it taken once the other commits (PostgreSQL only).
 */
async function whileMachineOneIsTaken<T>(ctx: TestContext, day: string, hour: string, call: () => Promise<T>): Promise<T> {
  const db = ctx.database.db;
  const [first] = await db
    .select({ id: capacityResources.id })
    .from(capacityResources)
    .where(
      and(
        eq(capacityResources.kind, 'imaging'),
        eq(capacityResources.workUnitId, CLINIC),
        eq(capacityResources.modality, 'ULTRASOUND'),
        eq(capacityResources.machine, 1),
      ),
    );
  let inserted!: () => void;
  let release!: () => void;
  const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const other = db.transaction(async (tx) => {
    await tx
      .insert(capacityTaken)
      .values({ resourceId: first?.id ?? 0, startsAt: new Date(`${day}T${hour}:00+07:00`), places: 1, taken: 1 });
    inserted();
    await released;
  });
  await insertedYet;
  const answer = call();
  // Until the call's statement waits for the other's row.
  for (let waited = 0; waited < 100; waited += 1) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      ),
    );
    if ((row?.n ?? 0) > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  release();
  await other;
  return answer;
}

describeOnEachDatabase((context) => {
  describe('POST /api/imageanalysation/:userId', () => {
    it('books an MRI of the head with contrast on the clinic’s MRI, with its price and fasting, assigned to the imaging staff', async () => {
      const { app, ctx, staff, patient, day } = await setup(context, 2);
      const order = newDirectOrder(await book(app, patient, mriBody(day, '07:45', { note: 'Mang theo phim cũ' })), 'imaging', {
        doctor: { id: staff.userId, fullName: 'Phan Minh Khoa' },
        specialty: { id: IMAGING_SPECIALTY_ID, name: 'Diagnostic imaging' },
        workUnit: { id: CLINIC },
        checkDay: day,
        checkHour: '07:45',
        note: 'Mang theo phim cũ',
        service: 'MRI scan: Head and brain, with contrast',
        imaging: {
          type: 'MRI',
          items: ['head'],
          contrast: true,
          render: ALL_NO,
          contrastAnswers: CONTRAST_NO,
          review: [],
          needsReview: false,
          fasting: true,
          // One part at the MRI's price and its contrast surcharge.
          totalVnd: 2_500_000 + 1_000_000,
          endHour: '08:30',
        },
      });
      // An MRI holds its machine for 45 minutes.
      expect(Date.parse(order.endsAt) - Date.parse(order.startsAt)).toBe(45 * 60_000);
      expect(await takenOn(ctx, day)).toEqual(['07:45 MRI#1']);
      const [row] = await ctx.database.db.select().from(orderImaging).where(eq(orderImaging.orderId, order.id));
      expect(row).toMatchObject({ type: 'MRI', items: ['head'], contrast: true, review: [], totalVnd: 3_500_000 });
      // The tracking page names the scan in the reader's language.
      const tracked = await app.inject({
        method: 'GET',
        url: `/api/p/order/track-order/${order.secureCode}`,
        headers: { 'accept-language': 'vi' },
      });
      expect(tracked.json().data).toMatchObject({ category: 'imaging', service: 'Chụp MRI: Sọ não, có thuốc cản quang' });
      // The staff member sees it in their list, a plain booking: their notice is the ordinary one.
      const list = await app.inject({ method: 'GET', url: `/api/order/page/${staff.userId}?as=doctor`, headers: staff.auth });
      expect(list.json().data.items.find((item: { id: string }) => item.id === order.id)).toMatchObject({
        imaging: { needsReview: false },
      });
      const [notice] = await ctx.database.db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.dedupeKey, `order:${order.id}:doctor.booked:%`));
      expect(notice?.subject).toMatch(/^RHC: new imaging order .* on .* 07:45$/);
    });

    it('refuses a scan without an organ, and an organ the type cannot image (400)', async () => {
      const { app, patient, day } = await setup(context, 3);
      const none = await book(app, patient, ultrasoundBody(day, '08:20', { items: [] }));
      expect(none.statusCode).toBe(400);
      expect(fieldMessages(none)).toEqual({ 'body.items': 'Please choose at least one organ or body part.' });
      const headByUltrasound = await book(app, patient, ultrasoundBody(day, '08:20', { items: ['abdomen', 'head'] }));
      expect(headByUltrasound.statusCode).toBe(400);
      expect(fieldMessages(headByUltrasound)).toEqual({ 'body.items': 'This type of scan cannot image the organ or body part chosen.' });
      const kneeByXray = await book(app, patient, { ...ultrasoundBody(day, '08:20'), type: 'XRAY', items: ['thyroid'] });
      expect(fieldMessages(kneeByXray)).toHaveProperty(['body.items']);
    });

    it('refuses an MRI with a screening answer missing, and contrast without its answers (400 on each field)', async () => {
      const { app, patient, day } = await setup(context, 4);
      const { claustrophobia: _left, ...screening } = ALL_NO;
      const missing = await book(app, patient, mriBody(day, '07:00', { render: screening }));
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(fieldMessages(missing))).toEqual(['body.render.claustrophobia']);
      const unasked = await book(app, patient, mriBody(day, '07:00', { render: undefined, contrastAnswers: { metformin: false } }));
      expect(Object.keys(fieldMessages(unasked)).sort()).toEqual(
        [
          ...MRI_SCREENING_QUESTIONS.map((question) => `body.render.${question}`),
          'body.contrastAnswers.contrast_allergy',
          'body.contrastAnswers.kidney_disease',
        ].sort(),
      );
      // A CT asks no screening; without contrast it asks nothing.
      expect((await book(app, patient, { ...mriBody(day, '07:15'), type: 'CT', render: undefined, contrast: false })).statusCode).toBe(201);
    });

    it('books an MRI with a "yes" all the same, flagged for review: the answer lists it, the staff sees it and is told so', async () => {
      const { app, ctx, staff, patient, day } = await setup(context, 5);
      const response = await book(
        app,
        patient,
        mriBody(day, '08:30', { render: { ...ALL_NO, metal_implant: true }, contrastAnswers: { ...CONTRAST_NO, metformin: true } }),
      );
      expect(response.statusCode, response.body).toBe(201);
      const order = response.json().data;
      expect(order.imaging).toMatchObject({ review: ['screening.metal_implant', 'contrastQuestions.metformin'], needsReview: true });
      const seen = await app.inject({ method: 'GET', url: `/api/order/detail/${order.id}`, headers: staff.auth });
      expect(seen.json().data).toMatchObject({ status: 0, imaging: { needsReview: true, render: { metal_implant: true } } });
      // The staff's notice and bell say it needs review; the patient's confirmation mail says the staff will review it.
      const [notice] = await ctx.database.db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.dedupeKey, `order:${order.id}:doctor.booked:%`));
      expect(notice?.subject).toContain('needs review');
      expect(notice?.body).toContain('answered "yes" to a safety question');
      const bell = await ctx.database.db.select().from(userNotifications).where(eq(userNotifications.orderId, order.id));
      expect(bell.map((row) => row.event)).toEqual(['imaging-orders:inApp.review.doctor.booked']);
      const [mail] = await ctx.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, patient.email));
      expect(mail?.body).toContain('will review your booking before confirming it');
      // The staff confirms it after the review.
      expect((await act(app, staff, 'verify', order.id)).statusCode).toBe(200);
    });

    it('refuses contrast for a type not done with it (422 IMAGING_CONTRAST_NOT_OFFERED), a time that starts no slot, a clinic without imaging staff (422)', async () => {
      const { app, patient, day } = await setup(context, 6);
      const xray = await book(app, patient, { ...ultrasoundBody(day, '08:20'), type: 'XRAY', items: ['chest'], contrast: true });
      expect(xray.statusCode).toBe(422);
      expect(xray.json()).toMatchObject({ code: 'IMAGING_CONTRAST_NOT_OFFERED' });
      // 07:30 starts no 45-minute MRI slot (07:00, 07:45…); an ultrasound slot starts at 08:20, not 08:15.
      expect((await book(app, patient, mriBody(day, '07:30'))).json()).toMatchObject({ code: 'SLOT_UNAVAILABLE' });
      expect((await book(app, patient, ultrasoundBody(day, '08:15'))).statusCode).toBe(422);
      // Clinic 5 has ultrasound rooms but no imaging staff; clinic 6 has no MRI.
      expect((await book(app, patient, ultrasoundBody(day, '08:20', { workUnitId: 5 }))).json()).toMatchObject({
        code: 'SLOT_UNAVAILABLE',
      });
      expect((await book(app, patient, mriBody(day, '07:45', { workUnitId: 6 }))).json()).toMatchObject({ code: 'SLOT_UNAVAILABLE' });
    });

    it('takes the clinic’s machines one by one, lets exactly the free ones succeed when 50 book the last at once, and a cancellation frees one', async () => {
      const { app, ctx, patient, day } = await setup(context, 7);
      const first = await booked(app, patient, ultrasoundBody(day, '09:00'));
      expect(await takenOn(ctx, day)).toEqual(['09:00 ULTRASOUND#1']);
      const responses = await Promise.all(Array.from({ length: 50 }, () => book(app, patient, ultrasoundBody(day, '09:00'))));
      const codes = responses.map((response) => response.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(ULTRASOUND_MACHINES - 1);
      expect(codes.filter((code) => code === 409)).toHaveLength(50 - (ULTRASOUND_MACHINES - 1));
      expect(responses.find((response) => response.statusCode === 409)?.json()).toMatchObject({ code: 'SLOT_TAKEN' });
      expect(await takenOn(ctx, day)).toEqual(['09:00 ULTRASOUND#1', '09:00 ULTRASOUND#2', '09:00 ULTRASOUND#3']);
      const held = await ctx.database.db
        .select()
        .from(orderPlaces)
        .where(eq(orderPlaces.startsAt, new Date(`${day}T09:00:00+07:00`)));
      expect(new Set(held.map((row) => row.resourceId)).size).toBe(ULTRASOUND_MACHINES);

      // The patient cancels the first; its machine is free again (once), and the next booking takes it.
      expect((await act(app, patient, 'cancel', first.id)).statusCode).toBe(200);
      expect((await act(app, patient, 'cancel', first.id)).statusCode).toBe(409);
      expect(await takenOn(ctx, day)).toEqual(['09:00 ULTRASOUND#2', '09:00 ULTRASOUND#3']);
      expect((await book(app, patient, ultrasoundBody(day, '09:00'))).statusCode).toBe(201);
      expect((await book(app, patient, ultrasoundBody(day, '09:00'))).json()).toMatchObject({ code: 'SLOT_TAKEN' });
    });

    it('takes the next machine when the one it saw free is taken by another booking meanwhile (PostgreSQL)', async ({ skip }) => {
      const { app, ctx, patient, day } = await setup(context, 12);
      // PGlite has one connection: nothing runs beside a statement, so no booking ever loses a machine there.
      if (ctx.database.driver !== 'postgres') skip();
      const response = await whileMachineOneIsTaken(ctx, day, '10:00', () => book(app, patient, ultrasoundBody(day, '10:00')));
      // Its next statement saw machine 1 taken and took machine 2.
      expect(response.statusCode, response.body).toBe(201);
      expect(await takenOn(ctx, day)).toEqual(['10:00 ULTRASOUND#1', '10:00 ULTRASOUND#2']);
      // An edit's move does the same, in a savepoint of its transaction.
      const moved = await whileMachineOneIsTaken(ctx, day, '10:20', () =>
        edit(app, patient, response.json().data.id, ultrasoundBody(day, '10:20')),
      );
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await takenOn(ctx, day)).toEqual(['10:00 ULTRASOUND#1', '10:20 ULTRASOUND#1', '10:20 ULTRASOUND#2']);
    });

    it('answers 404 for another person’s imaging order, and to a stranger who books in someone else’s name', async () => {
      const { app, ctx, patient, day } = await setup(context, 8);
      const order = await booked(app, patient, ultrasoundBody(day, '10:00'));
      const stranger = await createPatient(ctx);
      expect((await app.inject({ method: 'GET', url: `/api/order/detail/${order.id}`, headers: stranger.auth })).statusCode).toBe(404);
      expect((await act(app, stranger, 'cancel', order.id)).statusCode).toBe(404);
      expect((await edit(app, stranger, order.id, ultrasoundBody(day, '10:20'))).statusCode).toBe(404);
      const inTheirName = await bookInTheNameOf(app, stranger, patient.userId, ultrasoundBody(day, '10:20'));
      expect(inTheirName.statusCode).toBe(404);
    });
  });

  describe('PUT /api/imageanalysationedit/:id', () => {
    it('moves the scan to another slot and frees the old one; the staff may move the time only; a full slot answers 409', async () => {
      const { app, ctx, staff, patient, day } = await setup(context, 9);
      const order = await booked(app, patient, mriBody(day, '07:00'));
      const moved = await edit(app, patient, order.id, mriBody(day, '09:15', { items: ['head', 'cervical_spine'] }));
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().data).toMatchObject({
        checkHour: '09:15',
        imaging: { items: ['head', 'cervical_spine'], totalVnd: 2 * 3_500_000, endHour: '10:00' },
      });
      expect(await takenOn(ctx, day)).toEqual(['09:15 MRI#1']);
      // The clinic's one MRI taken at 10:00 by someone else: moving there is refused and changes nothing.
      const other = await createPatient(ctx);
      await booked(app, other, mriBody(day, '10:00'));
      const refused = await edit(app, patient, order.id, mriBody(day, '10:00'));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'SLOT_TAKEN' });
      expect(await takenOn(ctx, day)).toEqual(['09:15 MRI#1', '10:00 MRI#1']);
      // The staff moves the time (its answers, parts and price as they are); changing the scan is the patient's.
      const byStaff = await edit(app, staff, order.id, mriBody(day, '13:30', { items: ['head', 'cervical_spine'] }));
      expect(byStaff.statusCode, byStaff.body).toBe(200);
      expect(await takenOn(ctx, day)).toEqual(['10:00 MRI#1', '13:30 MRI#1']);
      expect((await edit(app, staff, order.id, mriBody(day, '13:30'))).statusCode).toBe(403);
    });

    it('sends a confirmed order back to review when the patient’s edit adds a "yes", and tells the staff as at booking', async () => {
      const { app, ctx, staff, patient, day } = await setup(context, 13);
      const order = await booked(app, patient, mriBody(day, '07:45'));
      expect((await act(app, staff, 'verify', order.id)).statusCode).toBe(200);
      const staffNotices = () =>
        ctx.database.db
          .select()
          .from(outboxMessages)
          .where(and(like(outboxMessages.dedupeKey, `order:${order.id}:doctor.moved:%`), eq(outboxMessages.channel, 'email')));

      // The same slot, now with a metal implant and metformin: unconfirmed again, listed for review, the staff told.
      const changed = await edit(
        app,
        patient,
        order.id,
        mriBody(day, '07:45', { render: { ...ALL_NO, metal_implant: true }, contrastAnswers: { ...CONTRAST_NO, metformin: true } }),
      );
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().data).toMatchObject({
        status: 0,
        checkHour: '07:45',
        imaging: { review: ['screening.metal_implant', 'contrastQuestions.metformin'], needsReview: true },
      });
      const [notice, ...more] = await staffNotices();
      expect(more).toHaveLength(0);
      expect(notice?.recipient).toBe(staff.email);
      expect(notice?.subject).toContain('needs review');
      expect(notice?.body).toContain('answered "yes" to a safety question');
      const bell = await ctx.database.db
        .select()
        .from(userNotifications)
        .where(and(eq(userNotifications.orderId, order.id), eq(userNotifications.userId, staff.userId)));
      expect(bell.map((row) => row.event)).toContain('imaging-orders:inApp.review.doctor.moved');
      expect((await takenOn(ctx, day)).filter((taken) => taken.startsWith('07:45'))).toEqual(['07:45 MRI#1']);

      // Confirmed again after the review: the same answers sent again, or a "yes" taken back, ask for no new review.
      expect((await act(app, staff, 'verify', order.id)).statusCode).toBe(200);
      const same = await edit(
        app,
        patient,
        order.id,
        mriBody(day, '07:45', { render: { ...ALL_NO, metal_implant: true }, contrastAnswers: { ...CONTRAST_NO, metformin: true } }),
      );
      expect(same.json().data).toMatchObject({ status: 3 });
      const fewer = await edit(app, patient, order.id, mriBody(day, '07:45', { render: { ...ALL_NO, metal_implant: true } }));
      expect(fewer.json().data).toMatchObject({ status: 3, imaging: { review: ['screening.metal_implant'] } });
      expect(await staffNotices()).toHaveLength(1);
    });

    it('changes an imaging order by its own call only: the lab’s edit of it is refused (403)', async () => {
      const { app, patient, day } = await setup(context, 10);
      const order = await booked(app, patient, ultrasoundBody(day, '10:40'));
      const asLab = await putOrder(app, patient, `/api/diagnostictestedit/${order.id}`, {
        atHome: false,
        workUnitId: CLINIC,
        requestTestItems: ['hba1c'],
        testDay: day,
        testTime: '07:30',
      });
      expect(asLab.statusCode).toBe(403);
    });
  });

  describe('GET /api/imageanalysation/free-times', () => {
    it('counts the free machines of each slot of the type, and names the clinics that have one', async () => {
      const { app, patient, day } = await setup(context, 11);
      await booked(app, patient, ultrasoundBody(day, '07:20'));
      await booked(app, patient, ultrasoundBody(day, '07:20'));
      const response = await app.inject({
        method: 'GET',
        url: `/api/imageanalysation/free-times?workUnitId=${CLINIC}&type=ULTRASOUND&day=${day}`,
        headers: { ...patient.auth, 'accept-language': 'vi' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().data;
      expect(data.workUnit).toMatchObject({ id: CLINIC, name: 'Bệnh viện Chợ Rẫy' });
      expect(data.machines).toBe(ULTRASOUND_MACHINES);
      expect(data.times.slice(0, 3)).toEqual([
        { start: '07:00', end: '07:20', free: 3 },
        { start: '07:20', end: '07:40', free: 1 },
        { start: '07:40', end: '08:00', free: 3 },
      ]);
      expect(data.workUnits.map((unit: { id: number }) => unit.id)).toEqual([1, 2, 3, 4, 5, 6]);
      const mri = await app.inject({
        method: 'GET',
        url: `/api/imageanalysation/free-times?workUnitId=5&type=MRI&day=${day}`,
        headers: patient.auth,
      });
      expect(mri.json().data).toMatchObject({ workUnit: null, machines: 0 });
      expect(mri.json().data.workUnits.map((unit: { id: number }) => unit.id)).toEqual([1, 2, 3, 4]);
      expect(mri.json().data.times.every((time: { free: number }) => time.free === 0)).toBe(true);
    });
  });
});
