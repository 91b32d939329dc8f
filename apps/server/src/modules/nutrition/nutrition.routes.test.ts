import { NUTRITION_PER_DAY } from '@rhc/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createPatient } from '../../../test/booking-helpers.ts';
import { insertManagedProfile } from '../../../test/relatives-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { auditEvents, nutritionAssessments, shares } from '../../db/schema/index.ts';

type Caller = { userId: string; auth: { authorization: string } };

/** The test clock starts at 2026-11-22T03:00Z, 10:00 in Vietnam; the patient is born on 1990-05-20. */
const BASE = { examinedOn: '2026-11-20', heightCm: 160, weightKg: 45, weightThreeMonthsAgoKg: 50 };

function send(app: FastifyInstance, caller: Caller, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) {
  return app.inject({ method, url: `/api${url}`, headers: { ...caller.auth, 'accept-language': 'en' }, payload });
}

async function add(app: FastifyInstance, caller: Caller, infoId: string, body: object) {
  const response = await send(app, caller, 'POST', `/nutrition/${infoId}`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; assessment: Record<string, unknown> } & Record<string, unknown>;
}

async function share(ctx: TestContext, profileId: string, watcherId: string, sections: string[]) {
  const now = ctx.clock.now();
  await ctx.database.db.insert(shares).values({ profileId, watcherId, grantedBy: profileId, sections, grantedAt: now, changedAt: now });
}

function fieldOf(response: { json(): unknown }): string[] {
  return ((response.json() as { details?: { field: string }[] }).details ?? []).map((d) => d.field);
}

describeOnEachDatabase((context) => {
  describe('my nutrition history', () => {
    it('computes BMI, the loss rate, NRS-2002, GLIM and the conclusion itself, ignoring what the client sent', async () => {
      const { app } = context();
      const me = await createPatient(context());
      const record = await add(app, me, me.userId, {
        ...BASE,
        intake: '25to50',
        diseaseSeverity: 1,
        reducedEating1Week: true,
        recommendedFoods: 'Cháo thịt, sữa 🥛',
        otherMedication: 'Vitamin D',
        note: 'Tái khám sau 2 tuần',
        assessment: { conclusion: 'notMalnourished.none' },
        conclusion: 'notMalnourished.none',
      });
      expect(record).toMatchObject({
        infoId: me.userId,
        examinedOn: '2026-11-20',
        intake: '25to50',
        recommendedFoods: 'Cháo thịt, sữa 🥛',
        sampleMenu: false,
        energyKcal: null,
        assessment: {
          ageYears: 36,
          bmi: 17.6,
          weightLossPercent: 10,
          nrs: { nutritionalStatus: 2, diseaseSeverity: 1, agePoint: 0, total: 3, level: 'moderate' },
          glim: { phenotype: ['weightLoss', 'lowBmi'], etiology: ['reducedEating1Week'], malnourished: true, severity: 'severe' },
          conclusion: 'malnourished.moderate',
        },
      });

      const read = await send(app, me, 'GET', `/nutrition/${me.userId}/${record.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toEqual(record);
    });

    it('lists newest exam first in pages of 10 from page 0, changes one (scores again) and deletes one', async () => {
      const { app } = context();
      const me = await createPatient(context());
      const older = await add(app, me, me.userId, { ...BASE, examinedOn: '2026-10-01' });
      const newer = await add(app, me, me.userId, { ...BASE, examinedOn: '2026-11-21' });
      const list = await send(app, me, 'GET', `/nutrition/${me.userId}`);
      expect(list.json().data).toMatchObject({ total: 2, page: 0, size: 10 });
      expect((list.json().data.items as { id: string }[]).map((r) => r.id)).toEqual([newer.id, older.id]);
      const second = await send(app, me, 'GET', `/nutrition/${me.userId}?page=1&size=1`);
      expect((second.json().data.items as { id: string }[]).map((r) => r.id)).toEqual([older.id]);

      const changed = await send(app, me, 'PUT', `/nutrition/${me.userId}/${older.id}`, {
        ...BASE,
        examinedOn: '2026-10-01',
        weightKg: 55,
        weightThreeMonthsAgoKg: null,
        energyKcal: 1800,
        sampleMenu: true,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().data).toMatchObject({
        id: older.id,
        weightKg: 55,
        weightThreeMonthsAgoKg: null,
        energyKcal: 1800,
        sampleMenu: true,
        assessment: { bmi: 21.5, weightLossPercent: null, conclusion: 'notMalnourished.none' },
      });

      const removed = await send(app, me, 'DELETE', `/nutrition/${me.userId}/${newer.id}`);
      expect(removed.json().data).toEqual({ id: newer.id });
      expect((await send(app, me, 'GET', `/nutrition/${me.userId}/${newer.id}`)).statusCode).toBe(404);
      expect((await send(app, me, 'DELETE', `/nutrition/${me.userId}/${newer.id}`)).statusCode).toBe(404);

      // The trail names the person and the record, never a figure or a text.
      const trail = await context()
        .database.db.select()
        .from(auditEvents)
        .where(and(eq(auditEvents.subjectUserId, me.userId), eq(auditEvents.outcome, 'success')));
      const rows = trail.filter((row) => row.action.startsWith('nutrition.'));
      expect(rows.map((row) => row.action).sort()).toEqual(['nutrition.delete', 'nutrition.write', 'nutrition.write', 'nutrition.write']);
      for (const row of rows) expect(Object.keys(row.details as object)).toEqual(['id']);
    });

    it('refuses an exam day after today, before 1900 or before birth, and out-of-range figures, naming the field', async () => {
      const { app } = context();
      const me = await createPatient(context());
      const cases: [object, string][] = [
        [{ ...BASE, examinedOn: '2026-11-23' }, 'body.examinedOn'],
        [{ ...BASE, examinedOn: '1899-12-31' }, 'body.examinedOn'],
        [{ ...BASE, examinedOn: '1990-05-19' }, 'body.examinedOn'],
        [{ ...BASE, examinedOn: '9999-12-31' }, 'body.examinedOn'],
        [{ ...BASE, examinedOn: '2026-02-30' }, 'body.examinedOn'],
        [{ ...BASE, heightCm: 0 }, 'body.heightCm'],
        [{ ...BASE, weightKg: 501 }, 'body.weightKg'],
        [{ ...BASE, diseaseSeverity: 4 }, 'body.diseaseSeverity'],
        [{ ...BASE, intake: 'lots' }, 'body.intake'],
        [{ ...BASE, energyKcal: 1e9 }, 'body.energyKcal'],
        [{ ...BASE, note: 'x'.repeat(10_000) }, 'body.note'],
      ];
      for (const [body, field] of cases) {
        const response = await send(app, me, 'POST', `/nutrition/${me.userId}`, body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(fieldOf(response)).toContain(field);
      }
      const early = await send(app, me, 'POST', `/nutrition/${me.userId}`, { ...BASE, examinedOn: '1990-05-19' });
      expect(early.json().details[0].message).toBe('The examination date cannot be before the date of birth.');
      expect(
        await context().database.db.select().from(nutritionAssessments).where(eq(nutritionAssessments.profileId, me.userId)),
      ).toHaveLength(0);
    });

    it(`takes ${NUTRITION_PER_DAY} assessments a day for one person, then says so`, async () => {
      const { app } = context();
      const me = await createPatient(context());
      for (let i = 0; i < NUTRITION_PER_DAY; i += 1) await add(app, me, me.userId, BASE);
      const refused = await send(app, me, 'POST', `/nutrition/${me.userId}`, BASE);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('NUTRITION_LIMIT');
    });
  });

  describe("a relative's nutrition history", () => {
    it("scores a managed parent at their own age, and a watcher with 'health info' reads but never writes", async () => {
      const { app } = context();
      const manager = await createPatient(context());
      const father = await insertManagedProfile(context(), manager.userId, '1950-03-01');
      const record = await add(app, manager, father, { ...BASE, heightCm: 165, weightKg: 52, weightThreeMonthsAgoKg: null });
      expect(record.assessment).toMatchObject({
        ageYears: 76,
        bmi: 19.1,
        nrs: { agePoint: 1, total: 1, level: 'none' },
        glim: { phenotype: ['lowBmi'], malnourished: false, severity: null },
        conclusion: 'notMalnourished.none',
      });

      const watcher = await createPatient(context());
      const stranger = await createPatient(context());
      expect((await send(app, watcher, 'GET', `/nutrition/${father}`)).statusCode).toBe(404);
      await share(context(), father, watcher.userId, ['health_info']);
      const read = await send(app, watcher, 'GET', `/nutrition/${father}/${record.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json().data.id).toBe(record.id);
      expect((await send(app, watcher, 'GET', `/nutrition/${father}`)).json().data.total).toBe(1);
      expect((await send(app, watcher, 'POST', `/nutrition/${father}`, BASE)).statusCode).toBe(404);
      expect((await send(app, watcher, 'PUT', `/nutrition/${father}/${record.id}`, BASE)).statusCode).toBe(404);
      expect((await send(app, watcher, 'DELETE', `/nutrition/${father}/${record.id}`)).statusCode).toBe(404);
      expect((await send(app, stranger, 'GET', `/nutrition/${father}/${record.id}`)).statusCode).toBe(404);

      // My own id with another person's record: not found, and nothing changed.
      expect((await send(app, stranger, 'GET', `/nutrition/${stranger.userId}/${record.id}`)).statusCode).toBe(404);
      expect((await send(app, stranger, 'PUT', `/nutrition/${stranger.userId}/${record.id}`, BASE)).statusCode).toBe(404);
      expect((await send(app, stranger, 'DELETE', `/nutrition/${stranger.userId}/${record.id}`)).statusCode).toBe(404);
      expect((await send(app, manager, 'GET', `/nutrition/${father}/${record.id}`)).json().data.weightKg).toBe(52);
    });

    it('keeps a managed profile with a nutrition history: deleting it archives it', async () => {
      const { app } = context();
      const manager = await createPatient(context());
      const child = await insertManagedProfile(context(), manager.userId, '2015-06-01');
      await add(app, manager, child, { ...BASE, heightCm: 130, weightKg: 27, weightThreeMonthsAgoKg: null });
      const deleted = await send(app, manager, 'DELETE', `/relative/${child}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json().data).toEqual({ archived: true });
      expect(await context().database.db.select().from(nutritionAssessments).where(eq(nutritionAssessments.profileId, child))).toHaveLength(
        1,
      );
    });
  });
});
