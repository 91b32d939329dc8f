import { randomUUID } from 'node:crypto';
import { LAB_SPECIALTY_ID } from '@rhc/domain';
import { and, eq, gte, lt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPatient, orderAction as act, weekdayAfter, newDirectOrder } from '../../../test/booking-helpers.ts';
import { categoryBooking, fieldMessages, putOrder, sharedStaffSetup, TEST_CLINIC as CLINIC } from '../../../test/category-helpers.ts';
import { insertManagedProfile } from '../../../test/relatives-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { capacityResources, capacityTaken, orderLab, orderPlaces, orders as ordersTable } from '../../db/schema/index.ts';

/** Chợ Rẫy's home team for hcm-q5 (seed/capacity.ts). */
const DISTRICT = 'hcm-q5';

function clinicBody(testDay: string, testTime = '07:30', overrides: Record<string, unknown> = {}) {
  return { atHome: false, workUnitId: CLINIC, requestTestItems: ['hba1c'], testDay, testTime, ...overrides };
}

function homeBody(testDay: string, testTime = '06:00', overrides: Record<string, unknown> = {}) {
  return {
    atHome: true,
    district: DISTRICT,
    orderAdress: '12 Trần Hưng Đạo, Phường 7, Quận 5',
    orderPhone: '0903 123 456',
    packageTestItems: ['general_checkup'],
    requestTestItems: ['hba1c', 'cbc'],
    testDay,
    testTime,
    ...overrides,
  };
}

/** The clinic's lab staff, one per database (the tests of a file share it): the booking assigns the first one. */
const setup = sharedStaffSetup(LAB_SPECIALTY_ID, { fullName: 'Lý Thị Thu' });

const { book, booked, bookInTheNameOf, edit } = categoryBooking(
  (userId) => `/api/diagnostictest/${userId}`,
  (orderId) => `/api/diagnostictestedit/${orderId}`,
);

/** Sets the places of a seeded resource (a smaller room makes the last place easy to reach). */
async function setPlaces(ctx: TestContext, kind: 'lab_home' | 'lab_clinic', places: number) {
  await ctx.database.db
    .update(capacityResources)
    .set({ places })
    .where(
      and(
        eq(capacityResources.kind, kind),
        eq(capacityResources.workUnitId, CLINIC),
        eq(capacityResources.district, kind === 'lab_home' ? DISTRICT : ''),
      ),
    );
}

/** The places taken on `day` (Vietnam), per start. */
async function takenCounts(ctx: TestContext, day: string): Promise<number[]> {
  const from = new Date(`${day}T00:00:00+07:00`);
  const rows = await ctx.database.db
    .select({ taken: capacityTaken.taken })
    .from(capacityTaken)
    .where(and(gte(capacityTaken.startsAt, from), lt(capacityTaken.startsAt, new Date(from.getTime() + 86_400_000))))
    .orderBy(capacityTaken.startsAt);
  return rows.map((row) => row.taken);
}

describeOnEachDatabase((context) => {
  describe('POST /api/diagnostictest/:userId', () => {
    it('books a package and tests at home, with the price, fasting and preparation, assigned to the clinic’s lab staff', async () => {
      const { app, ctx, staff, patient, day } = await setup(context, 2);
      const order = newDirectOrder(await book(app, patient, homeBody(day, '06:00', { note: 'Gọi trước 15 phút' })), 'lab', {
        profileId: patient.userId,
        doctor: { id: staff.userId, fullName: 'Lý Thị Thu' },
        specialty: { id: LAB_SPECIALTY_ID, name: 'Laboratory' },
        examType: null,
        workUnit: { id: CLINIC },
        startsAt: `${previousDay(day)}T23:00:00.000Z`,
        checkDay: day,
        checkHour: '06:00',
        note: 'Gọi trước 15 phút',
        lab: {
          atHome: true,
          district: DISTRICT,
          orderAdress: '12 Trần Hưng Đạo, Phường 7, Quận 5',
          orderPhone: '0903123456',
          packageTestItems: ['general_checkup'],
          requestTestItems: ['cbc', 'hba1c'],
          // The package at its price; the blood count it holds is not charged again, HbA1c is.
          totalVnd: 550_000 + 130_000,
          fasting: true,
          preparation: ['fasting', 'first_morning_urine', 'medicines'],
          endHour: '08:00',
        },
      });
      expect(order.endsAt).toBe(`${day}T01:00:00.000Z`);
      const [row] = await ctx.database.db.select().from(orderLab).where(eq(orderLab.orderId, order.id));
      expect(row).toMatchObject({ atHome: true, district: DISTRICT, totalVnd: 680_000, testIds: ['cbc', 'hba1c'] });
      // The staff member sees it in their list; the tracking page names the tests in the reader's language.
      const list = await app.inject({ method: 'GET', url: `/api/order/page/${staff.userId}?as=doctor`, headers: staff.auth });
      expect(list.json().data.items[0]).toMatchObject({ id: order.id, lab: { totalVnd: 680_000 } });
      const tracked = await app.inject({
        method: 'GET',
        url: `/api/p/order/track-order/${order.secureCode}`,
        headers: { 'accept-language': 'vi' },
      });
      expect(tracked.json().data).toMatchObject({
        category: 'lab',
        service: 'Xét nghiệm: Gói khám sức khỏe tổng quát, Tổng phân tích tế bào máu ngoại vi, HbA1c',
      });
    });

    it('books at a clinic in a 15-minute slot, for a profile I manage; another person’s profile answers 404', async () => {
      const { app, ctx, patient, day } = await setup(context, 3);
      const child = await insertManagedProfile(ctx, patient.userId, '2016-05-01');
      const order = await booked(app, patient, clinicBody(day, '13:45', { isFamily: true, profileId: child }));
      const [stored] = await ctx.database.db.select().from(ordersTable).where(eq(ordersTable.id, order.id));
      expect(stored).toMatchObject({ kind: 1, profileId: child, category: 'lab' });
      expect(stored && stored.endsAt.getTime() - stored.startsAt.getTime()).toBe(15 * 60_000);

      const stranger = await createPatient(ctx);
      const strangersChild = await insertManagedProfile(ctx, stranger.userId, '2015-01-01');
      const refused = await book(app, patient, clinicBody(day, '14:00', { isFamily: true, profileId: strangersChild }));
      expect(refused.statusCode).toBe(404);
    });

    it('refuses a booking without a test or package (400, lab_item_required)', async () => {
      const { app, patient, day } = await setup(context, 4);
      const response = await book(app, patient, clinicBody(day, '07:30', { requestTestItems: [], packageTestItems: [] }));
      expect(response.statusCode).toBe(400);
      expect(fieldMessages(response)).toMatchObject({ 'body.requestTestItems': 'Please choose at least one test or package.' });
    });

    it('refuses a home booking without an address, a phone or an area, and a clinic booking without a clinic (400)', async () => {
      const { app, patient, day } = await setup(context, 5);
      const home = await book(app, patient, homeBody(day, '06:00', { orderAdress: '  ', orderPhone: undefined, district: undefined }));
      expect(home.statusCode).toBe(400);
      expect(Object.keys(fieldMessages(home)).sort()).toEqual(['body.district', 'body.orderAdress', 'body.orderPhone']);
      const clinic = await book(app, patient, clinicBody(day, '07:30', { workUnitId: undefined }));
      expect(clinic.statusCode).toBe(400);
      expect(Object.keys(fieldMessages(clinic))).toEqual(['body.workUnitId']);
      const unknownTest = await book(app, patient, clinicBody(day, '07:30', { requestTestItems: ['blood_magic'] }));
      expect(unknownTest.statusCode).toBe(400);
    });

    it('refuses a time that starts no window or slot, a time past, an area or clinic without the service (422)', async () => {
      const { app, ctx, patient, day } = await setup(context, 6);
      expect((await book(app, patient, homeBody(day, '07:00'))).json()).toMatchObject({ code: 'SLOT_UNAVAILABLE' });
      expect((await book(app, patient, clinicBody(day, '11:00'))).statusCode).toBe(422);
      const past = await book(app, patient, clinicBody(weekdayAfter(ctx.clock.now(), -3), '07:30'));
      expect(past.json()).toMatchObject({ code: 'SLOT_PAST' });
      expect((await book(app, patient, homeBody(day, '06:00', { district: 'hn-dong-da' }))).json()).toMatchObject({
        code: 'SLOT_UNAVAILABLE',
      });
      // Clinic 4 has a sampling room but no lab staff: the service is not offered there.
      expect((await book(app, patient, clinicBody(day, '07:30', { workUnitId: 4 }))).json()).toMatchObject({ code: 'SLOT_UNAVAILABLE' });
    });

    it('answers 409 SLOT_TAKEN once the places of a window are gone, keeps the refusal under its key, and a cancellation frees a place', async () => {
      const { app, ctx, staff, patient, day } = await setup(context, 7);
      await setPlaces(ctx, 'lab_home', 2);
      const first = await booked(app, patient, homeBody(day, '08:00'));
      const second = await booked(app, patient, homeBody(day, '08:00'));
      const key = randomUUID();
      const full = await book(app, patient, homeBody(day, '08:00'), key);
      expect(full.statusCode).toBe(409);
      expect(full.json()).toMatchObject({ code: 'SLOT_TAKEN' });
      expect((await book(app, patient, homeBody(day, '08:00'), key)).json()).toMatchObject({ code: 'SLOT_TAKEN' });
      expect(await takenCounts(ctx, day)).toEqual([2]);
      // The next window is another place.
      expect((await book(app, patient, homeBody(day, '10:00'))).statusCode).toBe(201);

      // The staff member confirms one; the patient cancels the other, whose place is free again (once).
      expect((await act(app, staff, 'verify', first.id)).statusCode).toBe(200);
      expect((await act(app, patient, 'cancel', second.id)).statusCode).toBe(200);
      expect((await act(app, patient, 'cancel', second.id)).statusCode).toBe(409);
      expect(await takenCounts(ctx, day)).toEqual([1, 1]);
      expect(await ctx.database.db.select().from(orderPlaces).where(eq(orderPlaces.orderId, second.id))).toEqual([]);
      expect((await book(app, patient, homeBody(day, '08:00'))).statusCode).toBe(201);
    });

    it('replays a booking under the same Idempotency-Key without taking a second place', async () => {
      const { app, ctx, patient, day } = await setup(context, 8);
      const key = randomUUID();
      const body = clinicBody(day, '08:15');
      const first = await book(app, patient, body, key);
      const again = await book(app, patient, body, key);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.json().data.id).toBe(first.json().data.id);
      expect(await takenCounts(ctx, day)).toEqual([1]);
      expect((await book(app, patient, clinicBody(day, '08:30'), key)).json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    });

    it('lets exactly the places left succeed when 50 book the last ones at once; all held by one staff member at one time', async () => {
      const { app, ctx, staff, patient, day } = await setup(context, 9);
      await setPlaces(ctx, 'lab_clinic', 3);
      await booked(app, patient, clinicBody(day, '09:00'));
      const responses = await Promise.all(Array.from({ length: 50 }, () => book(app, patient, clinicBody(day, '09:00'))));
      const codes = responses.map((response) => response.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(2);
      expect(codes.filter((code) => code === 409)).toHaveLength(48);
      expect(await takenCounts(ctx, day)).toEqual([3]);
      const held = await ctx.database.db
        .select()
        .from(orderPlaces)
        .innerJoin(ordersTable, eq(ordersTable.id, orderPlaces.orderId))
        .where(
          and(
            eq(ordersTable.category, 'lab'),
            eq(ordersTable.doctorId, staff.userId),
            eq(orderPlaces.startsAt, new Date(`${day}T09:00:00+07:00`)),
          ),
        );
      expect(held).toHaveLength(3);
    });

    it('answers 404 for another person’s lab order, and to a stranger who books in someone else’s name', async () => {
      const { app, ctx, patient, day } = await setup(context, 10);
      const order = await booked(app, patient, clinicBody(day));
      const stranger = await createPatient(ctx);
      expect((await app.inject({ method: 'GET', url: `/api/order/detail/${order.id}`, headers: stranger.auth })).statusCode).toBe(404);
      expect((await act(app, stranger, 'cancel', order.id)).statusCode).toBe(404);
      const inTheirName = await bookInTheNameOf(app, stranger, patient.userId, clinicBody(day, '10:00'));
      expect(inTheirName.statusCode).toBe(404);
    });
  });

  describe('PUT /api/diagnostictestedit/:id', () => {
    it('moves the order and its place, changes its tests and price; a full window answers 409 and keeps the old place', async () => {
      const { app, ctx, staff, patient, day } = await setup(context, 13);
      await setPlaces(ctx, 'lab_home', 2);
      const order = await booked(app, patient, homeBody(day, '06:00'));
      const moved = await edit(app, patient, order.id, homeBody(day, '10:00', { packageTestItems: [], requestTestItems: ['tsh', 'ft4'] }));
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().data).toMatchObject({
        checkHour: '10:00',
        lab: { packageTestItems: [], requestTestItems: ['tsh', 'ft4'], totalVnd: 240_000, fasting: false, preparation: ['no_biotin'] },
      });
      // 06:00 freed, 10:00 taken.
      expect(await takenCounts(ctx, day)).toEqual([0, 1]);
      // The 08:00 window full: moving there is refused and changes nothing.
      await booked(app, patient, homeBody(day, '08:00'));
      await booked(app, patient, homeBody(day, '08:00'));
      const refused = await edit(app, patient, order.id, homeBody(day, '08:00'));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'SLOT_TAKEN' });
      expect(await takenCounts(ctx, day)).toEqual([0, 2, 1]);
      // The lab staff may move the time, not the tests; another patient's order is 404.
      const byStaff = await edit(app, staff, order.id, homeBody(day, '14:00', { packageTestItems: [], requestTestItems: ['tsh', 'ft4'] }));
      expect(byStaff.statusCode, byStaff.body).toBe(200);
      expect(await takenCounts(ctx, day)).toEqual([0, 2, 0, 1]);
      expect((await edit(app, staff, order.id, homeBody(day, '14:00'))).statusCode).toBe(403);
      const stranger = await createPatient(ctx);
      expect((await edit(app, stranger, order.id, homeBody(day, '14:00'))).statusCode).toBe(404);
    });

    it('refuses to turn an examination into a lab order, or a lab order into an examination (403)', async () => {
      const { app, patient, day } = await setup(context, 14);
      const order = await booked(app, patient, clinicBody(day, '07:45'));
      const asExam = await putOrder(app, patient, `/api/order/${order.id}`, {
        mode: 'direct',
        specialtyId: 1,
        examTypeId: 1,
        doctorId: randomUUID(),
        checkDay: day,
        checkHour: '09:00',
        reasonForExamination: 'Khám',
      });
      expect(asExam.statusCode).toBe(403);
    });
  });

  describe('GET /api/diagnostictest/free-times', () => {
    it('counts the places left of each window of an area, and the areas visited', async () => {
      const { app, ctx, patient, day } = await setup(context, 11);
      await setPlaces(ctx, 'lab_home', 2);
      await booked(app, patient, homeBody(day, '06:00'));
      const response = await app.inject({
        method: 'GET',
        url: `/api/diagnostictest/free-times?atHome=true&district=${DISTRICT}&day=${day}`,
        headers: { ...patient.auth, 'accept-language': 'vi' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().data;
      expect(data.workUnit).toMatchObject({ id: CLINIC, name: 'Bệnh viện Chợ Rẫy' });
      expect(data.times).toEqual([
        { start: '06:00', end: '08:00', free: 1 },
        { start: '08:00', end: '10:00', free: 2 },
        { start: '10:00', end: '12:00', free: 2 },
        { start: '14:00', end: '16:00', free: 2 },
      ]);
      expect(data.districts).toContain(DISTRICT);
    });

    it('offers nothing at a clinic without lab staff, and asks for the clinic', async () => {
      const { app, patient, day } = await setup(context, 12);
      const none = await app.inject({
        method: 'GET',
        url: `/api/diagnostictest/free-times?workUnitId=4&day=${day}`,
        headers: patient.auth,
      });
      expect(none.json().data.times.every((time: { free: number }) => time.free === 0)).toBe(true);
      const unnamed = await app.inject({ method: 'GET', url: `/api/diagnostictest/free-times?day=${day}`, headers: patient.auth });
      expect(unnamed.statusCode).toBe(400);
    });
  });
});

/** The calendar day before `day` (a 06:00 window in Vietnam starts at 23:00 UTC the day before). */
function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
