import { VACCINE_HISTORY_MAX, VACCINE_SCHEDULES } from '@rhc/domain';
import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { booked, createDoctor, createPatient, examBody, insertWorkTime, WEEKDAYS } from '../../../test/booking-helpers.ts';
import { insertManagedProfile } from '../../../test/relatives-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { auditEvents, outboxMessages, shares, vaccinationHistory } from '../../db/schema/index.ts';
import { createVaccinesService } from './vaccines.service.ts';

type Caller = { userId: string; auth: { authorization: string } };

/** The test clock starts at 2026-11-22T03:00Z, 10:00 in Vietnam; a patient is born on 1990-05-20. */
const TODAY = '2026-11-22';
const DOSE = { vaccineId: 'hepatitis_b', givenOn: '2026-08-22', place: 'Trạm y tế phường Bến Nghé', note: 'Mũi sơ sinh' };

function send(app: FastifyInstance, caller: Caller, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) {
  return app.inject({ method, url: `/api${url}`, headers: { ...caller.auth, 'accept-language': 'en' }, payload });
}

async function add(app: FastifyInstance, caller: Caller, infoId: string, body: object) {
  const response = await send(app, caller, 'POST', `/vaccine-history/${infoId}`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string } & Record<string, unknown>;
}

async function share(ctx: TestContext, profileId: string, watcherId: string, sections: string[]) {
  const now = ctx.clock.now();
  await ctx.database.db.insert(shares).values({ profileId, watcherId, grantedBy: profileId, sections, grantedAt: now, changedAt: now });
}

type Status = { vaccineId: string; status: string; detail: string | null; validDoses: number };
const statusOf = (record: { statuses: Status[] }, vaccineId: string) => record.statuses.find((s) => s.vaccineId === vaccineId);

describeOnEachDatabase((context) => {
  describe('my vaccination record', () => {
    it("answers the statuses by Vietnam's schedule by default, CDC's when asked, with the history and the choices", async () => {
      const { app } = context();
      const me = await createPatient(context());
      const response = await send(app, me, 'GET', `/vaccines/${me.userId}`);
      expect(response.statusCode, response.body).toBe(200);
      const record = response.json().data;
      expect(record).toMatchObject({
        infoId: me.userId,
        schedule: { id: 'VN-TT10-2024', publishedOn: '2024-06-13' },
        today: TODAY,
        history: [],
        reminders: true,
        canManage: true,
      });
      expect(record.statuses).toHaveLength(VACCINE_SCHEDULES['VN-TT10-2024'].entries.length);
      const cdc = (await send(app, me, 'GET', `/vaccines/${me.userId}?schedule=CDC-2025`)).json().data;
      expect(cdc.schedule.id).toBe('CDC-2025');
      expect(statusOf(cdc, 'influenza')).toMatchObject({ status: 'none', detail: 'due_now' });
      expect((await send(app, me, 'GET', `/vaccines/${me.userId}?schedule=CDC-1999`)).statusCode).toBe(400);
    });

    it("adds, changes and deletes a child's doses, and the statuses follow", async () => {
      const { app } = context();
      const parent = await createPatient(context());
      const child = await insertManagedProfile(context(), parent.userId, '2026-08-22');
      const birth = await add(app, parent, child, DOSE);
      expect(birth).toMatchObject({ ...DOSE, infoId: child, orderId: null });
      const five = await add(app, parent, child, { vaccineId: 'dtp_hepb_hib', givenOn: '2026-10-22' });
      expect(five).toMatchObject({ place: '', note: '' });

      let record = (await send(app, parent, 'GET', `/vaccines/${child}`)).json().data;
      expect(record.dateOfBirth).toBe('2026-08-22');
      expect(statusOf(record, 'hepatitis_b')).toMatchObject({ status: 'full', validDoses: 1 });
      expect(statusOf(record, 'dtp_hepb_hib')).toMatchObject({ status: 'partial', detail: 'due_now', validDoses: 1 });
      expect(statusOf(record, 'bcg')).toMatchObject({ status: 'none', detail: 'overdue' });
      expect((record.history as { id: string }[]).map((h) => h.id)).toEqual([birth.id, five.id]);

      const changed = await send(app, parent, 'PUT', `/vaccine-history/${child}/${five.id}`, { vaccineId: 'bcg', givenOn: '2026-08-25' });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().data).toMatchObject({ id: five.id, vaccineId: 'bcg', givenOn: '2026-08-25', place: '' });
      record = (await send(app, parent, 'GET', `/vaccines/${child}`)).json().data;
      expect(statusOf(record, 'bcg')).toMatchObject({ status: 'full' });
      expect(statusOf(record, 'dtp_hepb_hib')).toMatchObject({ status: 'none', detail: 'overdue' });

      const removed = await send(app, parent, 'DELETE', `/vaccine-history/${child}/${five.id}`);
      expect(removed.json().data).toEqual({ id: five.id });
      expect((await send(app, parent, 'DELETE', `/vaccine-history/${child}/${five.id}`)).statusCode).toBe(404);
      expect((await send(app, parent, 'PUT', `/vaccine-history/${child}/${five.id}`, DOSE)).statusCode).toBe(404);

      const off = await send(app, parent, 'PUT', `/vaccine-reminders/${child}`, { enabled: false });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().data).toMatchObject({ infoId: child, reminders: false, canManage: true });
      expect((await send(app, parent, 'GET', `/vaccines/${child}`)).json().data.reminders).toBe(false);

      // The trail names the person and the dose, never a vaccine, a day or a text.
      const trail = await context().database.db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, child));
      const rows = trail.filter((row) => row.action === 'vaccine.write' && row.outcome === 'success');
      expect(rows).toHaveLength(5);
      for (const row of rows) expect(JSON.stringify(row.details)).not.toMatch(/hepatitis|bcg|2026-|Trạm|Mũi/);
    });

    it('refuses a dose after today or before birth, impossible days and oversized texts with 400, never 5xx', async () => {
      const { app } = context();
      const me = await createPatient(context());
      const future = await send(app, me, 'POST', `/vaccine-history/${me.userId}`, { ...DOSE, givenOn: '2026-11-23' });
      expect(future.statusCode).toBe(400);
      expect(future.json().details).toEqual([
        expect.objectContaining({ field: 'body.givenOn', message: 'The vaccination date cannot be later than today.' }),
      ]);
      const early = await send(app, me, 'POST', `/vaccine-history/${me.userId}`, { ...DOSE, givenOn: '1990-05-19' });
      expect(early.json().details[0]).toMatchObject({
        field: 'body.givenOn',
        message: 'The vaccination date cannot be before the date of birth.',
      });
      const cases: object[] = [
        { ...DOSE, givenOn: '0000-01-01' },
        { ...DOSE, givenOn: '9999-12-31' },
        { ...DOSE, givenOn: '2026-02-30' },
        { ...DOSE, vaccineId: 'snake_oil' },
        { ...DOSE, vaccineId: undefined },
        { ...DOSE, place: 'x'.repeat(10_000) },
        { ...DOSE, note: 'x'.repeat(10_000) },
        { ...DOSE, note: 'a\u0000b' },
        { ...DOSE, place: '💉'.repeat(5_000) },
      ];
      for (const body of cases) {
        const response = await send(app, me, 'POST', `/vaccine-history/${me.userId}`, body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      }
      const emoji = await send(app, me, 'POST', `/vaccine-history/${me.userId}`, { ...DOSE, givenOn: '2020-01-01', note: 'Ổn 💉👍' });
      expect(emoji.statusCode).toBe(201);
      expect(emoji.json().data.note).toBe('Ổn 💉👍');
      const stored = await context().database.db.select().from(vaccinationHistory).where(eq(vaccinationHistory.infoId, me.userId));
      expect(stored).toHaveLength(1);
    });

    it(`keeps at most ${VACCINE_HISTORY_MAX} doses, even with 50 adds at once`, async () => {
      const { app } = context();
      const me = await createPatient(context());
      const now = context().clock.now();
      await context()
        .database.db.insert(vaccinationHistory)
        .values(
          Array.from({ length: VACCINE_HISTORY_MAX - 20 }, () => ({
            infoId: me.userId,
            vaccineId: 'influenza',
            givenOn: '2020-01-01',
            createdAt: now,
            updatedAt: now,
          })),
        );
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          send(app, me, 'POST', `/vaccine-history/${me.userId}`, { vaccineId: 'influenza', givenOn: '2021-01-01' }),
        ),
      );
      const codes = answers.map((response) => response.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(20);
      expect(codes.filter((code) => code === 409)).toHaveLength(30);
      expect(answers.find((response) => response.statusCode === 409)?.json().code).toBe('VACCINE_HISTORY_LIMIT');
      const stored = await context().database.db.select().from(vaccinationHistory).where(eq(vaccinationHistory.infoId, me.userId));
      expect(stored).toHaveLength(VACCINE_HISTORY_MAX);
    });
  });

  describe("another person's record", () => {
    it("is 404 to a stranger and to a watcher without 'vaccines'; a watcher with it reads and never writes", async () => {
      const { app } = context();
      const manager = await createPatient(context());
      const child = await insertManagedProfile(context(), manager.userId, '2026-08-22');
      const dose = await add(app, manager, child, DOSE);
      const [watcher, stranger] = [await createPatient(context()), await createPatient(context())];

      expect((await send(app, stranger, 'GET', `/vaccines/${child}`)).statusCode).toBe(404);
      await share(context(), child, watcher.userId, ['health_info']);
      expect((await send(app, watcher, 'GET', `/vaccines/${child}`)).statusCode).toBe(404);

      const other = await createPatient(context());
      const otherChild = await insertManagedProfile(context(), other.userId, '2020-01-01');
      await share(context(), otherChild, watcher.userId, ['vaccines']);
      const read = await send(app, watcher, 'GET', `/vaccines/${otherChild}`);
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toMatchObject({ infoId: otherChild, canManage: false });
      const theirs = await add(app, other, otherChild, { vaccineId: 'bcg', givenOn: '2020-01-05' });
      expect((await send(app, watcher, 'POST', `/vaccine-history/${otherChild}`, DOSE)).statusCode).toBe(404);
      expect((await send(app, watcher, 'PUT', `/vaccine-history/${otherChild}/${theirs.id}`, DOSE)).statusCode).toBe(404);
      expect((await send(app, watcher, 'DELETE', `/vaccine-history/${otherChild}/${theirs.id}`)).statusCode).toBe(404);
      expect((await send(app, watcher, 'PUT', `/vaccine-reminders/${otherChild}`, { enabled: false })).statusCode).toBe(404);

      // My own id with another person's dose: not found, and nothing changed.
      expect((await send(app, stranger, 'PUT', `/vaccine-history/${stranger.userId}/${dose.id}`, DOSE)).statusCode).toBe(404);
      expect((await send(app, stranger, 'DELETE', `/vaccine-history/${stranger.userId}/${dose.id}`)).statusCode).toBe(404);
      const kept = (await send(app, manager, 'GET', `/vaccines/${child}`)).json().data.history;
      expect(kept).toEqual([expect.objectContaining({ id: dose.id, place: DOSE.place })]);
    });
  });

  describe('a dose recorded by a completed order', () => {
    it("is written once per order, on the caller's transaction, and counts in the statuses", async () => {
      const ctx = context();
      const doctor = await createDoctor(ctx, { specialtyIds: [1] });
      await insertWorkTime(ctx.database.db, doctor.userId, { day: '2026-11-23', start: '08:00', end: '11:30', recurrence: WEEKDAYS });
      const patient = await createPatient(ctx);
      const order = await booked(ctx.app, patient, examBody(doctor.userId, '2026-11-24'));
      const service = createVaccinesService({ db: ctx.database.db, outbox: { wake: () => undefined }, publicBaseUrl: 'https://rhc.test' });
      const dose = {
        infoId: patient.userId,
        vaccineId: 'influenza' as const,
        givenOn: '2026-11-22',
        orderId: order.id,
        place: 'Bệnh viện Chợ Rẫy',
      };
      const first = await ctx.database.db.transaction((tx) => service.recordFromOrder(tx, dose, ctx.clock.now()));
      const again = await ctx.database.db.transaction((tx) => service.recordFromOrder(tx, dose, ctx.clock.now()));
      expect(again).toEqual(first);
      expect(first).toMatchObject({
        infoId: patient.userId,
        vaccineId: 'influenza',
        orderId: order.id,
        place: 'Bệnh viện Chợ Rẫy',
        note: '',
      });
      const record = (await send(ctx.app, patient, 'GET', `/vaccines/${patient.userId}?schedule=CDC-2025`)).json().data;
      expect(record.history).toHaveLength(1);
      expect(statusOf(record, 'influenza')).toMatchObject({ status: 'full' });
    });
  });

  describe('reminders of due doses', () => {
    it('tells the manager once per dose and kind, in their language, and never a person who turned them off', async () => {
      const ctx = context();
      const { app } = ctx;
      const parent = await createPatient(ctx);
      await app.inject({
        method: 'PUT',
        url: `/api/user-notifications/${parent.userId}`,
        headers: parent.auth,
        payload: { sms: true, email: false, language: 'vi' },
      });
      // Born 2026-09-15: the 2-month doses became due on 15 Nov, BCG overdue since then (a week ago).
      const child = await insertManagedProfile(ctx, parent.userId, '2026-09-15');
      await add(app, parent, child, { vaccineId: 'hepatitis_b', givenOn: '2026-09-15' });
      const quiet = await insertManagedProfile(ctx, parent.userId, '2026-09-15');
      await send(app, parent, 'PUT', `/vaccine-reminders/${quiet}`, { enabled: false });

      const instance = () =>
        createVaccinesService({ db: ctx.database.db, outbox: { wake: () => undefined }, publicBaseUrl: 'https://rhc.test' });
      const now = ctx.clock.now();
      await Promise.all([instance().sendDueReminders(now, { batchSize: 1 }), instance().sendDueReminders(now, { batchSize: 1 })]);
      const sent = await ctx.database.db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.dedupeKey, `vaccine-reminder:${child}:%`));
      const keys = sent.map((row) => (row.dedupeKey ?? '').split(':').slice(2, 4).join(':')).sort();
      expect(keys).toEqual(['bcg.1:overdue', 'dtp_hepb_hib.1:due', 'opv.1:due', 'rotavirus.1:due']);
      expect(sent.every((row) => row.channel === 'sms')).toBe(true);
      expect(sent.find((row) => row.dedupeKey?.includes('bcg.1'))?.body).toContain('qua lich tiem');
      const none = await ctx.database.db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.dedupeKey, `vaccine-reminder:${quiet}:%`));
      expect(none).toHaveLength(0);
      // By e-mail, the link opens the registration of that dose for that child.
      await app.inject({
        method: 'PUT',
        url: `/api/user-notifications/${parent.userId}`,
        headers: parent.auth,
        payload: { sms: false, email: true, language: 'en' },
      });
      const mailed = await insertManagedProfile(ctx, parent.userId, '2026-09-15');
      await instance().sendDueReminders(now);
      const mail = (
        await ctx.database.db
          .select()
          .from(outboxMessages)
          .where(like(outboxMessages.dedupeKey, `vaccine-reminder:${mailed}:dtp_hepb_hib.1:due:%`))
      )[0];
      expect(mail?.channel).toBe('email');
      expect(mail?.body).toContain(
        `https://rhc.test/vaccine-registration/?schedule=VN-TT10-2024&vaccine=dtp_hepb_hib&dose=dtp_hepb_hib.1&person=${mailed}`,
      );
      // Another sweep, later the same week, sends nothing new.
      const again = await instance().sendDueReminders(new Date(now.getTime() + 2 * 86_400_000));
      const after = await ctx.database.db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.dedupeKey, `vaccine-reminder:${child}:%`));
      expect(after).toHaveLength(sent.length);
      expect(again).toBeGreaterThanOrEqual(0);
    });
  });
});
