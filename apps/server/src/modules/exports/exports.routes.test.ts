import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { CLINICAL_LIMITS } from '@rhc/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  booked,
  createDoctor,
  createPatient,
  createPatients,
  createWorkingDoctor,
  orderAction,
  toVisit,
  weekdayAfter,
  type TestDoctor,
} from '../../../test/booking-helpers.ts';
import type { Caller } from '../../../test/http-helpers.ts';
import { describeOnEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { auditEvents, doctorLicences, outboxMessages, shares, userNotifications, users } from '../../db/schema/index.ts';
import { fixedFontkit, fontFiles } from './fonts.ts';
import { wrapText } from './pdf.ts';
import { send } from '../../../test/http-helpers.ts';

const LICENCE = '012345/HCM-CCHN';
const DIAGNOSIS = 'Viêm họng cấp (J02.9)';
const LINES = [
  // A dose written as a number alone is read with its unit ("1 tablet each time"); one with its own unit as written.
  { drugName: 'Paracetamol 500 mg', quantity: 10, unit: 'tablet', dose: '1', timesPerDay: 2, days: 5, mealTiming: 'after' },
  { drugName: 'Oresol', quantity: 4, unit: 'other', unitName: 'gói pha 200 ml', dose: '1 gói', timesPerDay: 2, days: 2, mealTiming: 'any' },
];

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A patient's booking with a verified, licensed doctor, its examination and prescription written. */
async function setup(context: () => TestContext, exam: { lines?: object[]; advice?: string } = {}) {
  const ctx = context();
  const doctor: TestDoctor = await createWorkingDoctor(ctx);
  await ctx.database.db
    .insert(doctorLicences)
    .values({ userId: doctor.userId, licenceNumber: LICENCE })
    .onConflictDoUpdate({ target: doctorLicences.userId, set: { licenceNumber: LICENCE } });
  const patient = await createPatient(ctx);
  const day = weekdayAfter(ctx.clock.now(), 1);
  const order = await booked(ctx.app, patient, {
    mode: 'direct',
    specialtyId: 1,
    examTypeId: 1,
    doctorId: doctor.userId,
    checkDay: day,
    checkHour: '09:00',
    reasonForExamination: 'Ho, sốt 3 ngày',
  });
  // The result is written at the visit (issue 54 item 4).
  await toVisit(ctx, order, doctor, patient);
  const saved = await ctx.app.inject({
    method: 'POST',
    url: `/api/order/${doctor.userId}/${order.id}`,
    headers: doctor.auth,
    payload: {
      diagnostic: DIAGNOSIS,
      medicalHistory: 'Không dị ứng thuốc. Tăng huyết áp 5 năm.',
      reExamDate: addDays(day, 7),
      advice: exam.advice ?? 'Uống nhiều nước ấm, nghỉ ngơi.',
      prescription: { lines: exam.lines ?? LINES },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...ctx, doctor, patient, order, day };
}

function download(app: FastifyInstance, caller: Caller | null, orderId: string, query = '', language = 'vi') {
  return send(app, 'GET', `/api/order-export/${orderId}${query}`, { ...(caller?.auth ?? {}), 'accept-language': language });
}

function sendMail(app: FastifyInstance, caller: Caller, payload: object) {
  return app.inject({ method: 'POST', url: '/api/sent-mail', headers: { ...caller.auth, 'accept-language': 'en' }, payload });
}

/** One file of a zip (a .docx), read with the zip's own directory and inflated. */
function zipEntry(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let index = 0; index < count; index++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + compressed);
      return (method === 0 ? data : inflateRawSync(data)).toString('utf8');
    }
    at += 46 + nameLength + extra + comment;
  }
  throw new Error(`${name} is not in the zip`);
}

const hasPoppler = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('wrapText', () => {
  it('never makes a line wider than its box: words, a word longer than the box, Chinese, line breaks', async () => {
    const files = await fontFiles('cjk');
    const pdf = await PDFDocument.create();
    pdf.registerFontkit(fixedFontkit(files.regular));
    const font = await pdf.embedFont(files.regular, { subset: true });
    const text = [
      'Uống nhiều nước ấm, nghỉ ngơi, súc họng bằng nước muối sinh lý ngày 3 lần.',
      'Mã-tài-liệu-không-có-khoảng-trắng-nào-cả-'.repeat(8),
      '多喝温水，注意休息，每天用生理盐水漱口三次。'.repeat(12),
      '',
      'Ngưng thuốc nếu nổi mẩn đỏ.',
    ].join('\n');
    for (const width of [40, 120, 300]) {
      const lines = wrapText(text, font, 10, width);
      for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(width);
      // Nothing is lost but the spaces where lines were broken.
      expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
      // No line starts with a closing mark.
      expect(lines.some((line) => /^[，。]/.test(line))).toBe(false);
    }
  });
});

describeOnEachDatabase((context) => {
  describe('GET /api/order-export/:orderId', () => {
    it("gives the patient the order as a PDF in the asked language, as an attachment with its name's letters kept", async () => {
      const { app, patient, order, database } = await setup(context);
      const response = await download(app, patient, order.id, '?format=pdf&language=vi');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="Ket qua kham ${order.code}.pdf"; filename*=UTF-8''${encodeURIComponent(`Kết quả khám ${order.code}.pdf`)}`,
      );
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const pdf = await PDFDocument.load(response.rawPayload);
      expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
      expect(pdf.getTitle()).toContain(order.code);
      const audit = await database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'order.export'), eq(auditEvents.actorUserId, patient.userId)));
      expect(audit.map((row) => row.details)).toEqual([{ orderId: order.id, format: 'pdf', language: 'vi' }]);
    });

    it('gives a Word file whose text holds the diagnosis, the drugs and the name of a unit "Other"', async () => {
      const { app, patient, order } = await setup(context);
      const response = await download(app, patient, order.id, '?format=docx', 'en');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      expect(response.headers['content-disposition']).toContain(`filename="Examination result ${order.code}.docx"`);
      expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
      const xml = zipEntry(response.rawPayload, 'word/document.xml');
      for (const text of [DIAGNOSIS, 'Paracetamol 500 mg', 'Oresol', 'gói pha 200 ml', LICENCE, 'Examination result and prescription'])
        expect(xml).toContain(text);
      // The usage names the dose's unit (issue 54 item 18): "1 tablet each time", not "1, twice a day".
      expect(xml).toContain('1 tablet each time, 2 times a day for 5 days');
      expect(xml).toContain('1 gói each time, 2 times a day for 2 days');
      // A real table, its header repeated on every page; the fonts named for Latin and East Asian text.
      expect(xml).toContain('<w:tblHeader/>');
      expect(zipEntry(response.rawPayload, 'word/styles.xml')).toMatch(/w:ascii="Noto Sans".*w:eastAsia="Noto Sans SC"/);
    });

    it("is 404 for another patient, another doctor and a follower without the prescriptions section; the order's doctor and a follower with it get the file", async () => {
      const { app, patient, doctor, order } = await setup(context);
      const ctx = context();
      const stranger = await createPatient(ctx);
      const otherDoctor = await createDoctor(ctx);
      const [without, withSection] = await createPatients(ctx, 2);
      const now = ctx.clock.now();
      await ctx.database.db.insert(shares).values([
        {
          profileId: patient.userId,
          watcherId: without.userId,
          grantedBy: patient.userId,
          sections: ['health_info'],
          grantedAt: now,
          changedAt: now,
        },
        {
          profileId: patient.userId,
          watcherId: withSection.userId,
          grantedBy: patient.userId,
          sections: ['prescriptions'],
          grantedAt: now,
          changedAt: now,
        },
      ]);
      for (const person of [stranger, otherDoctor, without]) expect((await download(app, person, order.id)).statusCode).toBe(404);
      for (const person of [doctor, withSection]) expect((await download(app, person, order.id)).statusCode).toBe(200);
      expect((await download(app, null, order.id)).statusCode).toBe(401);
      expect((await download(app, patient, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await download(app, patient, order.id, '?format=xls')).statusCode).toBe(400);
    });

    it('draws 30 lines and the longest advice allowed onto A4 pages, in Vietnamese and in Chinese, and pdftoppm renders them', async () => {
      const lines = Array.from({ length: 30 }, (_, index) => ({
        ...LINES[index % 2],
        drugName: index % 3 ? 'Paracetamol 500 mg' : 'Amoxicillin + acid clavulanic 875 mg/125 mg',
      }));
      const advice = 'Uống nhiều nước ấm, nghỉ ngơi, súc họng bằng nước muối sinh lý ngày 3 lần. '
        .repeat(140)
        .slice(0, CLINICAL_LIMITS.adviceMax);
      const { app, patient, order } = await setup(context, { lines, advice });
      const dir = mkdtempSync(join(tmpdir(), 'rhc-export-'));
      const shots = process.env.EXPORT_SHOTS_DIR;
      for (const language of ['vi', 'zh'] as const) {
        const response = await download(app, patient, order.id, `?language=${language}`);
        expect(response.statusCode, response.body).toBe(200);
        const pdf = await PDFDocument.load(response.rawPayload);
        for (const page of pdf.getPages()) expect(page.getSize()).toEqual({ width: 595.28, height: 841.89 });
        expect(pdf.getPageCount()).toBeGreaterThanOrEqual(3);
        // Subset fonts: a Chinese document stays small although Noto Sans SC is 10 MB.
        expect(response.rawPayload.length).toBeLessThan(400_000);
        const file = join(dir, `order-${language}.pdf`);
        writeFileSync(file, response.rawPayload);
        if (!hasPoppler) continue;
        // The text as drawn reads back whole (every letter is mapped to its glyph).
        const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
        expect(text).toContain(DIAGNOSIS);
        expect(text).toContain(language === 'vi' ? 'Kết quả khám bệnh và đơn thuốc' : '检查结果与处方');
        // Every letter reads back as itself: an "o" is not taken for the "ọ" drawn elsewhere.
        expect(text).toContain('Paracetamol 500 mg');
        expect(text).toContain(language === 'vi' ? 'trong 5 ngày' : '共5天');
        expect(text).toContain('Không dị ứng thuốc. Tăng huyết áp 5 năm.');
        for (const target of [dir, ...(shots ? [shots] : [])]) {
          mkdirSync(target, { recursive: true });
          if (target !== dir) writeFileSync(join(target, `order-${language}.pdf`), response.rawPayload);
          execFileSync('pdftoppm', ['-r', '80', '-png', file, join(target, `order-${language}`)]);
        }
        const pngs = readdirSync(dir).filter((name) => name.startsWith(`order-${language}-`) && name.endsWith('.png'));
        expect(pngs).toHaveLength(pdf.getPageCount());
        expect(existsSync(join(dir, pngs[0] ?? ''))).toBe(true);
      }
    });
  });

  describe('a booking without a result (issue 54 item 21)', () => {
    it('has nothing to export or send: 409 EXPORT_NO_RESULT before the result is written, EXPORT_ORDER_CANCELLED once cancelled', async () => {
      const { app, patient, doctor, day } = await setup(context);
      const body = (checkHour: string) => ({
        mode: 'direct',
        specialtyId: 1,
        examTypeId: 1,
        doctorId: doctor.userId,
        checkDay: addDays(day, 7),
        checkHour,
        reasonForExamination: 'Đau lưng',
      });
      const waiting = await booked(app, patient, body('09:00'));
      const cancelled = await booked(app, patient, body('10:00'));
      expect((await orderAction(app, doctor, 'cancel', cancelled.id, { reason: 'Bác sĩ bận họp' })).statusCode).toBe(200);
      for (const [order, code, message] of [
        [waiting, 'EXPORT_NO_RESULT', 'This booking has no examination result yet: there is nothing to download or send by e-mail.'],
        [cancelled, 'EXPORT_ORDER_CANCELLED', 'This booking was cancelled: it has no examination result to download or send by e-mail.'],
      ] as const) {
        for (const person of [patient, doctor]) {
          const file = await download(app, person, order.id, '?format=pdf', 'en');
          expect(file.statusCode, file.body).toBe(409);
          expect(file.json()).toMatchObject({ code, message });
          const converted = await send(app, 'POST', '/api/convert', person.auth, { orderId: order.id, format: 'docx' });
          expect(converted.json().code).toBe(code);
          const mailed = await sendMail(app, person, { orderId: order.id, email: 'nha.thuoc@example.com' });
          expect(mailed.statusCode).toBe(409);
          expect(mailed.json().code).toBe(code);
        }
        // Still 404 for whoever may not read the booking: the refusal tells a stranger nothing.
        expect((await download(app, await createPatient(context()), order.id)).statusCode).toBe(404);
      }
      const queued = await context().database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'nha.thuoc@example.com'));
      expect(queued.filter((row) => [waiting.code, cancelled.code].some((code) => row.subject?.includes(code)))).toEqual([]);
    });
  });

  describe('POST /api/convert', () => {
    it('answers the same file for a JSON body, and 404 for an order the caller may not read', async () => {
      const { app, patient, order } = await setup(context);
      const response = await send(app, 'POST', '/api/convert', patient.auth, { orderId: order.id, language: 'zh', format: 'docx' });
      expect(response.statusCode, response.body).toBe(200);
      expect(zipEntry(response.rawPayload, 'word/document.xml')).toContain('检查结果与处方');
      const stranger = await createPatient(context());
      const refused = await send(app, 'POST', '/api/convert', stranger.auth, { orderId: order.id, format: 'pdf' });
      expect(refused.statusCode).toBe(404);
    });
  });

  describe('POST /api/sent-mail', () => {
    it('queues one e-mail with the PDF attached to the typed address, in the asked language, audited without the address', async () => {
      const { app, patient, order, database } = await setup(context);
      const response = await sendMail(app, patient, { orderId: order.id, language: 'vi', email: ' Ban.Than@Example.com ' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual({ queued: true, toPatientAddress: false, language: 'vi' });
      const queued = await database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'ban.than@example.com'));
      expect(queued).toHaveLength(1);
      const [mail] = queued;
      expect(mail?.subject).toBe(`Kết quả khám ${order.code}`);
      expect(mail?.attachments).toHaveLength(1);
      const [attachment] = mail?.attachments ?? [];
      expect(attachment).toMatchObject({ filename: `Kết quả khám ${order.code}.pdf`, contentType: 'application/pdf', encoding: 'base64' });
      expect(
        Buffer.from(attachment?.content ?? '', 'base64')
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      const audit = await database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'order.mail'), eq(auditEvents.actorUserId, patient.userId)));
      expect(audit.map((row) => row.details)).toEqual([{ orderId: order.id, language: 'vi', to: 'other_address' }]);
      expect(JSON.stringify(audit)).not.toContain('example.com');
    });

    it('tells the patient, in the bell and by their channel in their language, each time someone else mails their result elsewhere; the access log lists it (issue 54)', async () => {
      const { app, patient, doctor, order, database } = await setup(context);
      const ctx = context();
      const watcher = await createPatient(ctx, { fullName: 'Trần Văn Bình' });
      const now = ctx.clock.now();
      await database.db.insert(shares).values({
        profileId: patient.userId,
        watcherId: watcher.userId,
        grantedBy: patient.userId,
        sections: ['prescriptions'],
        grantedAt: now,
        changedAt: now,
      });
      // The patient reads English; the senders write in Vietnamese.
      await database.db.update(users).set({ language: 'en', notifySms: true, notifyEmail: true }).where(eq(users.id, patient.userId));
      const told = () =>
        database.db
          .select()
          .from(userNotifications)
          .where(and(eq(userNotifications.userId, patient.userId), eq(userNotifications.event, 'exports:inApp.mailedElsewhere')));
      const messages = async () =>
        (await database.db.select().from(outboxMessages)).filter((row) => row.dedupeKey?.startsWith(`order-mail:${order.id}:`));

      // The patient's own sends, to any address, and anyone's send to the patient's own address: nothing to tell.
      expect((await sendMail(app, patient, { orderId: order.id, email: 'nha.thuoc@example.com' })).statusCode).toBe(200);
      expect((await sendMail(app, doctor, { orderId: order.id })).statusCode).toBe(200);
      expect(await told()).toHaveLength(0);

      // The doctor, then the follower, send it to addresses that are not the patient's: the patient is told each time.
      const byDoctor = await sendMail(app, doctor, { orderId: order.id, language: 'vi', email: 'Lan.Pharmacy@gmail.com' });
      expect(byDoctor.statusCode, byDoctor.body).toBe(200);
      expect((await sendMail(app, watcher, { orderId: order.id, email: 'ban.be@example.vn' })).statusCode).toBe(200);
      const notices = await told();
      expect(notices).toHaveLength(2);
      expect(notices.map((row) => row.params)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ code: order.code, name: 'Lê Văn Minh', address: 'l***@gmail.com' }),
          expect.objectContaining({ code: order.code, name: 'Trần Văn Bình', address: 'b***@example.vn' }),
        ]),
      );
      // By SMS and e-mail, in English, the address masked, never whole.
      const sent = await messages();
      expect(sent.map((row) => row.channel).sort()).toEqual(['email', 'email', 'sms', 'sms']);
      expect(sent.every((row) => row.recipient === patient.phone || row.recipient === patient.email)).toBe(true);
      const mail = sent.find((row) => row.channel === 'email' && row.body.includes('l***@gmail.com'));
      expect(mail?.subject).toContain(order.code);
      expect(mail?.body).toContain('Lê Văn Minh');
      expect(mail?.body).toContain('sent the examination result');
      expect(JSON.stringify([...sent, ...notices]).toLowerCase()).not.toContain('lan.pharmacy');

      // The bell's text, in each of the three languages.
      const bell = async (language: string) => {
        const response = await app.inject({
          method: 'GET',
          url: `/api/notifications/${patient.userId}`,
          headers: { ...patient.auth, 'accept-language': language },
        });
        expect(response.statusCode).toBe(200);
        return (response.json().data.items as { event: string; text: string }[]).filter(
          (item) => item.event === 'exports:inApp.mailedElsewhere',
        );
      };
      for (const [language, words] of [
        ['vi', 'đã gửi kết quả khám'],
        ['en', 'sent the examination result'],
        ['zh', '检查结果'],
      ] as const) {
        const items = await bell(language);
        expect(items).toHaveLength(2);
        expect(items.every((item) => item.text.includes(words) && item.text.includes(order.code))).toBe(true);
        expect(items.some((item) => item.text.includes('l***@gmail.com'))).toBe(true);
      }

      // The access log: who sent it elsewhere, beside who read it.
      const log = await app.inject({ method: 'GET', url: `/api/access-log/${patient.userId}`, headers: patient.auth });
      expect(log.statusCode).toBe(200);
      const mailed = (log.json().data.items as { action: string; reader: { id: string } }[]).filter((entry) => entry.action === 'mail');
      expect(mailed.map((entry) => entry.reader.id).sort()).toEqual([doctor.userId, watcher.userId].sort());
    });

    it("sends to the patient's own address when none is typed", async () => {
      const { app, patient, order, database } = await setup(context);
      const response = await sendMail(app, patient, { orderId: order.id });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual({ queued: true, toPatientAddress: true, language: 'en' });
      const own = order.infomation.email?.toLowerCase() ?? '';
      const queued = await database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, own));
      expect(queued.filter((row) => row.subject === `Examination result ${order.code}`)).toHaveLength(1);
    });

    it('refuses a malformed address (400, on the field), and is 404 for an order the caller may not read', async () => {
      const { app, patient, order } = await setup(context);
      const malformed = await sendMail(app, patient, { orderId: order.id, email: 'khong-phai-email' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().details).toEqual([expect.objectContaining({ field: 'body.email' })]);
      const stranger = await createPatient(context());
      expect((await sendMail(app, stranger, { orderId: order.id, email: 'a@example.com' })).statusCode).toBe(404);
    });

    it('sends at most 10 an hour per account, then 429 with a message that says so', async () => {
      // The counter's window is the clock hour: start at its beginning, so that the 11 sends fall in one window.
      const { clock } = context();
      clock.advance(3_600_000 - (clock.now().getTime() % 3_600_000));
      const { app, patient, order } = await setup(context, { lines: LINES.slice(0, 1) });
      for (let sent = 0; sent < 10; sent++)
        expect((await sendMail(app, patient, { orderId: order.id, email: `nguoi${sent}@example.com` })).statusCode).toBe(200);
      const refused = await sendMail(app, patient, { orderId: order.id, email: 'one.more@example.com' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'EXPORT_MAIL_TOO_MANY' });
      expect(refused.json().message).toContain('10');
    });
  });
});
