import { ORDER_STATUS } from '@rhc/domain';
import { expect, it } from 'vitest';
import { createPatient, insertOrder } from '../../../test/booking-helpers.ts';
import { sendForm } from '../../../test/http-helpers.ts';
import { describeOnEachDatabase } from '../../../test/test-app.ts';
import { multipartBody, recordBody, tinyPdf, tinyPng, type RecordFile } from '../../platform/storage/test-kit.ts';

/*
 * Issue 54 item 29: a multipart form's text parts are taken whether they carry no type or `application/json` (what a
 * client sending `new Blob([json], { type: 'application/json' })` does), on every multipart endpoint; and a record form
 * whose files come before its fields is told the order its parts must come in.
 */

const INFO = { testDayTime: '2026-11-20', doctorName: 'BS. Trần Thị Hoa', reasonForExamination: 'Khám định kỳ' };
const PRESCRIPTION: RecordFile = { content: tinyPng(), filename: 'don-thuoc.png', typeExam: 4, displayName: 'Đơn thuốc' };
const RESULT: RecordFile = { content: tinyPdf('ket qua'), filename: 'ket-qua.pdf', typeExam: 1 };

describeOnEachDatabase((context) => {
  it('takes the JSON parts of a record sent as application/json, as without a type, on POST and PUT', async () => {
    const ctx = context();
    const patient = await createPatient(ctx);
    const url = `/api/order-record-data/${patient.userId}`;
    for (const jsonType of ['application/json', 'application/json; charset=utf-8']) {
      const created = await sendForm(ctx.app, 'POST', url, patient.auth, recordBody(INFO, [PRESCRIPTION], { jsonType }));
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data).toMatchObject({ dateTest: INFO.testDayTime, infoStoreDoctorName: INFO.doctorName });
      const id = created.json().data.id as string;
      const changed = await sendForm(
        ctx.app,
        'PUT',
        `${url}/${id}`,
        patient.auth,
        recordBody({ ...INFO, reasonForExamination: 'Tái khám' }, [RESULT], { jsonType }),
      );
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().data.reasonForExamination).toBe('Tái khám');
      expect(changed.json().data.listResponseDocumentDTO.documents.map((doc: { typeExam: number }) => doc.typeExam)).toEqual([4, 1]);
    }
    // A JSON part still has to be the form's JSON: a schema refusal names the field as before.
    const bad = await sendForm(
      ctx.app,
      'POST',
      url,
      patient.auth,
      recordBody({ ...INFO, doctorName: '' }, [PRESCRIPTION], { jsonType: 'application/json' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ field: 'recordDataInfo.doctorName' });
  });

  it('takes the text parts of an order upload sent as application/json', async () => {
    const ctx = context();
    const patient = await createPatient(ctx);
    const orderId = await insertOrder(ctx, patient.userId, { status: ORDER_STATUS.verified, checkDay: '2026-11-20' });
    const body = multipartBody([
      { name: 'typeExams', value: '2', contentType: 'application/json' },
      { name: 'displayNames', value: JSON.stringify('Phim X-quang'), contentType: 'application/json' },
      { name: 'files', file: { content: tinyPng(), filename: 'phim.png' } },
    ]);
    const response = await sendForm(ctx.app, 'POST', `/api/document/${orderId}`, patient.auth, body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.documents.map((doc: { typeExam: number; fileName: string }) => [doc.typeExam, doc.fileName])).toEqual([
      [2, 'Phim X-quang'],
    ]);
  });

  it('answers RECORD_FORM_ORDER, naming the order of the parts, to a form whose files come before its fields', async () => {
    const ctx = context();
    const patient = await createPatient(ctx);
    const url = `/api/order-record-data/${patient.userId}`;
    const filesFirst = multipartBody([
      { name: 'files', file: { content: tinyPng(), filename: 'a.png' } },
      { name: 'recordDataInfo', value: JSON.stringify(INFO) },
      { name: 'fileInfos', value: JSON.stringify([{ fileIndex: 0, typeExam: 4 }]) },
    ]);
    const between = multipartBody([
      { name: 'recordDataInfo', value: JSON.stringify(INFO) },
      { name: 'files', file: { content: tinyPng(), filename: 'a.png' } },
      { name: 'fileInfos', value: JSON.stringify([{ fileIndex: 0, typeExam: 4 }]) },
    ]);
    for (const body of [filesFirst, between]) {
      const response = await sendForm(ctx.app, 'POST', url, patient.auth, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'RECORD_FORM_ORDER',
        message:
          'Biểu mẫu gửi sai thứ tự: các phần phải theo thứ tự recordDataInfo, fileInfos, files (thông tin hồ sơ trước, các tệp sau cùng).',
      });
    }
    const english = await sendForm(ctx.app, 'POST', url, { ...patient.auth, 'accept-language': 'en' }, filesFirst);
    expect(english.json().message).toBe(
      'The form was sent in the wrong order: its parts must come as recordDataInfo, fileInfos, files (the record details first, the files last).',
    );
  });
});
