import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import JSONSchemaValidator from '@asymmetrik/fhir-json-schema-validator';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn, proveSession } from '../../../test/accounts-helpers.ts';
import { createPatients } from '../../../test/booking-helpers.ts';
import { send, sendForm, type Caller } from '../../../test/http-helpers.ts';
import { insertManagedProfile } from '../../../test/relatives-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { auditEvents, outboxMessages, shares, userNotifications } from '../../db/schema/index.ts';
import { uploadsTempDir } from '../../platform/storage/storage.ts';
import { recordBody, tinyPdf } from '../../platform/storage/test-kit.ts';

const validator = new JSONSchemaValidator();
const WEEK_MS = 7 * 24 * 60 * 60_000;
const RESULT = tinyPdf('kết quả máu');

interface ExportView {
  id: string;
  profileId: string;
  status: string;
  progress: number;
  bytes: number | null;
  expiresAt: string | null;
  language: string;
}

function get(app: FastifyInstance, caller: Caller, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers: { ...caller.auth, ...headers } });
}

async function listOf(app: FastifyInstance, caller: Caller, profileId: string): Promise<ExportView[]> {
  const response = await get(app, caller, `/api/record-exports/${profileId}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { exports: ExportView[] }).exports;
}

/** Waits for the background worker (every 50 ms in this suite) to bring the export to `status`. */
async function until(app: FastifyInstance, caller: Caller, profileId: string, id: string, status: string): Promise<ExportView> {
  for (let tries = 0; tries < 400; tries += 1) {
    const found = (await listOf(app, caller, profileId)).find((item) => item.id === id);
    if (found?.status === status) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`export never became ${status}`);
}

describeOnEachDatabase(
  (context) => {
    let ctx: TestContext;
    let owner: Caller & { phone: string; password: string };
    let watcher: Caller;
    let stranger: Caller;
    let managedId: string;

    beforeAll(async () => {
      ctx = context();
      [owner, watcher, stranger] = await createPatients(ctx, 3);
      managedId = await insertManagedProfile(ctx, owner.userId, '2018-03-10');
      // The owner's record: a health record with a file, a reading, and a share to the watcher.
      const record = await sendForm(
        ctx.app,
        'POST',
        `/api/order-record-data/${owner.userId}`,
        owner.auth,
        recordBody({ testDayTime: '2026-11-20', doctorName: 'BS. Trần Thị Hoa', reasonForExamination: 'Khám định kỳ' }, [
          { content: RESULT, filename: 'kết quả.pdf', typeExam: 1 },
        ]),
      );
      expect(record.statusCode, record.body).toBe(201);
      const reading = await send(ctx.app, 'POST', `/api/health-measurement/${owner.userId}`, owner.auth, {
        measuredAt: '2026-11-21T01:00:00Z',
        systolic: 150,
        diastolic: 95,
        heartRate: 80,
      });
      expect(reading.statusCode, reading.body).toBe(201);
      const nutrition = await send(ctx.app, 'POST', `/api/nutrition/${owner.userId}`, owner.auth, {
        examinedOn: '2026-11-20',
        heightCm: 160,
        weightKg: 45,
        weightThreeMonthsAgoKg: 50,
        intake: '25to50',
        diseaseSeverity: 1,
      });
      expect(nutrition.statusCode, nutrition.body).toBe(201);
      const now = ctx.clock.now();
      await ctx.database.db.insert(shares).values({
        profileId: owner.userId,
        watcherId: watcher.userId,
        grantedBy: owner.userId,
        sections: ['all'],
        grantedAt: now,
        changedAt: now,
      });
    });

    let exportId: string;

    describe('an export of my own record', () => {
      it('asks for a fresh code first (403 STEP_UP_REQUIRED), and nothing is prepared without one', async () => {
        const unproved = await send(ctx.app, 'POST', `/api/record-exports/${owner.userId}`, owner.auth);
        expect(unproved.statusCode).toBe(403);
        expect(unproved.json().code).toBe('STEP_UP_REQUIRED');
        expect(await listOf(ctx.app, owner, owner.userId)).toEqual([]);
      });

      it('is asked for (201, preparing) and listed newest first', async () => {
        await proveSession(ctx.app, owner, owner.phone);
        const response = await send(ctx.app, 'POST', `/api/record-exports/${owner.userId}`, { ...owner.auth, 'accept-language': 'vi' });
        expect(response.statusCode, response.body).toBe(201);
        const created = (response.json().data as { export: ExportView }).export;
        expect(created).toMatchObject({ profileId: owner.userId, status: 'preparing', language: 'vi', expiresAt: null });
        exportId = created.id;
        expect((await listOf(ctx.app, owner, owner.userId))[0]?.id).toBe(exportId);
      });

      it('is built in the background: ready with a 7-day link, and the requester is told', async () => {
        const ready = await until(ctx.app, owner, owner.userId, exportId, 'ready');
        expect(ready.progress).toBe(100);
        expect(ready.bytes).toBeGreaterThan(RESULT.byteLength);
        expect(new Date(ready.expiresAt ?? 0).getTime() - ctx.clock.now().getTime()).toBe(WEEK_MS);
        const notices = await ctx.database.db
          .select()
          .from(userNotifications)
          .where(and(eq(userNotifications.userId, owner.userId), eq(userNotifications.event, 'record-export:notice.inApp')));
        expect(notices).toHaveLength(1);
        const queued = await ctx.database.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.dedupeKey, `record-export:${exportId}:${owner.userId}:email`));
        expect(queued).toHaveLength(1);
        expect(queued[0]?.subject).toContain('hồ sơ sức khỏe');
      });

      it('downloads as a zip: summary.pdf, a FHIR Bundle that validates, and the record file as stored', async () => {
        const response = await get(ctx.app, owner, `/api/record-exports/${owner.userId}/${exportId}/file`);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['content-type']).toBe('application/zip');
        expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename=".*\.zip"; filename\*=UTF-8''/);
        const entries = unzipSync(new Uint8Array(response.rawPayload));
        const names = Object.keys(entries);
        expect(names.slice(0, 2)).toEqual(['summary.pdf', 'fhir-bundle.json']);
        expect(
          Buffer.from(entries['summary.pdf'] ?? [])
            .subarray(0, 5)
            .toString(),
        ).toBe('%PDF-');
        const bundle = JSON.parse(Buffer.from(entries['fhir-bundle.json'] ?? []).toString()) as {
          entry: { resource: { resourceType: string } }[];
        };
        expect(validator.validate(bundle)).toEqual([]);
        const types = bundle.entry.map((entry) => entry.resource.resourceType);
        // Blood pressure and heart rate of the reading, and the nutrition assessment with its conclusion.
        expect(types.filter((type) => type === 'Observation')).toHaveLength(3);
        expect(JSON.stringify(bundle)).toContain('"code":"notMalnourished.moderate"');
        expect(types).toEqual(expect.arrayContaining(['Patient', 'RelatedPerson', 'DocumentReference', 'Consent']));
        const file = names.find((name) => name.startsWith('files/'));
        expect(file).toMatch(/kết quả\.pdf$/);
        expect(Buffer.from(entries[file ?? ''] ?? []).equals(RESULT)).toBe(true);
        const audited = await ctx.database.db
          .select()
          .from(auditEvents)
          .where(
            and(eq(auditEvents.action, 'record.export'), eq(auditEvents.actorUserId, owner.userId), eq(auditEvents.outcome, 'success')),
          );
        expect(audited.map((row) => (row.details as { view: string }).view).sort()).toEqual(['create', 'file']);
      });

      it('is refused (404) to a watcher granted every section, and to a stranger', async () => {
        for (const caller of [watcher, stranger]) {
          expect((await send(ctx.app, 'POST', `/api/record-exports/${owner.userId}`, caller.auth)).statusCode).toBe(404);
          expect((await get(ctx.app, caller, `/api/record-exports/${owner.userId}`)).statusCode).toBe(404);
          expect((await get(ctx.app, caller, `/api/record-exports/${owner.userId}/${exportId}/file`)).statusCode).toBe(404);
          // Naming their own profile does not open someone else's export either.
          expect((await get(ctx.app, caller, `/api/record-exports/${caller.userId}/${exportId}/file`)).statusCode).toBe(404);
        }
      });
    });

    describe('an export of a profile I manage', () => {
      it('is asked for by the manager, built, and downloaded only under that profile', async () => {
        await proveSession(ctx.app, owner, owner.phone);
        const response = await send(ctx.app, 'POST', `/api/record-exports/${managedId}`, owner.auth);
        expect(response.statusCode, response.body).toBe(201);
        const id = (response.json().data as { export: ExportView }).export.id;
        // Not downloadable while preparing.
        const early = await get(ctx.app, owner, `/api/record-exports/${managedId}/${id}/file`);
        expect([409, 200]).toContain(early.statusCode);
        if (early.statusCode === 409) expect(early.json().code).toBe('RECORD_EXPORT_NOT_READY');
        await until(ctx.app, owner, managedId, id, 'ready');
        expect((await get(ctx.app, owner, `/api/record-exports/${managedId}/${id}/file`)).statusCode).toBe(200);
        // The managed profile's export named under the manager's own profile is not found.
        expect((await get(ctx.app, owner, `/api/record-exports/${owner.userId}/${id}/file`)).statusCode).toBe(404);
        expect((await get(ctx.app, stranger, `/api/record-exports/${managedId}`)).statusCode).toBe(404);
      });
    });

    it('refuses a fourth export in the hour (429 RECORD_EXPORT_TOO_MANY)', async () => {
      await proveSession(ctx.app, owner, owner.phone);
      expect((await send(ctx.app, 'POST', `/api/record-exports/${owner.userId}`, owner.auth)).statusCode).toBe(201);
      const refused = await send(ctx.app, 'POST', `/api/record-exports/${owner.userId}`, owner.auth);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RECORD_EXPORT_TOO_MANY');
    });

    it('removes an archive a killed process left half-written, and leaves one being written', async () => {
      const spool = path.join(uploadsTempDir(ctx.uploadsDir), 'record-exports');
      await fs.mkdir(spool, { recursive: true });
      const [left, writing] = [path.join(spool, `${randomUUID()}.zip`), path.join(spool, `${randomUUID()}.zip`)];
      await fs.writeFile(left, 'PK half an archive');
      await fs.writeFile(writing, 'PK an archive being written');
      const anHourAgo = new Date(Date.now() - 60 * 60_000);
      await fs.utimes(left, anHourAgo, anHourAgo);
      for (let tries = 0; tries < 100 && (await fs.stat(left).catch(() => null)); tries += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await expect(fs.stat(left)).rejects.toThrow();
      expect((await fs.stat(writing)).size).toBeGreaterThan(0);
    });

    // Last: the clock moves a week on (the sessions end with it).
    it('expires after 7 days: the archive is deleted and the link answers 410', async () => {
      ctx.clock.advance(WEEK_MS + 60_000);
      const again = await logIn(ctx.app, owner.phone, owner.password);
      const expired = await until(ctx.app, again, owner.userId, exportId, 'expired');
      expect(expired.bytes).toBeNull();
      const response = await get(ctx.app, again, `/api/record-exports/${owner.userId}/${exportId}/file`);
      expect(response.statusCode).toBe(410);
      expect(response.json().code).toBe('RECORD_EXPORT_EXPIRED');
    });
  },
  { deps: { recordExportEveryMs: 50 } },
);
