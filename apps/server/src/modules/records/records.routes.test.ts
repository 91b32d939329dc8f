import { randomBytes } from 'node:crypto';
import { FILE_MAX_BYTES, ORDER_STATUS, STORAGE_QUOTA_BYTES } from '@rhc/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDoctor, createPatient, createPatients, insertConfirmedOrder, insertOrder } from '../../../test/booking-helpers.ts';
import { send, sendForm, type Caller } from '../../../test/http-helpers.ts';
import { profileBody } from '../../../test/relatives-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { documents, healthRecords, orders, shares } from '../../db/schema/index.ts';
import {
  fakeExecutable,
  filesUnder,
  multipartBody,
  recordBody,
  startS3rver,
  tinyDocx,
  tinyPdf,
  tinyPng,
  type RecordFile,
} from '../../platform/storage/test-kit.ts';

/** The test clock's day in Vietnam (2026-11-22T03:00Z). */
const TODAY = '2026-11-22';
const TOO_LONG_VI = 'Nội dung quá dài.';
const INFO = { testDayTime: '2026-11-20', doctorName: 'BS. Trần Thị Hoa', reasonForExamination: 'Khám định kỳ, đau đầu' };
const PRESCRIPTION: RecordFile = { content: tinyPng(), filename: 'don-thuoc.png', typeExam: 4, displayName: 'Đơn thuốc tháng 11' };
const RESULT_PDF: RecordFile = { content: tinyPdf('ket qua'), filename: 'kết quả xét nghiệm.pdf', typeExam: 1 };

function createRecord(app: FastifyInstance, caller: Caller, profileId: string, info: object, files: readonly RecordFile[], options = {}) {
  const body = recordBody(info as Record<string, unknown>, files, options);
  return sendForm(app, 'POST', `/api/order-record-data/${profileId}`, caller.auth, body);
}

async function created(
  app: FastifyInstance,
  caller: Caller,
  profileId = caller.userId,
  files: readonly RecordFile[] = [PRESCRIPTION, RESULT_PDF],
) {
  const response = await createRecord(app, caller, profileId, INFO, files);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as {
    id: string;
    infoStoreDoctorName: string;
    dateTest: string;
    reasonForExamination: string;
    canEdit: boolean;
    listResponseDocumentDTO: {
      documents: { id: string; fileId: string; fileName: string; typeExam: number; dowloadUri: string; type: string }[];
    };
  };
}

/** The doctor's upload of `body` to a booking's files, naming its doctor and its patient as the doctor's page does. */
function attach(app: FastifyInstance, doctor: Caller, patient: Caller, orderId: string, body: ReturnType<typeof multipartBody>) {
  return sendForm(app, 'POST', `/api/document/${orderId}?doctorId=${doctor.userId}&patientId=${patient.userId}`, doctor.auth, body);
}

function get(app: FastifyInstance, caller: Caller, url: string) {
  return app.inject({ method: 'GET', url, headers: caller.auth });
}

async function share(ctx: TestContext, profileId: string, watcherId: string, sections: string[]) {
  const now = ctx.clock.now();
  await ctx.database.db.insert(shares).values({ profileId, watcherId, grantedBy: profileId, sections, grantedAt: now, changedAt: now });
}

/** The S3-compatible server of the suite's second run (its objects are the stored files then). */
let s3: Awaited<ReturnType<typeof startS3rver>> | undefined;

/** The stored files, by key, whichever driver holds them (the spool left out). */
async function storedObjects(uploadsDir: string): Promise<string[]> {
  const local = (await filesUnder(uploadsDir)).filter((name) => !name.startsWith('.incoming/'));
  const remote = s3
    ? (await filesUnder(s3.directory))
        .filter((name) => name.endsWith('._S3rver_object'))
        .map((name) => name.replace(/^[^/]+\//, '').replace(/\._S3rver_object$/, ''))
    : [];
  return [...local, ...remote].sort();
}

/** Everything on disk or in the store: stored files and spooled ones. */
async function everything(uploadsDir: string): Promise<string[]> {
  return [...(await storedObjects(uploadsDir)), ...(await filesUnder(uploadsDir)).filter((name) => name.startsWith('.incoming/'))].sort();
}

/** The same suite for both storage drivers (decision 024). */
function recordsSuite(deps: { storageUrl?: string }) {
  describeOnEachDatabase(
    (context) => {
      describe('POST /api/order-record-data/:userId', () => {
        it('creates a record with a prescription image and a PDF, all in one unit, and answers it in the spec’s fields', async () => {
          const { app, uploadsDir } = context();
          const patient = await createPatient(context());
          const storedBefore = await storedObjects(uploadsDir);
          const record = await created(app, patient);
          expect(record).toMatchObject({
            infoStoreDoctorName: INFO.doctorName,
            dateTest: INFO.testDayTime,
            reasonForExamination: INFO.reasonForExamination,
            canEdit: true,
          });
          const files = record.listResponseDocumentDTO.documents;
          expect(files.map((file) => [file.typeExam, file.type, file.fileName])).toEqual([
            [4, 'image', 'Đơn thuốc tháng 11'],
            [1, 'pdf', 'kết quả xét nghiệm.pdf'],
          ]);
          expect(files[0]?.dowloadUri).toBe(`/api/document/${files[0]?.id}`);
          expect(files[0]?.fileId).toBe(files[0]?.id);
          // Stored under random names, nothing left in the spool.
          const stored = await everything(uploadsDir);
          expect(stored.filter((name) => name.startsWith('documents/') && !storedBefore.includes(name))).toHaveLength(2);
          expect(stored.filter((name) => name.startsWith('.incoming/'))).toEqual([]);
          expect(stored.join(' ')).not.toContain('xét');
        });

        it('answers each validation key of the spec for a missing date, doctor and reason', async () => {
          const { app } = context();
          const patient = await createPatient(context());
          const response = await createRecord(
            app,
            patient,
            patient.userId,
            { testDayTime: '', doctorName: ' ', reasonForExamination: '' },
            [PRESCRIPTION],
          );
          expect(response.statusCode).toBe(400);
          const body = response.json();
          expect(body.code).toBe('VALIDATION_FAILED');
          const fields = Object.fromEntries((body.details as { field: string; message: string }[]).map((d) => [d.field, d.message]));
          expect(fields).toEqual({
            'recordDataInfo.testDayTime': 'Vui lòng chọn ngày khám.',
            'recordDataInfo.doctorName': 'Vui lòng nhập họ tên bác sĩ.',
            'recordDataInfo.reasonForExamination': 'Vui lòng nhập lý do khám.',
          });
          const english = await sendForm(
            app,
            'POST',
            `/api/order-record-data/${patient.userId}`,
            { ...patient.auth, 'accept-language': 'en' },
            recordBody({}, [PRESCRIPTION]),
          );
          expect(english.json().details.map((d: { message: string }) => d.message)).toEqual([
            'Please choose the examination date.',
            "Please enter the doctor's full name.",
            'Please enter the reason for the examination.',
          ]);
        });

        it('refuses an examination date after today, and a record without a file (record.file-required)', async () => {
          const { app } = context();
          const patient = await createPatient(context());
          const tomorrow = await createRecord(app, patient, patient.userId, { ...INFO, testDayTime: '2026-11-23' }, [PRESCRIPTION]);
          expect(tomorrow.statusCode).toBe(400);
          expect(tomorrow.json().details).toEqual([
            { field: 'recordDataInfo.testDayTime', code: 'custom', message: 'Ngày khám không được sau ngày hôm nay.' },
          ]);
          const today = await createRecord(app, patient, patient.userId, { ...INFO, testDayTime: TODAY }, [PRESCRIPTION]);
          expect(today.statusCode).toBe(201);
          const noFile = await createRecord(app, patient, patient.userId, INFO, []);
          expect(noFile.statusCode).toBe(400);
          expect(noFile.json().code).toBe('RECORD_FILE_REQUIRED');
          for (const day of ['0000-01-01', '9999-12-31', '2026-02-30', 'hôm qua']) {
            const odd = await createRecord(app, patient, patient.userId, { ...INFO, testDayTime: day }, [PRESCRIPTION]);
            expect(odd.statusCode, day).toBe(400);
          }
        });

        it('refuses an executable renamed .pdf with 415 and keeps nothing of the upload', async () => {
          const { app, database, uploadsDir } = context();
          const patient = await createPatient(context());
          const before = await everything(uploadsDir);
          const response = await createRecord(app, patient, patient.userId, INFO, [
            RESULT_PDF,
            { content: fakeExecutable(), filename: 'ket-qua.pdf', typeExam: 1 },
          ]);
          expect(response.statusCode).toBe(415);
          expect(response.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
          expect(await database.db.select().from(healthRecords).where(eq(healthRecords.profileId, patient.userId))).toEqual([]);
          expect(await database.db.select().from(documents).where(eq(documents.profileId, patient.userId))).toEqual([]);
          expect(await everything(uploadsDir)).toEqual(before);
        });

        it('takes a Word document as a document, and refuses a PDF in the prescription area', async () => {
          const { app } = context();
          const patient = await createPatient(context());
          const word = await created(app, patient, patient.userId, [{ content: tinyDocx(), filename: 'tom-tat.docx', typeExam: 3 }]);
          expect(word.listResponseDocumentDTO.documents[0]?.type).toBe('word');
          const pdfAsPrescription = await createRecord(app, patient, patient.userId, INFO, [{ ...RESULT_PDF, typeExam: 4 }]);
          expect(pdfAsPrescription.statusCode).toBe(415);
          expect(pdfAsPrescription.json().code).toBe('PRESCRIPTION_IMAGES_ONLY');
        });

        it('refuses a file of 10 MB + 1 byte with 413, and keeps nothing', async () => {
          const { app, database, uploadsDir } = context();
          const patient = await createPatient(context());
          const before = await everything(uploadsDir);
          const response = await createRecord(app, patient, patient.userId, INFO, [
            { content: tinyPdf('big', FILE_MAX_BYTES + 1), filename: 'big.pdf', typeExam: 1 },
          ]);
          expect(response.statusCode).toBe(413);
          expect(response.json().code).toBe('FILE_TOO_LARGE');
          expect(await database.db.select().from(documents).where(eq(documents.profileId, patient.userId))).toEqual([]);
          expect(await everything(uploadsDir)).toEqual(before);
          // Exactly 10485760 bytes is allowed.
          await created(app, patient, patient.userId, [{ content: tinyPdf('max', FILE_MAX_BYTES), filename: 'max.pdf', typeExam: 1 }]);
        });

        it('refuses a declared body far over the limit before reading it', async () => {
          const { app } = context();
          const patient = await createPatient(context());
          const body = recordBody(INFO, [PRESCRIPTION]);
          const response = await sendForm(
            app,
            'POST',
            `/api/order-record-data/${patient.userId}`,
            { ...patient.auth, 'content-length': String(500 * 1024 * 1024) },
            body,
          );
          expect(response.statusCode).toBe(413);
          expect(response.json().code).toBe('FILES_TOTAL_TOO_LARGE');
        });

        it('refuses a sixth document, and documents over 10485760 bytes together (detail.size-of-5-count)', async () => {
          const { app } = context();
          const patient = await createPatient(context());
          const six = Array.from({ length: 6 }, (_, i) => ({ ...RESULT_PDF, filename: `kq-${i}.pdf` }));
          const tooMany = await createRecord(app, patient, patient.userId, INFO, six);
          expect(tooMany.statusCode).toBe(400);
          expect(tooMany.json()).toMatchObject({ code: 'TOO_MANY_FILES', message: 'Mỗi mục tải lên chỉ được tối đa 5 tệp.' });
          const half = Math.floor(FILE_MAX_BYTES / 2) + 1;
          const heavy = await createRecord(app, patient, patient.userId, INFO, [
            { content: tinyPdf('a', half), filename: 'a.pdf', typeExam: 1 },
            { content: tinyPdf('b', half), filename: 'b.pdf', typeExam: 2 },
          ]);
          expect(heavy.statusCode).toBe(413);
          expect(heavy.json().code).toBe('FILES_TOTAL_TOO_LARGE');
          const sixPrescriptions = Array.from({ length: 6 }, () => PRESCRIPTION);
          expect((await createRecord(app, patient, patient.userId, INFO, sixPrescriptions)).json().code).toBe('TOO_MANY_FILES');
        });

        it('refuses files that the fileInfos do not describe, and text fields after the files', async () => {
          const { app } = context();
          const patient = await createPatient(context());
          const missing = await createRecord(app, patient, patient.userId, INFO, [PRESCRIPTION, RESULT_PDF], {
            fileInfos: [{ fileIndex: 0, typeExam: 4 }],
          });
          expect(missing.statusCode).toBe(400);
          expect(missing.json().code).toBe('FILE_INFO_MISMATCH');
          const late = multipartBody([
            { name: 'files', file: { content: tinyPng(), filename: 'a.png' } },
            { name: 'recordDataInfo', value: JSON.stringify(INFO) },
          ]);
          const response = await sendForm(app, 'POST', `/api/order-record-data/${patient.userId}`, patient.auth, late);
          expect(response.statusCode).toBe(400);
          expect(response.json().code).toBe('RECORD_FORM_ORDER');
        });

        it('refuses to store past the person’s quota, with a clear message', async () => {
          const { app, database } = context();
          const patient = await createPatient(context());
          // Earlier files filling the quota but for a few bytes.
          await database.db.insert(documents).values({
            profileId: patient.userId,
            typeExam: 3,
            originalName: 'old.pdf',
            sizeBytes: STORAGE_QUOTA_BYTES - 100,
            mediaType: 'application/pdf',
            storageKey: `documents/${randomBytes(32).toString('base64url').slice(0, 43)}`,
            state: 'pending',
            createdAt: context().clock.now(),
          });
          const response = await createRecord(app, patient, patient.userId, INFO, [RESULT_PDF]);
          expect(response.statusCode).toBe(413);
          expect(response.json()).toMatchObject({
            code: 'STORAGE_QUOTA_EXCEEDED',
            message: 'Bộ nhớ hồ sơ của bạn và người thân bạn quản lý đã đầy (tối đa 200 MB). Vui lòng xóa bớt tệp cũ rồi thử lại.',
          });
          const usage = await get(app, patient, `/api/storage-usage/${patient.userId}`);
          expect(usage.json().data).toEqual({ usedBytes: STORAGE_QUOTA_BYTES - 100, quotaBytes: STORAGE_QUOTA_BYTES });
        });

        it('takes hostile text without a 5xx: NUL bytes, emoji, 10,000 characters', async () => {
          const { app } = context();
          const patient = await createPatient(context());
          const nul = await createRecord(app, patient, patient.userId, { ...INFO, doctorName: 'BS\u0000A' }, [PRESCRIPTION]);
          expect(nul.statusCode).toBe(400);
          const long = await createRecord(app, patient, patient.userId, { ...INFO, reasonForExamination: 'x'.repeat(10_000) }, [
            PRESCRIPTION,
          ]);
          expect(long.statusCode).toBe(400);
          expect(long.json().details[0]).toMatchObject({ field: 'recordDataInfo.reasonForExamination', message: TOO_LONG_VI });
          const emoji = await createRecord(app, patient, patient.userId, { ...INFO, doctorName: 'BS. Hoa 👩‍⚕️' }, [
            { ...PRESCRIPTION, displayName: '💊 đơn', filename: 'a\u0000b/../c.png' },
          ]);
          expect(emoji.statusCode, emoji.body).toBe(201);
          expect(emoji.json().data.listResponseDocumentDTO.documents[0].originalName).toBe('c.png');
          // Bidirectional overrides would show "report\u202Egnp.exe" as "reportexe.png" (issue 54 item 9).
          const bidi = await createRecord(app, patient, patient.userId, INFO, [
            { ...PRESCRIPTION, filename: 'report\u202Egnp.exe\u2066\u2069\u200B\u2028.png' },
          ]);
          expect(bidi.statusCode, bidi.body).toBe(201);
          expect(bidi.json().data.listResponseDocumentDTO.documents[0].originalName).toBe('reportgnp.exe.png');
          const notJson = multipartBody([{ name: 'recordDataInfo', value: '{not json' }]);
          const bad = await sendForm(app, 'POST', `/api/order-record-data/${patient.userId}`, patient.auth, notJson);
          expect(bad.statusCode).toBe(400);
        });

        it('answers 50 identical uploads at once without a 5xx', async () => {
          const { app } = context();
          const patient = await createPatient(context());
          const answers = await Promise.all(
            Array.from({ length: 50 }, () => createRecord(app, patient, patient.userId, INFO, [PRESCRIPTION])),
          );
          expect(answers.filter((answer) => answer.statusCode >= 500)).toEqual([]);
          expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([201]));
        });
      });

      describe('GET/PUT/DELETE /api/order-record-data/:userId/:orderId and the files', () => {
        it('reads, changes (adding a file), deletes a file and deletes the record with its stored files', async () => {
          const { app, uploadsDir } = context();
          const patient = await createPatient(context());
          const record = await created(app, patient);
          const url = `/api/order-record-data/${patient.userId}/${record.id}`;
          expect((await get(app, patient, url)).json().data.listResponseDocumentDTO.documents).toHaveLength(2);

          const body = recordBody({ ...INFO, doctorName: 'BS. Lê Minh' }, [{ content: tinyPng(), filename: 'xquang.png', typeExam: 2 }]);
          const changed = await sendForm(app, 'PUT', url, patient.auth, body);
          expect(changed.statusCode, changed.body).toBe(200);
          expect(changed.json().data.infoStoreDoctorName).toBe('BS. Lê Minh');
          const files = changed.json().data.listResponseDocumentDTO.documents as { id: string; typeExam: number }[];
          expect(files.map((file) => file.typeExam)).toEqual([4, 1, 2]);

          const removeFile = await send(app, 'DELETE', `/api/document/${record.id}/${files[1]?.id}`, patient.auth);
          expect(removeFile.statusCode).toBe(200);
          expect(removeFile.json().data.documents.map((file: { typeExam: number }) => file.typeExam)).toEqual([4, 2]);
          expect((await get(app, patient, `/api/document/${files[1]?.id}`)).statusCode).toBe(404);

          const keysBefore = (await storedObjects(uploadsDir)).filter((name) => name.startsWith('documents/')).length;
          const removed = await app.inject({ method: 'DELETE', url, headers: patient.auth });
          expect(removed.json().data).toEqual({ id: record.id });
          expect((await get(app, patient, url)).statusCode).toBe(404);
          expect((await storedObjects(uploadsDir)).filter((name) => name.startsWith('documents/')).length).toBe(keysBefore - 2);
        });

        it('serves a file as an attachment with nosniff and its RFC 5987 name; an image inline', async () => {
          const { app } = context();
          const patient = await createPatient(context());
          const record = await created(app, patient);
          const [image, pdf] = record.listResponseDocumentDTO.documents;
          const download = await get(app, patient, `/api/document/${pdf?.id}`);
          expect(download.statusCode).toBe(200);
          expect(download.headers['content-type']).toBe('application/pdf');
          expect(download.headers['x-content-type-options']).toBe('nosniff');
          expect(download.headers['content-disposition']).toBe(
            `attachment; filename="k_t qu_ x_t nghi_m.pdf"; filename*=UTF-8''k%E1%BA%BFt%20qu%E1%BA%A3%20x%C3%A9t%20nghi%E1%BB%87m.pdf`,
          );
          expect(download.rawPayload.equals(tinyPdf('ket qua'))).toBe(true);
          const picture = await get(app, patient, `/api/document/${image?.id}`);
          expect(picture.headers['content-disposition']).toMatch(/^inline; filename="/);
          expect(picture.headers['content-disposition']).toContain('.png');
          expect(picture.headers['content-type']).toBe('image/png');
        });

        it('answers 404 for another person’s record and file, on every call', async () => {
          const { app } = context();
          const owner = await createPatient(context());
          const stranger = await createPatient(context());
          const record = await created(app, owner);
          const fileId = record.listResponseDocumentDTO.documents[0]?.id;
          const mine = `/api/order-record-data/${owner.userId}/${record.id}`;
          const viaOwnPath = `/api/order-record-data/${stranger.userId}/${record.id}`;
          for (const url of [
            mine,
            viaOwnPath,
            `/api/document/${fileId}`,
            `/api/order-record-data/${owner.userId}`,
            `/api/history-examination/${record.id}`,
          ])
            expect((await get(app, stranger, url)).statusCode, url).toBe(404);
          expect((await app.inject({ method: 'DELETE', url: mine, headers: stranger.auth })).statusCode).toBe(404);
          expect((await app.inject({ method: 'DELETE', url: viaOwnPath, headers: stranger.auth })).statusCode).toBe(404);
          expect(
            (await app.inject({ method: 'DELETE', url: `/api/document/${record.id}/${fileId}`, headers: stranger.auth })).statusCode,
          ).toBe(404);
          const body = recordBody(INFO, [PRESCRIPTION]);
          expect((await sendForm(app, 'PUT', mine, stranger.auth, body)).statusCode).toBe(404);
          expect((await createRecord(app, stranger, owner.userId, INFO, [PRESCRIPTION])).statusCode).toBe(404);
          // Nothing changed.
          expect((await get(app, owner, mine)).json().data.listResponseDocumentDTO.documents).toHaveLength(2);
        });

        it('lets a watcher with the sections read, shows them only their sections’ files, and never lets them write', async () => {
          const ctx = context();
          const { app } = ctx;
          const [owner, watcher, partial] = await createPatients(ctx, 3);
          const record = await created(app, owner);
          await share(ctx, owner.userId, watcher.userId, ['exam_info', 'prescriptions']);
          await share(ctx, owner.userId, partial.userId, ['vaccines']);
          const url = `/api/order-record-data/${owner.userId}/${record.id}`;
          const seen = await get(app, watcher, url);
          expect(seen.statusCode).toBe(200);
          expect(seen.json().data.canEdit).toBe(false);
          const files = seen.json().data.listResponseDocumentDTO.documents as { id: string; typeExam: number }[];
          expect(files.map((file) => file.typeExam)).toEqual([4]);
          expect((await get(app, watcher, `/api/document/${files[0]?.id}`)).statusCode).toBe(200);
          // The test result needs "test results".
          expect((await get(app, watcher, `/api/document/${record.listResponseDocumentDTO.documents[1]?.id}`)).statusCode).toBe(404);
          expect((await get(app, partial, url)).statusCode).toBe(404);
          expect((await app.inject({ method: 'DELETE', url, headers: watcher.auth })).statusCode).toBe(404);
          expect((await createRecord(app, watcher, owner.userId, INFO, [PRESCRIPTION])).statusCode).toBe(404);
        });
      });

      describe('records of a profile I manage', () => {
        it('keeps them for its manager, and deleting the profile archives it instead of erasing its records', async () => {
          const { app } = context();
          const mother = await createPatient(context());
          const made = await app.inject({
            method: 'POST',
            url: `/api/relative/${mother.userId}`,
            headers: mother.auth,
            payload: profileBody(),
          });
          expect(made.statusCode, made.body).toBe(201);
          const childId = made.json().data.id as string;
          const record = await created(app, mother, childId);
          const removed = await app.inject({ method: 'DELETE', url: `/api/relative/${childId}`, headers: mother.auth });
          expect(removed.json().data).toEqual({ archived: true });
          const kept = await get(app, mother, `/api/order-record-data/${childId}/${record.id}`);
          expect(kept.statusCode).toBe(200);
          // An archived profile is read, not changed.
          expect(kept.json().data.canEdit).toBe(false);
          expect((await createRecord(app, mother, childId, INFO, [PRESCRIPTION])).statusCode).toBe(404);
        });
      });

      describe('order documents and links', () => {
        it('lets the assigned doctor attach files (doctorId, patientId) and delete them, the patient read them; nobody else', async () => {
          const ctx = context();
          const { app } = ctx;
          const patient = await createPatient(ctx);
          const doctor = await createDoctor(ctx);
          const stranger = await createPatient(ctx);
          const orderId = await insertConfirmedOrder(ctx, patient, doctor, { note: 'Tái khám sau 2 tuần' });
          const body = multipartBody([
            { name: 'typeExams', value: '1' },
            { name: 'displayNames', value: 'Công thức máu' },
            { name: 'ids', value: '' },
            { name: 'typeExams', value: '4' },
            { name: 'displayNames', value: '' },
            { name: 'ids', value: '' },
            { name: 'files', file: { content: tinyPdf('cbc'), filename: 'cbc.pdf' } },
            { name: 'files', file: { content: tinyPng(), filename: 'toa.png' } },
          ]);
          const upload = await attach(app, doctor, patient, orderId, body);
          expect(upload.statusCode, upload.body).toBe(201);
          const docs = upload.json().data.documents as { id: string; fileName: string; typeExam: number }[];
          expect(docs.map((doc) => [doc.typeExam, doc.fileName])).toEqual([
            [1, 'Công thức máu'],
            [4, 'toa.png'],
          ]);
          expect((await get(app, patient, `/api/documents/${orderId}`)).json().data.documents).toHaveLength(2);
          expect((await get(app, patient, `/api/document/${docs[0]?.id}`)).statusCode).toBe(200);
          expect((await get(app, stranger, `/api/documents/${orderId}`)).statusCode).toBe(404);
          expect((await get(app, stranger, `/api/document/${docs[0]?.id}`)).statusCode).toBe(404);
          const strangerUpload = await sendForm(app, 'POST', `/api/document/${orderId}?doctorId=${stranger.userId}`, stranger.auth, body);
          expect(strangerUpload.statusCode).toBe(404);
          // The doctor's files are the doctor's to delete, not the patient's (issue 54).
          const patientDelete = await app.inject({
            method: 'DELETE',
            url: `/api/document/${orderId}/${docs[0]?.id}`,
            headers: patient.auth,
          });
          expect(patientDelete.statusCode).toBe(404);
          const deleted = await app.inject({ method: 'DELETE', url: `/api/document/${orderId}/${docs[0]?.id}`, headers: doctor.auth });
          expect(deleted.statusCode).toBe(200);
          expect(deleted.json().data.documents.map((doc: { id: string }) => doc.id)).toEqual([docs[1]?.id]);
          expect(
            (await app.inject({ method: 'DELETE', url: `/api/document/${orderId}/${docs[1]?.id}`, headers: stranger.auth })).statusCode,
          ).toBe(404);
        });

        it('refuses a doctor not assigned to the order, and the assigned one naming another patient (404), storing nothing', async () => {
          const ctx = context();
          const { app } = ctx;
          const patient = await createPatient(ctx);
          const doctor = await createDoctor(ctx);
          const otherDoctor = await createDoctor(ctx, { fullName: 'Võ Thị Hạnh' });
          const otherPatient = await createPatient(ctx);
          const orderId = await insertConfirmedOrder(ctx, patient, doctor, { note: 'Tái khám sau 2 tuần' });
          const send = (caller: Caller, query: string) => {
            const body = multipartBody([
              { name: 'typeExams', value: '1' },
              { name: 'displayNames', value: 'Siêu âm' },
              { name: 'files', file: { content: tinyPdf('us'), filename: 'sieu-am.pdf' } },
            ]);
            return sendForm(app, 'POST', `/api/document/${orderId}${query}`, caller.auth, body);
          };
          for (const [caller, query] of [
            [otherDoctor, `?doctorId=${otherDoctor.userId}&patientId=${patient.userId}`],
            [otherDoctor, ''],
            [doctor, `?doctorId=${otherDoctor.userId}&patientId=${patient.userId}`],
            [doctor, `?doctorId=${doctor.userId}&patientId=${otherPatient.userId}`],
          ] as const) {
            const refused = await send(caller, query);
            expect(refused.statusCode, query).toBe(404);
          }
          expect((await get(app, patient, `/api/documents/${orderId}`)).json().data.documents).toEqual([]);
          const accepted = await send(doctor, `?doctorId=${doctor.userId}&patientId=${patient.userId}`);
          expect(accepted.statusCode, accepted.body).toBe(201);
          expect(accepted.json().data.documents.map((doc: { fileName: string }) => doc.fileName)).toEqual(['Siêu âm']);
          // The patient sees in their access log that the doctor wrote into their examination (issue 17).
          const log = (await get(app, patient, `/api/access-log/${patient.userId}`)).json().data;
          expect(log.items).toEqual([
            expect.objectContaining({ reader: expect.objectContaining({ id: doctor.userId }), section: 'exam_info', action: 'write' }),
          ]);
        });

        it('refuses the assigned doctor without a licence number or not verified (403), storing nothing', async () => {
          const ctx = context();
          const { app } = ctx;
          const patient = await createPatient(ctx);
          const unlicensed = await createDoctor(ctx, { licensed: false });
          const unverified = await createDoctor(ctx, { verified: false, fullName: 'Võ Thị Hạnh' });
          for (const [doctor, code] of [
            [unlicensed, 'DOCTOR_LICENCE_REQUIRED'],
            [unverified, 'DOCTOR_NOT_VERIFIED'],
          ] as const) {
            const orderId = await insertConfirmedOrder(ctx, patient, doctor, { note: 'Tái khám sau 2 tuần' });
            const body = multipartBody([
              { name: 'typeExams', value: '1' },
              { name: 'files', file: { content: tinyPdf('us'), filename: 'sieu-am.pdf' } },
            ]);
            const refused = await attach(app, doctor, patient, orderId, body);
            expect(refused.statusCode, refused.body).toBe(403);
            expect(refused.json().code).toBe(code);
            expect((await get(app, patient, `/api/documents/${orderId}`)).json().data.documents).toEqual([]);
          }
        });

        it('adds a valid http(s) link with its display name, refuses any other, and lets who added it delete it', async () => {
          const ctx = context();
          const { app } = ctx;
          const patient = await createPatient(ctx);
          const doctor = await createDoctor(ctx);
          const stranger = await createPatient(ctx);
          const orderId = await insertOrder(ctx, patient.userId, { doctorId: doctor.userId, note: 'Tái khám sau 2 tuần' });
          const add = (caller: Caller, payload: object) =>
            app.inject({ method: 'POST', url: `/api/documentLink/${orderId}`, headers: caller.auth, payload });
          for (const link of ['javascript:alert(1)', 'ftp://x.vn/a', 'not a link', 'https://', 'https://user:pw@x.vn', '']) {
            const refused = await add(patient, { link, displayName: 'x' });
            expect(refused.statusCode, link).toBe(400);
            expect(refused.json().details[0].message).toBe('Vui lòng nhập đường dẫn hợp lệ (https://…).');
          }
          const made = await add(doctor, { link: 'https://pacs.benhvien.vn/study/123', displayName: 'Phim X-quang' });
          expect(made.statusCode).toBe(201);
          expect(made.json().data).toMatchObject({ orderId, link: 'https://pacs.benhvien.vn/study/123', displayName: 'Phim X-quang' });
          expect((await add(stranger, { link: 'https://x.vn' })).statusCode).toBe(404);
          const linkId = made.json().data.id as string;
          expect((await get(app, patient, `/api/documents/${orderId}`)).json().data.links).toHaveLength(1);
          expect((await app.inject({ method: 'DELETE', url: `/api/documentLink/${linkId}`, headers: stranger.auth })).statusCode).toBe(404);
          // The doctor's link is the doctor's to remove (issue 54).
          expect((await app.inject({ method: 'DELETE', url: `/api/documentLink/${linkId}`, headers: patient.auth })).statusCode).toBe(404);
          expect((await app.inject({ method: 'DELETE', url: `/api/documentLink/${linkId}`, headers: doctor.auth })).json().data).toEqual({
            id: linkId,
          });
          expect((await get(app, patient, `/api/documents/${orderId}`)).json().data.links).toEqual([]);
        });
      });

      describe('GET /api/history-examination-information_new/:id and the detail calls', () => {
        it('lists records and completed orders, newest first, paged, with every filter of spec §3', async () => {
          const ctx = context();
          const { app } = ctx;
          const patient = await createPatient(ctx);
          const doctor = await createDoctor(ctx, { fullName: 'Phạm Quốc Bảo' });
          const first = await created(app, patient);
          const secondResponse = await createRecord(
            app,
            patient,
            patient.userId,
            { ...INFO, testDayTime: '2026-10-01', doctorName: 'BS. Đỗ An', reasonForExamination: 'Sốt 50% ngày' },
            [{ content: tinyPdf(), filename: 'sieu-am.pdf', typeExam: 2, displayName: 'Siêu âm bụng' }],
          );
          const second = secondResponse.json().data as { id: string };
          const orderId = await insertOrder(ctx, patient.userId, {
            doctorId: doctor.userId,
            status: ORDER_STATUS.done,
            checkDay: '2026-11-10',
            note: 'Tái khám sau 2 tuần',
          });
          await insertOrder(ctx, patient.userId, {
            doctorId: doctor.userId,
            status: ORDER_STATUS.booked,
            checkDay: '2026-11-25',
            note: 'Tái khám sau 2 tuần',
          });
          const list = async (query = '') => {
            const response = await get(app, patient, `/api/history-examination-information_new/${patient.userId}${query}`);
            expect(response.statusCode, response.body).toBe(200);
            return response.json().data as {
              items: { id: string; source: string; categoryType: string }[];
              total: number;
              page: number;
              size: number;
            };
          };
          const all = await list();
          expect(all).toMatchObject({ total: 3, page: 0, size: 10 });
          expect(all.items.map((item) => item.id)).toEqual([first.id, orderId, second.id]);
          const ids = async (query: string) => (await list(query)).items.map((item) => item.id);
          expect(await ids('?testDay=2026-10-01')).toEqual([second.id]);
          expect(await ids('?reason=50%25')).toEqual([second.id]);
          expect(await ids('?doctorName=quốc bảo')).toEqual([orderId]);
          expect(await ids('?categoryType=exam')).toEqual([orderId]);
          expect(await ids('?categoryType=record')).toEqual([first.id, second.id]);
          expect(await ids('?typeExam=2')).toEqual([second.id]);
          expect(await ids('?displayName=siêu âm')).toEqual([second.id]);
          expect(await ids('?resultName=xét nghiệm')).toEqual([first.id]);
          expect(await ids(`?resultChecker=${encodeURIComponent('Nguyễn')}`)).toEqual([]);
          expect(await ids('?hasPrescription=true')).toEqual([first.id]);
          expect(await ids('?hasPrescription=false')).toEqual([orderId, second.id]);
          expect(await ids('?hasResultTest=true&hasResultImage=false')).toEqual([first.id]);
          expect(await ids('?hasResultImage=true')).toEqual([second.id]);
          expect(await list('?page=1&size=2')).toMatchObject({ total: 3, page: 1, size: 2, items: [{ id: second.id }] });
          expect((await get(app, patient, `/api/history-examination-information_new/${patient.userId}?size=101`)).statusCode).toBe(400);
          for (const query of [
            '?testDay=0000-01-01',
            '?testDay=9999-12-31',
            `?reason=${'x'.repeat(201)}`,
            '?reason=%00',
            '?typeExam=9',
            '?categoryType=x',
          ])
            expect(
              (await get(app, patient, `/api/history-examination-information_new/${patient.userId}${query}`)).statusCode,
              query,
            ).toBeLessThan(500);
          for (const range of ['from=0000-01-01&to=0000-12-01', 'from=9999-01-01&to=9999-12-31'])
            expect(
              (await get(app, patient, `/api/examination-result-in-time-range/${patient.userId}?${range}`)).statusCode,
              range,
            ).toBeLessThan(500);
          expect(
            (await get(app, patient, `/api/history-examination-information_new/${patient.userId}?hasPrescription=maybe`)).statusCode,
          ).toBe(400);

          const detail = await get(app, patient, `/api/history-examination/${orderId}`);
          expect(detail.json().data).toMatchObject({
            id: orderId,
            source: 'order',
            doctorName: 'Phạm Quốc Bảo',
            reason: 'Ho kéo dài',
            note: 'Tái khám sau 2 tuần',
          });
          const prescription = await get(app, patient, `/api/exam-info-prescription/${first.id}`);
          expect(prescription.json().data.prescriptions.map((file: { typeExam: number }) => file.typeExam)).toEqual([4]);
          expect((await get(app, patient, `/api/disease-info/${second.id}`)).json().data).toMatchObject({
            reasonForExamination: 'Sốt 50% ngày',
          });
          const range = await get(app, patient, `/api/examination-result-in-time-range/${patient.userId}?from=2026-09-01&to=2026-11-22`);
          expect(range.json().data.map((entry: { id: string }) => entry.id)).toEqual([second.id, first.id]);
          expect(
            (await get(app, patient, `/api/examination-result-in-time-range/${patient.userId}?from=2025-01-01&to=2026-11-22`)).statusCode,
          ).toBe(400);
          expect(
            (await get(app, patient, `/api/examination-result-in-time-range/${patient.userId}?from=2026-11-22&to=2026-11-01`)).statusCode,
          ).toBe(400);
        });

        it('shows a person’s history to a follower with "history", not to one without', async () => {
          const ctx = context();
          const { app } = ctx;
          const [owner, historian, other] = await createPatients(ctx, 3);
          const record = await created(app, owner);
          await share(ctx, owner.userId, historian.userId, ['history']);
          await share(ctx, owner.userId, other.userId, ['exam_info']);
          const url = `/api/history-examination-information_new/${owner.userId}`;
          expect((await get(app, historian, url)).json().data.total).toBe(1);
          const detail = await get(app, historian, `/api/history-examination/${record.id}`);
          expect(detail.statusCode).toBe(200);
          // "history" alone shows the entry, not the files of sections it was not given.
          expect(detail.json().data.documents).toEqual([]);
          expect((await get(app, other, url)).statusCode).toBe(404);
          expect((await get(app, other, `/api/history-examination/${record.id}`)).statusCode).toBe(404);
          const ended = await ctx.database.db
            .update(shares)
            .set({ endedAt: ctx.clock.now(), endedBy: owner.userId })
            .where(and(eq(shares.profileId, owner.userId), eq(shares.watcherId, historian.userId)))
            .returning();
          expect(ended).toHaveLength(1);
          expect((await get(app, historian, url)).statusCode).toBe(404);
        });
      });
    },
    { deps },
  );
}

describe('with files on the local disk', () => {
  recordsSuite({});
});

describe('with files in an S3-compatible store (s3rver)', () => {
  const deps: { storageUrl?: string } = {};
  beforeAll(async () => {
    s3 = await startS3rver();
    deps.storageUrl = s3.url;
  });
  afterAll(async () => {
    await s3?.close();
    s3 = undefined;
  });
  recordsSuite(deps);
});

describe('stored files of deleted rows', () => {
  // The sweep runs every second here, so a deleted row's object is gone within a second or two.
  describeOnEachDatabase(
    (context) => {
      it('removes the stored files of an order deleted with its documents (the foreign key cascades), however it was deleted', async () => {
        const ctx = context();
        const { app, uploadsDir } = ctx;
        const patient = await createPatient(ctx);
        const doctor = await createDoctor(ctx);
        const orderId = await insertConfirmedOrder(ctx, patient, doctor, { note: 'Tái khám sau 2 tuần' });
        const before = await storedObjects(uploadsDir);
        const body = multipartBody([
          { name: 'typeExams', value: '1' },
          { name: 'displayNames', value: 'Công thức máu' },
          { name: 'ids', value: '' },
          { name: 'files', file: { content: tinyPdf('cbc'), filename: 'cbc.pdf' } },
        ]);
        const upload = await attach(app, doctor, patient, orderId, body);
        expect(upload.statusCode, upload.body).toBe(201);
        const added = (await storedObjects(uploadsDir)).filter((key) => !before.includes(key));
        expect(added).toHaveLength(1);

        await ctx.database.db.delete(orders).where(eq(orders.id, orderId));
        expect(await ctx.database.db.select().from(documents).where(eq(documents.orderId, orderId))).toHaveLength(0);
        await expect
          .poll(async () => (await storedObjects(uploadsDir)).filter((key) => added.includes(key)), { timeout: 10_000 })
          .toEqual([]);
      });
    },
    { deps: { uploadPendingMaxAgeMs: 1_000 } },
  );
});
