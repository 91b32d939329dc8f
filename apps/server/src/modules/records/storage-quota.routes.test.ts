import { randomBytes } from 'node:crypto';
import { STORAGE_QUOTA_BYTES } from '@rhc/domain';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { createPatient } from '../../../test/booking-helpers.ts';
import { send, sendForm, type Caller } from '../../../test/http-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { documents } from '../../db/schema/index.ts';
import { recordBody, tinyPdf, type RecordFile } from '../../platform/storage/test-kit.ts';

/*
 * Issue 54 item 6: the 200 MB quota is an account's, for its own files and those of every profile it manages; a new
 * managed profile does not bring 200 MB more.
 */

const INFO = { testDayTime: '2026-11-20', doctorName: 'BS. Trần Thị Hoa', reasonForExamination: 'Khám định kỳ' };
const PDF: RecordFile = { content: tinyPdf('ket qua'), filename: 'ket-qua.pdf', typeExam: 1 };

async function managedProfile(app: FastifyInstance, owner: Caller, fullName: string): Promise<string> {
  const response = await send(app, 'POST', `/api/relative/${owner.userId}`, owner.auth, {
    fullName,
    phone: '0912345678',
    callingCodes: '+84',
    nameCountry: 'Việt Nam',
    gender: 'female',
    dateOfBirth: '1950-03-10',
    email: '',
    address: '12 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

/** Earlier files of `profileId` taking `bytes` (rows only: the quota counts rows). */
async function filled(ctx: TestContext, profileId: string, bytes: number) {
  await ctx.database.db.insert(documents).values({
    profileId,
    typeExam: 3,
    originalName: 'old.pdf',
    sizeBytes: bytes,
    mediaType: 'application/pdf',
    storageKey: `documents/${randomBytes(32).toString('base64url').slice(0, 43)}`,
    state: 'pending',
    createdAt: ctx.clock.now(),
  });
}

function upload(app: FastifyInstance, caller: Caller, profileId: string) {
  return sendForm(app, 'POST', `/api/order-record-data/${profileId}`, caller.auth, recordBody(INFO, [PDF]));
}

function usage(app: FastifyInstance, caller: Caller, profileId: string) {
  return app.inject({ method: 'GET', url: `/api/storage-usage/${profileId}`, headers: caller.auth });
}

describeOnEachDatabase((context) => {
  it('counts the files of every profile an account manages against the one quota of the account', async () => {
    const ctx = context();
    const { app } = ctx;
    const owner = await createPatient(ctx);
    const mother = await managedProfile(app, owner, 'Trần Thị Mai');
    const father = await managedProfile(app, owner, 'Nguyễn Văn Hùng');
    // The account's own files and its mother's leave exactly one PDF of room.
    await filled(ctx, owner.userId, STORAGE_QUOTA_BYTES / 2);
    await filled(ctx, mother, STORAGE_QUOTA_BYTES / 2 - PDF.content.length);

    const fits = await upload(app, owner, father);
    expect(fits.statusCode, fits.body).toBe(201);
    for (const profileId of [owner.userId, mother, father]) {
      expect((await usage(app, owner, profileId)).json().data).toEqual({ usedBytes: STORAGE_QUOTA_BYTES, quotaBytes: STORAGE_QUOTA_BYTES });
    }

    // A byte more, on any of them (a new profile included), is refused.
    const sister = await managedProfile(app, owner, 'Nguyễn Thị Lan');
    for (const profileId of [owner.userId, mother, father, sister]) {
      const refused = await upload(app, owner, profileId);
      expect(refused.statusCode, profileId).toBe(413);
      expect(refused.json()).toMatchObject({
        code: 'STORAGE_QUOTA_EXCEEDED',
        message: 'Bộ nhớ hồ sơ của bạn và người thân bạn quản lý đã đầy (tối đa 200 MB). Vui lòng xóa bớt tệp cũ rồi thử lại.',
      });
    }

    // Another account's quota is its own.
    const other = await createPatient(ctx);
    expect((await upload(app, other, other.userId)).statusCode).toBe(201);
  });
});
