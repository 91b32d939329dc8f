import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, profiles } from '../../db/schema/index.ts';
import { bookOrder, createPatient, examBody, createWorkingDoctor, weekdayAfter } from '../../../test/booking-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { send } from '../../../test/http-helpers.ts';

/** Issue 14: a booking "for a relative" may name a profile the booker manages instead of typing the details again. */

const CHILD = {
  fullName: 'Trần Minh Khang',
  phone: '0912000222',
  callingCode: '+84',
  countryName: 'Việt Nam',
  gender: 'male',
  dateOfBirth: '2017-09-10',
  email: null,
  address: '9 Pasteur, Quận 3, TP. Hồ Chí Minh',
};

async function setup(context: () => TestContext) {
  const ctx = context();
  const doctor = await createWorkingDoctor(ctx);
  const parent = await createPatient(ctx);
  const [child] = await ctx.database.db
    .insert(profiles)
    .values({ managerId: parent.userId, ...CHILD })
    .returning({ id: profiles.id });
  if (!child) throw new Error('profile not stored');
  return { ...ctx, doctor, parent, childId: child.id, day: weekdayAfter(ctx.clock.now(), 2) };
}

function body(doctorId: string, day: string, hour: string, extra: Record<string, unknown> = {}) {
  return { ...examBody(doctorId, day, hour), reasonForExamination: 'Ho kéo dài', ...extra };
}

describeOnEachDatabase((context) => {
  describe('a booking for a saved profile', () => {
    it("takes the patient's details from the profile, whatever the body says, and records whom it is for", async () => {
      const { app, database, doctor, parent, childId, day } = await setup(context);
      const typed = { fullName: 'Tên Khác', phone: '0987000111', dateOfBirth: '2000-01-01', address: 'Nơi khác' };
      const response = await bookOrder(
        app,
        parent,
        body(doctor.userId, day, '08:00', { isFamily: true, profileId: childId, infomation: typed }),
      );
      expect(response.statusCode, response.body).toBe(201);
      const order = response.json().data;
      expect(order.infomation).toMatchObject({
        fullName: CHILD.fullName,
        phone: CHILD.phone,
        dateOfBirth: CHILD.dateOfBirth,
        address: CHILD.address,
      });
      const [row] = await database.db
        .select({ profileId: orders.profileId, kind: orders.kind })
        .from(orders)
        .where(eq(orders.id, order.id));
      expect(row).toEqual({ profileId: childId, kind: 1 });
    });

    it('keeps the profile when the patient moves the booking with the same details', async () => {
      const { app, database, doctor, parent, childId, day } = await setup(context);
      const made = (await bookOrder(app, parent, body(doctor.userId, day, '08:30', { isFamily: true, profileId: childId }))).json().data;
      const moved = await send(
        app,
        'PUT',
        `/api/order/${made.id}`,
        parent.auth,
        body(doctor.userId, day, '11:00', { isFamily: true, infomation: { ...made.infomation, email: '' } }),
      );
      expect(moved.statusCode, moved.body).toBe(200);
      const [row] = await database.db.select({ profileId: orders.profileId }).from(orders).where(eq(orders.id, made.id));
      expect(row?.profileId).toBe(childId);
    });

    it("refuses another person's profile, or one archived, with 404 and books nothing", async () => {
      const ctx = await setup(context);
      const stranger = await createPatient(ctx);
      const foreign = await bookOrder(
        ctx.app,
        stranger,
        body(ctx.doctor.userId, ctx.day, '09:00', { isFamily: true, profileId: ctx.childId }),
      );
      expect(foreign.statusCode).toBe(404);
      await ctx.database.db.update(profiles).set({ archivedAt: ctx.clock.now() }).where(eq(profiles.id, ctx.childId));
      const archived = await bookOrder(
        ctx.app,
        ctx.parent,
        body(ctx.doctor.userId, ctx.day, '09:00', { isFamily: true, profileId: ctx.childId }),
      );
      expect(archived.statusCode).toBe(404);
      const booked = await ctx.database.db.select({ id: orders.id }).from(orders).where(eq(orders.doctorId, ctx.doctor.userId));
      expect(booked).toEqual([]);
    });

    it("records a booking for oneself as for one's own profile, and details typed in by hand as for nobody's", async () => {
      const { app, database, doctor, parent, day } = await setup(context);
      const own = (await bookOrder(app, parent, body(doctor.userId, day, '10:00'))).json().data;
      const typed = await bookOrder(
        app,
        parent,
        body(doctor.userId, day, '10:30', {
          isFamily: true,
          infomation: { fullName: 'Lê Thị Mai', phone: '0912333444', dateOfBirth: '1960-04-04', address: '1 Lý Thường Kiệt, Hà Nội' },
        }),
      );
      expect(typed.statusCode, typed.body).toBe(201);
      const rows = await database.db
        .select({ id: orders.id, profileId: orders.profileId })
        .from(orders)
        .where(eq(orders.userId, parent.userId));
      expect(Object.fromEntries(rows.map((row) => [row.id, row.profileId]))).toEqual({
        [own.id]: parent.userId,
        [typed.json().data.id]: null,
      });
    });
  });
});
