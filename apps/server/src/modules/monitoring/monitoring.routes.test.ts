import { MEASURE_LIMITS, MEASUREMENT_CATEGORIES } from '@rhc/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createPatient, createPatients } from '../../../test/booking-helpers.ts';
import { insertManagedProfile } from '../../../test/relatives-helpers.ts';
import type { Caller } from '../../../test/http-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { rowsOf } from '../../db/client.ts';
import { auditEvents, healthMeasurements, shares } from '../../db/schema/index.ts';
import { send } from '../../../test/http-helpers.ts';

/** The test clock starts at 2026-11-22T03:00Z, 10:00 in Vietnam. */
const NOW = '2026-11-22T03:00:00.000Z';

function reading(overrides: Record<string, unknown> = {}) {
  return { measuredAt: '2026-11-21T01:30:00.000Z', systolic: 120, diastolic: 78, heartRate: 72, ...overrides };
}

async function add(app: FastifyInstance, caller: Caller, infoId: string, body: Record<string, unknown>) {
  const response = await app.inject({ method: 'POST', url: `/api/health-measurement/${infoId}`, headers: caller.auth, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as {
    id: string;
    bmi: number | null;
    assessment: Record<string, { band: string | null; colour: string | null }>;
  };
}

function get(app: FastifyInstance, caller: Caller, url: string, language = 'en') {
  return app.inject({ method: 'GET', url, headers: { ...caller.auth, 'accept-language': language } });
}

async function share(ctx: TestContext, profileId: string, watcherId: string, sections: string[]) {
  const now = ctx.clock.now();
  await ctx.database.db.insert(shares).values({ profileId, watcherId, grantedBy: profileId, sections, grantedAt: now, changedAt: now });
}

function managedChild(ctx: TestContext, managerId: string, dateOfBirth: string): Promise<string> {
  return insertManagedProfile(ctx, managerId, dateOfBirth, '12 Nguyễn Huệ, Quận 1');
}

describeOnEachDatabase((context) => {
  describe('readings of my own record', () => {
    it('adds readings in each colour with their bands, lists them newest first, changes one and deletes one', async () => {
      const { app } = context();
      const me = await createPatient(context());
      const green = await add(app, me, me.userId, reading({ measuredAt: '2026-11-20T01:00:00.000Z', height: 160, weight: 56 }));
      expect(green.bmi).toBe(21.9);
      expect(green.assessment).toEqual({
        bloodPressure: { band: 'normal', colour: 'green' },
        heartRate: { band: 'normal', colour: 'green' },
        bmi: { band: 'normal', colour: 'green', asiaPacific: 'normal' },
      });
      const yellow = await add(
        app,
        me,
        me.userId,
        reading({ measuredAt: '2026-11-21T01:00:00.000Z', systolic: 145, diastolic: 92, heartRate: 104 }),
      );
      expect(yellow.assessment).toEqual({
        bloodPressure: { band: 'grade_1', colour: 'yellow' },
        heartRate: { band: 'fast', colour: 'yellow' },
      });
      const red = await add(app, me, me.userId, {
        measuredAt: '2026-11-22T00:00:00.000Z',
        systolic: 185,
        diastolic: 112,
        heartRate: 96,
        bloodSugar: 320,
        symptoms: 'Đau đầu, chóng mặt',
        category: 'unwell',
      });
      expect(red.assessment).toMatchObject({
        bloodPressure: { band: 'emergency', colour: 'red' },
        bloodSugar: { band: 'diabetes', colour: 'red' },
      });

      const list = await get(app, me, `/api/health-measurement/${me.userId}`);
      expect(list.statusCode).toBe(200);
      expect(list.json().data).toMatchObject({ total: 3, page: 0, size: 10 });
      expect((list.json().data.items as { id: string }[]).map((r) => r.id)).toEqual([red.id, yellow.id, green.id]);

      // Days are Vietnam's: 2026-11-21T01:00Z is 08:00 on the 21st.
      const day = await get(app, me, `/api/health-measurement/${me.userId}?from=2026-11-21&to=2026-11-21`);
      expect((day.json().data.items as { id: string }[]).map((r) => r.id)).toEqual([yellow.id]);
      const unwell = await get(app, me, `/api/health-measurement/${me.userId}?category=unwell`);
      expect((unwell.json().data.items as { id: string }[]).map((r) => r.id)).toEqual([red.id]);

      const changed = await app.inject({
        method: 'PUT',
        url: `/api/health-measurement/${me.userId}/${yellow.id}`,
        headers: me.auth,
        payload: reading({
          measuredAt: '2026-11-21T01:00:00.000Z',
          systolic: 118,
          diastolic: 76,
          heartRate: 70,
          bloodSugar: 90,
          note: 'Đo lại',
        }),
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().data).toMatchObject({
        systolic: 118,
        bloodSugar: 90,
        note: 'Đo lại',
        assessment: { bloodPressure: { colour: 'green' }, bloodSugar: { band: 'normal', colour: 'green' } },
      });

      const removed = await app.inject({ method: 'DELETE', url: `/api/health-measurement/${me.userId}/${green.id}`, headers: me.auth });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().data).toEqual({ id: green.id });
      const again = await app.inject({ method: 'DELETE', url: `/api/health-measurement/${me.userId}/${green.id}`, headers: me.auth });
      expect(again.statusCode).toBe(404);
      expect((await get(app, me, `/api/health-measurement/${me.userId}`)).json().data.total).toBe(2);
    });

    it('refuses a blood pressure without all three values, non-positive numbers and a time in the future, in the reader’s language', async () => {
      const { app } = context();
      const me = await createPatient(context());
      const post = (payload: Record<string, unknown>, language = 'en') =>
        send(app, 'POST', `/api/health-measurement/${me.userId}`, { ...me.auth, 'accept-language': language }, payload);

      const noHeartRate = await post({ measuredAt: NOW, systolic: 120, diastolic: 80 });
      expect(noHeartRate.statusCode).toBe(400);
      expect(noHeartRate.json().details).toEqual([
        {
          field: 'body.heartRate',
          code: 'custom',
          message:
            'Invalid blood pressure: enter systolic, diastolic and heart rate together, as positive whole numbers, the diastolic below the systolic.',
        },
      ]);
      const vi = await post({ measuredAt: NOW, heartRate: 80 }, 'vi');
      expect(vi.statusCode).toBe(400);
      expect(vi.json().details[0].message).toMatch(/^Huyết áp không hợp lệ/);
      expect((await post({ measuredAt: NOW, systolic: 80, diastolic: 90, heartRate: 70 })).statusCode).toBe(400);

      for (const [field, value] of [
        ['systolic', 0],
        ['diastolic', -5],
        ['heartRate', 0],
        ['systolic', 120.5],
        ['systolic', 301],
      ] as const) {
        const response = await post(reading({ measuredAt: NOW, [field]: value }));
        expect(response.statusCode, `${field}=${value}`).toBe(400);
      }
      const sugar = await post({ measuredAt: NOW, bloodSugar: 0 });
      expect(sugar.statusCode).toBe(400);
      expect(sugar.json().details[0]).toMatchObject({ field: 'body.bloodSugar', message: expect.stringMatching(/^Invalid blood sugar/) });
      expect((await post({ measuredAt: NOW, bloodSugar: -1 })).statusCode).toBe(400);
      expect((await post({ measuredAt: NOW, height: 0, weight: 50 })).statusCode).toBe(400);
      expect((await post({ measuredAt: NOW, height: 160, weight: 0 })).statusCode).toBe(400);
      expect((await post({ measuredAt: NOW, bloodSugar: '100' })).statusCode).toBe(400);
      const empty = await post({ measuredAt: NOW });
      expect(empty.json().details[0].message).toBe('Please enter at least one measurement or a symptom.');

      const future = await post(reading({ measuredAt: '2026-11-22T03:10:00.000Z' }));
      expect(future.statusCode).toBe(400);
      expect(future.json().details).toEqual([
        { field: 'measuredAt', code: 'custom', message: 'The measurement time cannot be later than now.' },
      ]);
      expect((await post(reading({ measuredAt: '0000-01-01T00:00:00.000Z' }))).statusCode).toBe(400);
      expect((await post(reading({ measuredAt: '9999-12-31T00:00:00.000Z' }))).statusCode).toBe(400);
      expect((await post(reading({ symptoms: 'x'.repeat(10_000) }))).statusCode).toBe(400);
      expect((await post(reading({ note: 'ghi chú\u0000' }))).statusCode).toBe(400);
      // A few minutes ahead of the server (a phone's clock) is fine; emoji in text are kept.
      const ahead = await post(reading({ measuredAt: '2026-11-22T03:04:00.000Z', symptoms: 'Mệt 😴' }));
      expect(ahead.statusCode, ahead.body).toBe(201);
      expect(ahead.json().data.symptoms).toBe('Mệt 😴');
      // mmol/L entered on the web arrive converted, with more decimals than stored: one decimal is kept.
      const converted = await post({ measuredAt: NOW, bloodSugar: 100.26 });
      expect(converted.json().data.bloodSugar).toBe(100.3);
    });
  });

  describe('another person’s readings', () => {
    it('answers 404 to a stranger and to a watcher without "health info", lets a watcher with it read (audited) but never write', async () => {
      const ctx = context();
      const { app } = ctx;
      const [owner, stranger, watcher, other] = await createPatients(ctx, 4);
      await share(ctx, owner.userId, watcher.userId, ['health_info']);
      await share(ctx, owner.userId, other.userId, ['vaccines']);
      const mine = await add(app, owner, owner.userId, reading());

      for (const caller of [stranger, other]) {
        expect((await get(app, caller, `/api/health-measurement/${owner.userId}`)).statusCode).toBe(404);
        expect((await get(app, caller, `/api/health-measurement/${owner.userId}/analysis?from=2026-11-01&to=2026-11-22`)).statusCode).toBe(
          404,
        );
      }
      // A stranger addressing the reading under their own id gets nothing either.
      const underOwnId = await send(app, 'PUT', `/api/health-measurement/${stranger.userId}/${mine.id}`, stranger.auth, reading());
      expect(underOwnId.statusCode).toBe(404);
      expect(
        (await app.inject({ method: 'DELETE', url: `/api/health-measurement/${stranger.userId}/${mine.id}`, headers: stranger.auth }))
          .statusCode,
      ).toBe(404);

      const read = await get(app, watcher, `/api/health-measurement/${owner.userId}`);
      expect(read.statusCode).toBe(200);
      expect(read.json().data.items[0].id).toBe(mine.id);
      const trail = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, watcher.userId));
      expect(trail.filter((e) => e.action === 'record.read').map((e) => [e.outcome, e.subjectUserId])).toEqual([['success', owner.userId]]);

      const writes = [
        { method: 'POST' as const, url: `/api/health-measurement/${owner.userId}`, payload: reading() },
        { method: 'PUT' as const, url: `/api/health-measurement/${owner.userId}/${mine.id}`, payload: reading({ systolic: 190 }) },
        { method: 'DELETE' as const, url: `/api/health-measurement/${owner.userId}/${mine.id}` },
      ];
      for (const write of writes) expect((await app.inject({ ...write, headers: watcher.auth })).statusCode).toBe(404);
      expect((await get(app, owner, `/api/health-measurement/${owner.userId}`)).json().data.items[0].systolic).toBe(120);
      expect((await app.inject({ method: 'GET', url: `/api/health-measurement/${owner.userId}` })).statusCode).toBe(401);
    });

    it('shows a child’s blood pressure and heart rate without adult bands, and a managed profile’s readings only to its manager', async () => {
      const ctx = context();
      const { app } = ctx;
      const [parent, stranger] = await createPatients(ctx, 2);
      const child = await managedChild(ctx, parent.userId, '2015-06-01');
      const entry = await add(app, parent, child, reading({ systolic: 135, diastolic: 88, heartRate: 110, bloodSugar: 65 }));
      expect(entry.assessment).toEqual({
        bloodPressure: { band: null, colour: null, reason: 'under_18' },
        heartRate: { band: null, colour: null, reason: 'under_18' },
        bloodSugar: { band: 'low', colour: 'red' },
      });
      const analysis = await get(app, parent, `/api/health-measurement/${child}/analysis?from=2026-11-01&to=2026-11-22`);
      expect(analysis.json().data).toMatchObject({
        adultBands: false,
        bloodPressure: { count: 1, bands: [] },
        bloodSugar: { bands: [{ band: 'low', count: 1 }] },
      });
      expect((await get(app, stranger, `/api/health-measurement/${child}`)).statusCode).toBe(404);
      expect(
        (await app.inject({ method: 'POST', url: `/api/health-measurement/${child}`, headers: stranger.auth, payload: reading() }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('the analysis', () => {
    it('gives per measure the count, min/avg/max, readings per band and the points, oldest first', async () => {
      const { app } = context();
      const me = await createPatient(context());
      await add(
        app,
        me,
        me.userId,
        reading({ measuredAt: '2026-11-10T01:00:00.000Z', systolic: 120, diastolic: 80, heartRate: 70, bloodSugar: 95 }),
      );
      await add(
        app,
        me,
        me.userId,
        reading({ measuredAt: '2026-11-12T01:00:00.000Z', systolic: 150, diastolic: 95, heartRate: 58, bloodSugar: 130 }),
      );
      await add(
        app,
        me,
        me.userId,
        reading({ measuredAt: '2026-11-14T01:00:00.000Z', systolic: 182, diastolic: 100, heartRate: 90, bloodSugar: 310 }),
      );
      await add(app, me, me.userId, { measuredAt: '2026-11-15T01:00:00.000Z', height: 160, weight: 80 });
      // Outside the range.
      await add(app, me, me.userId, reading({ measuredAt: '2026-10-01T01:00:00.000Z', systolic: 200, diastolic: 120, heartRate: 150 }));

      const response = await get(app, me, `/api/health-measurement/${me.userId}/analysis?from=2026-11-01&to=2026-11-22`);
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().data;
      expect(data).toMatchObject({
        from: '2026-11-01',
        to: '2026-11-22',
        adultBands: true,
        bloodPressure: {
          count: 3,
          systolic: { min: 120, avg: 150.7, max: 182 },
          diastolic: { min: 80, avg: 91.7, max: 100 },
          bands: [
            { band: 'normal', colour: 'green', count: 1 },
            { band: 'grade_1', colour: 'yellow', count: 1 },
            { band: 'emergency', colour: 'red', count: 1 },
          ],
        },
        heartRate: {
          count: 3,
          stats: { min: 58, avg: 72.7, max: 90 },
          bands: [
            { band: 'slow', count: 1 },
            { band: 'normal', count: 2 },
          ],
        },
        bloodSugar: {
          count: 3,
          bands: [
            { band: 'normal', colour: 'green', count: 1 },
            { band: 'diabetes', colour: 'red', count: 2 },
          ],
        },
        bmi: { count: 1, stats: { min: 31.3, avg: 31.3, max: 31.3 }, bands: [{ band: 'obese', colour: 'red', count: 1 }] },
        pointsLimit: 2000,
        truncated: false,
      });
      expect((data.points as { measuredAt: string }[]).map((p) => p.measuredAt.slice(0, 10))).toEqual([
        '2026-11-10',
        '2026-11-12',
        '2026-11-14',
        '2026-11-15',
      ]);

      const empty = await get(app, me, `/api/health-measurement/${me.userId}/analysis?from=2025-01-01&to=2025-01-31`);
      expect(empty.json().data).toMatchObject({
        bloodPressure: { count: 0, systolic: null, bands: [] },
        heartRate: { stats: null },
        points: [],
      });
    });

    it('refuses a range of 366 days and an end before the start with the spec’s messages; 365 days is fine', async () => {
      const { app } = context();
      const me = await createPatient(context());
      const url = (from: string, to: string) => `/api/health-measurement/${me.userId}/analysis?from=${from}&to=${to}`;
      const tooLong = await get(app, me, url('2025-11-21', '2026-11-22'));
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().details).toEqual([
        { field: 'querystring.to', code: 'custom', message: 'The start and end dates can be at most 365 days apart.' },
      ]);
      const backwards = await get(app, me, url('2026-11-22', '2026-11-21'), 'vi');
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().details).toEqual([
        { field: 'querystring.to', code: 'custom', message: 'Ngày kết thúc phải sau ngày bắt đầu.' },
      ]);
      expect((await get(app, me, url('2025-11-22', '2026-11-22'))).statusCode).toBe(200);
      expect((await get(app, me, url('2026-11-22', '2026-11-22'))).statusCode).toBe(200);
      // Far-off years answer an empty analysis, never a server error.
      for (const [from, to] of [
        ['0000-01-01', '0000-02-01'],
        ['9999-12-01', '9999-12-31'],
      ] as const) {
        const far = await get(app, me, url(from, to));
        expect(far.statusCode, far.body).toBe(200);
        expect(far.json().data.points).toEqual([]);
      }
      expect((await get(app, me, `/api/health-measurement/${me.userId}/analysis?from=2026-11-01`)).statusCode).toBe(400);
    });

    it('stands 50 identical requests at once without a server error, and keeps a daily cap on new readings', async () => {
      const { app } = context();
      const me = await createPatient(context());
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          app.inject({ method: 'POST', url: `/api/health-measurement/${me.userId}`, headers: me.auth, payload: reading() }),
        ),
      );
      expect(answers.every((a) => a.statusCode === 201)).toBe(true);
      const reads = await Promise.all(
        Array.from({ length: 50 }, () => get(app, me, `/api/health-measurement/${me.userId}/analysis?from=2026-11-01&to=2026-11-22`)),
      );
      expect(reads.every((r) => r.statusCode === 200)).toBe(true);
      for (let i = 0; i < 50; i++) await add(app, me, me.userId, reading());
      const over = await send(app, 'POST', `/api/health-measurement/${me.userId}`, { ...me.auth, 'accept-language': 'en' }, reading());
      expect(over.statusCode).toBe(409);
      expect(over.json().code).toBe('READINGS_LIMIT');
    });
  });

  describe('deleting a profile with readings', () => {
    it('archives the profile and keeps its readings instead of erasing them (no cascade)', async () => {
      const { app } = context();
      const parent = await createPatient(context());
      const child = await managedChild(context(), parent.userId, '2016-03-04');
      await add(app, parent, child, reading({ systolic: undefined, diastolic: undefined, heartRate: undefined, height: 130, weight: 28 }));
      const deleted = await app.inject({ method: 'DELETE', url: `/api/relative/${child}`, headers: parent.auth });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json().data).toMatchObject({ archived: true });
      const kept = await context()
        .database.db.select({ id: healthMeasurements.id })
        .from(healthMeasurements)
        .where(eq(healthMeasurements.profileId, child));
      expect(kept).toHaveLength(1);
    });
  });

  describe('the table’s constraints (migration 0014)', () => {
    it('restate the domain’s categories and limits, read back from the catalog', async () => {
      const { database } = context();
      const definition = async (name: string) =>
        rowsOf<{ d: string }>(
          await database.db.execute(sql`select pg_get_constraintdef(oid) as d from pg_constraint where conname = ${name}`),
        )[0]?.d ?? '';
      const categories = /ARRAY\[([^\]]*)\]/.exec(await definition('health_measurements_category'))?.[1] ?? '';
      expect(
        categories
          .split(',')
          .map((item) =>
            item
              .trim()
              .replace(/::text$/, '')
              .slice(1, -1),
          )
          .sort(),
      ).toEqual([...MEASUREMENT_CATEGORIES].sort());
      const positive = await definition('health_measurements_positive');
      for (const [column, max] of [
        ['systolic', MEASURE_LIMITS.systolic.max],
        ['diastolic', MEASURE_LIMITS.diastolic.max],
        ['heart_rate', MEASURE_LIMITS.heartRate.max],
      ] as const)
        expect(positive).toMatch(new RegExp(`COALESCE\\(\\(?${column}\\)?(::integer)?, 1\\) <= ${max}\\)`));
      expect(positive).toContain(`COALESCE(height, (${MEASURE_LIMITS.height.min})::numeric) >= (${MEASURE_LIMITS.height.min})::numeric`);
    });
  });
});
