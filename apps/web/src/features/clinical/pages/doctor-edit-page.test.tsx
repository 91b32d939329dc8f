import type { ClinicalRecord, DoctorEdit, Prescription } from '@rhc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/api-mock.ts';
import { doctor, logInAs, patient } from '../../../test/auth.ts';
import { fieldLabel } from '../../../test/labels.ts';
import { findDialog } from '../../../test/dialogs.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { orderFile, orderLink } from '../../../test/orders-documents.ts';
import { clinicalOrder, ORDER_ID } from './fixtures.ts';

const editPath = `/api/order/get-detail-of-order-for-doctor-edit/${ORDER_ID}`;
const savePath = `/api/order/${doctor.userId}/${ORDER_ID}`;
/** A file the doctor uploads, and when the tests' attachments were added. */
const UPLOADED_ID = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const UPLOADED_AT = '2026-11-25T02:30:00.000Z';
const UNITS = ['tablet', 'capsule', 'sachet', 'bottle', 'other'];

const order = clinicalOrder({ status: 3, actions: { edit: false, cancel: true, verify: false, complete: true, delete: false } });

const prescription: Prescription = {
  id: '7c1e2f3a-4b5c-4d6e-8f70-81a2b3c4d5e6',
  createdAt: '2026-11-25T02:20:00.000Z',
  doctor: { id: doctor.userId, fullName: doctor.fullName, licenceNumber: '004100/HCM-CCHN' },
  lines: [
    {
      position: 1,
      drugName: 'Paracetamol 500 mg',
      quantity: 10,
      unit: 'tablet',
      unitName: null,
      dose: '1 viên',
      timesPerDay: 2,
      days: 5,
      mealTiming: 'after',
      note: null,
    },
  ],
  superseded: null,
};

/** The examination the doctor writes, as the save call carries it. */
const written = {
  diagnostic: 'Viêm họng cấp',
  medicalHistory: 'Không dị ứng thuốc',
  reExamDate: '2026-12-02',
  advice: 'Uống nhiều nước',
};

/** The saved prescription's lines as the save call carries them (what the doctor writes): without position and note. */
const sentLines = prescription.lines.map(({ position: _position, note: _note, ...line }) => line);

const examination: NonNullable<ClinicalRecord['examination']> = {
  ...written,
  doctor: { id: doctor.userId, fullName: doctor.fullName },
  createdAt: '2026-11-25T02:20:00.000Z',
  updatedAt: '2026-11-25T02:20:00.000Z',
};

function edit(overrides: Partial<DoctorEdit> = {}): DoctorEdit {
  return {
    order,
    clinical: { orderId: ORDER_ID, examination: null, prescriptions: [] },
    writer: { licenceNumber: '004100/HCM-CCHN', refusal: null, canWrite: true, writableFrom: null },
    examDay: '2026-11-25',
    reExamFrom: '2026-11-26',
    reExamUntil: '2028-11-24',
    ...overrides,
  };
}

function posts(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return fetchMock.mock.calls.filter(
    ([input, init]) => new URL(String(input), 'http://localhost').pathname === path && init?.method === 'POST',
  );
}

describe('the doctor edit screen (/healthcaredoctoredit/:id)', { timeout: 60_000 }, () => {
  it('saves the diagnosis and a two-line prescription (one in a unit named Other) after the warning that it cannot be changed', async () => {
    let current = edit();
    const fetchMock = mockApi({
      [editPath]: () => ok(current),
      '/api/drug-units': ok(UNITS),
      '/api/drugs': ok([{ id: 1, name: 'Paracetamol', strength: '500 mg', form: 'tablet' }]),
      [savePath]: () => {
        current = edit({ clinical: { orderId: ORDER_ID, examination, prescriptions: [prescription] } });
        return ok(current.clinical);
      },
    });
    logInAs(doctor);
    const { user } = renderApp(`/healthcaredoctoredit/${ORDER_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Khám bệnh RHC-261125-0001' })).toBeVisible();
    expect(screen.getByText('Ho, sốt 3 ngày')).toBeVisible();
    expect(screen.getByText('CCHN số 004100/HCM-CCHN')).toBeVisible();
    await user.type(screen.getByLabelText(fieldLabel('Chẩn đoán')), 'Viêm họng cấp');
    await user.type(screen.getByLabelText(fieldLabel('Tiền sử bệnh')), 'Không dị ứng thuốc');
    await user.type(screen.getByLabelText(fieldLabel('Ngày tái khám')), '02/12/2026');
    await user.type(screen.getByLabelText('Lời dặn'), 'Uống nhiều nước');

    await user.click(screen.getByRole('button', { name: 'Thêm thuốc' }));
    await user.click(screen.getByRole('button', { name: 'Thêm thuốc' }));
    const first = within(screen.getByRole('group', { name: 'Thuốc 1' }));
    await user.type(first.getByLabelText(fieldLabel('Tên thuốc')), 'Paracetamol 500 mg');
    await user.type(first.getByLabelText(fieldLabel('Số lượng')), '10');
    await user.type(first.getByLabelText(fieldLabel('Liều mỗi lần')), '1 viên');
    const second = within(screen.getByRole('group', { name: 'Thuốc 2' }));
    await user.type(second.getByLabelText(fieldLabel('Tên thuốc')), 'Oresol');
    await user.type(second.getByLabelText(fieldLabel('Số lượng')), '4');
    await user.click(second.getByRole('combobox', { name: fieldLabel('Đơn vị') }));
    // The second line's list opened last: its options come last in the page.
    const other = (await screen.findAllByRole('option', { name: 'Khác', hidden: true })).at(-1);
    if (!other) throw new Error('no option "Khác"');
    await user.click(other);
    await user.type(second.getByLabelText(fieldLabel('Liều mỗi lần')), '1 gói');

    // Other without its name is refused before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Lưu kết quả khám' }));
    expect(await screen.findByText('Vui lòng nhập tên đơn vị khi chọn "Khác".')).toBeVisible();
    expect(posts(fetchMock, savePath)).toHaveLength(0);

    await user.type(second.getByLabelText(fieldLabel('Tên đơn vị')), 'gói pha 200 ml');
    await user.click(screen.getByRole('button', { name: 'Lưu kết quả khám' }));
    const dialog = await findDialog('Lưu đơn thuốc?');
    expect(within(dialog).getByText(/Đơn thuốc đã tạo không thể thay đổi/)).toBeVisible();
    expect(posts(fetchMock, savePath)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));

    expect(await screen.findByText('Đã lưu kết quả khám. Bệnh nhân đã được thông báo.')).toBeVisible();
    const body = JSON.parse(String(posts(fetchMock, savePath)[0]?.[1]?.body));
    expect(body).toEqual({
      ...written,
      prescription: {
        lines: [
          ...sentLines,
          { ...sentLines[0], drugName: 'Oresol', quantity: 4, unit: 'other', unitName: 'gói pha 200 ml', dose: '1 gói' },
        ],
      },
    });
    // Saved: read-only from now on.
    expect(await screen.findByText('Đơn thuốc đã tạo không thể thay đổi.')).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Thuốc 1' })).not.toBeInTheDocument();
  });

  it('corrects a saved prescription only by a new one that supersedes it', async () => {
    const fetchMock = mockApi({
      [editPath]: ok(edit({ clinical: { orderId: ORDER_ID, examination, prescriptions: [prescription] } })),
      '/api/drug-units': ok(UNITS),
      [savePath]: fail(409, 'PRESCRIPTION_IMMUTABLE', 'Đơn thuốc đã tạo không thể thay đổi. Hãy tạo đơn mới thay thế đơn này.'),
    });
    logInAs(doctor);
    const { user } = renderApp(`/healthcaredoctoredit/${ORDER_ID}`);

    expect(await screen.findByText('Đơn thuốc đã tạo không thể thay đổi.')).toBeVisible();
    expect(screen.getAllByText('Paracetamol 500 mg')[0]).toBeVisible();
    expect(screen.getByLabelText(fieldLabel('Chẩn đoán'))).toHaveValue('Viêm họng cấp');
    await user.click(screen.getByRole('button', { name: 'Kê đơn thay thế' }));
    const line = within(screen.getByRole('group', { name: 'Thuốc 1' }));
    await user.type(line.getByLabelText(fieldLabel('Tên thuốc')), 'Amoxicillin 500 mg');
    await user.type(line.getByLabelText(fieldLabel('Số lượng')), '14');
    await user.type(line.getByLabelText(fieldLabel('Liều mỗi lần')), '1 viên');
    await user.click(screen.getByRole('button', { name: 'Lưu kết quả khám' }));
    await user.click(within(await findDialog('Lưu đơn thuốc?')).getByRole('button', { name: 'Lưu' }));

    await waitFor(() => expect(posts(fetchMock, savePath)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock, savePath)[0]?.[1]?.body)).prescription.supersedes).toBe(prescription.id);
    expect(await screen.findByText('Đơn thuốc đã tạo không thể thay đổi. Hãy tạo đơn mới thay thế đơn này.')).toBeVisible();
  });

  it('tells an unverified doctor so, and offers no save', async () => {
    mockApi({
      [editPath]: ok(edit({ writer: { licenceNumber: null, refusal: 'not_verified', canWrite: false, writableFrom: null } })),
      '/api/drug-units': ok(UNITS),
    });
    logInAs(doctor);
    renderApp(`/healthcaredoctoredit/${ORDER_ID}`);
    expect(await screen.findByText(/Bác sĩ chưa được xác minh/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Lưu kết quả khám' })).not.toBeInTheDocument();
  });

  it('says from when the result can be written before the visit, and offers no form that would fail (issue 54 item 4)', async () => {
    const early = { ...order, status: 0 as const, actions: { ...order.actions, complete: false } };
    const fetchMock = mockApi({
      [editPath]: ok(
        edit({
          order: early,
          writer: { licenceNumber: '004100/HCM-CCHN', refusal: null, canWrite: false, writableFrom: '2026-11-25T01:30:00.000Z' },
        }),
      ),
      '/api/drug-units': ok(UNITS),
    });
    logInAs(doctor);
    renderApp(`/healthcaredoctoredit/${ORDER_ID}`);
    // 09:00 on 25/11/2026 in Vietnam: the result, like completion, from 08:30.
    expect(
      await screen.findByText(
        'Chưa đến giờ khám: kết quả khám (chẩn đoán, đơn thuốc) ghi được từ 08:30 25/11/2026, cũng là lúc có thể hoàn thành lịch khám.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText(fieldLabel('Chẩn đoán'))).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Lưu kết quả khám' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Thêm thuốc' })).not.toBeInTheDocument();
    expect(posts(fetchMock, savePath)).toHaveLength(0);
  });

  it('asks whether the booking will be completed before completing it', async () => {
    const fetchMock = mockApi({
      [editPath]: ok(edit({ clinical: { orderId: ORDER_ID, examination, prescriptions: [] } })),
      '/api/drug-units': ok(UNITS),
      [`/api/order/complete/${doctor.userId}/${ORDER_ID}`]: ok({ ...order, status: 1 }),
    });
    logInAs(doctor);
    const { user } = renderApp(`/healthcaredoctoredit/${ORDER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Hoàn thành lịch khám' }));
    const dialog = await findDialog('Hoàn thành lịch khám?');
    expect(within(dialog).getByText(/Lịch khám sẽ được hoàn thành\?/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Hoàn thành' }));
    expect(await screen.findByText('Đã hoàn thành lịch khám.')).toBeVisible();
    expect(fetchMock.mock.calls.some(([input, init]) => String(input).includes('/api/order/complete/') && init?.method === 'PATCH')).toBe(
      true,
    );
  });

  it('says from when the booking can be completed while it is too early, instead of leaving the button out without a word', async () => {
    const early = { ...order, actions: { ...order.actions, complete: false } };
    mockApi({
      [editPath]: ok(edit({ order: early, clinical: { orderId: ORDER_ID, examination, prescriptions: [] } })),
      '/api/drug-units': ok(UNITS),
    });
    logInAs(doctor);
    renderApp(`/healthcaredoctoredit/${ORDER_ID}`);
    // 09:00 on 25/11/2026 in Vietnam: completion opens 30 minutes before.
    expect(await screen.findByText('Có thể hoàn thành lịch khám từ 08:30 25/11/2026.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Hoàn thành lịch khám' })).not.toBeInTheDocument();
  });

  it('attaches a file with doctorId and patientId, lists it with its download link, and deletes it after confirmation', async () => {
    const uploaded = orderFile(UPLOADED_ID, 'Công thức máu', true, UPLOADED_AT, 'cbc.pdf');
    let stored: (typeof uploaded)[] = [];
    const answer = () => ok({ orderId: ORDER_ID, documents: stored, links: [] });
    const fetchMock = mockApi({
      [editPath]: ok(edit()),
      '/api/drug-units': ok(UNITS),
      [`/api/documents/${ORDER_ID}`]: answer,
      [`/api/document/${ORDER_ID}`]: () => {
        stored = [uploaded];
        return ok({ orderId: ORDER_ID, documents: stored, links: [] }, 201);
      },
      [`/api/document/${ORDER_ID}/${uploaded.id}`]: () => {
        stored = [];
        return answer();
      },
    });
    logInAs(doctor);
    const { user } = renderApp(`/healthcaredoctoredit/${ORDER_ID}`);

    const section = await screen.findByRole('region', { name: 'Tệp đính kèm' });
    await user.click(await within(section).findByRole('button', { name: 'Thêm tài liệu' }));
    const row = within(section).getByTestId('upload-row-documents');
    const input = row.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('No file input');
    await user.upload(input, new File(['%PDF-1.7 cbc'], 'cbc.pdf', { type: 'application/pdf' }));
    await user.type(within(row).getByLabelText('Tên hiển thị của tệp 1'), 'Công thức máu');
    await user.click(within(section).getByRole('button', { name: 'Tải tệp lên' }));

    expect(await screen.findByText('Đã tải lên 1 tệp.')).toBeVisible();
    const [post] = posts(fetchMock, `/api/document/${ORDER_ID}`);
    const url = new URL(String(post?.[0]), 'http://localhost');
    expect(url.searchParams.get('doctorId')).toBe(doctor.userId);
    expect(url.searchParams.get('patientId')).toBe(patient.userId);
    const body = post?.[1]?.body as FormData;
    expect(body.getAll('typeExams')).toEqual(['1']);
    expect(body.getAll('displayNames')).toEqual(['Công thức máu']);
    expect((body.get('files') as File).name).toBe('cbc.pdf');
    const link = await within(section).findByRole('link', { name: 'Công thức máu' });
    expect(link).toHaveAttribute('href', uploaded.dowloadUri);
    expect(screen.getByRole('region', { name: 'Liên kết tài liệu' })).toBeVisible();

    await user.click(within(section).getByRole('button', { name: 'Xóa tệp Công thức máu' }));
    const dialog = await findDialog('Xóa tệp');
    await user.click(within(dialog).getByRole('button', { name: 'Xóa' }));
    expect(await screen.findByText('Đã xóa tệp.')).toBeVisible();
    expect(fetchMock.mock.calls.some(([input, init]) => String(input).includes(`/${uploaded.id}`) && init?.method === 'DELETE')).toBe(true);
    await waitFor(() => expect(within(section).queryByRole('link', { name: 'Công thức máu' })).not.toBeInTheDocument());
  });

  it('saves a file chosen under "Thêm tài liệu" with the result, instead of dropping it (issue 54 item 2)', async () => {
    const uploaded = { ...orderFile(UPLOADED_ID, 'scan.pdf', true, UPLOADED_AT, 'scan.pdf'), displayName: '' };
    let current = edit();
    let stored: (typeof uploaded)[] = [];
    const fetchMock = mockApi({
      [editPath]: () => ok(current),
      '/api/drug-units': ok(UNITS),
      [`/api/documents/${ORDER_ID}`]: () => ok({ orderId: ORDER_ID, documents: stored, links: [] }),
      [`/api/document/${ORDER_ID}`]: () => {
        stored = [uploaded];
        return ok({ orderId: ORDER_ID, documents: stored, links: [] }, 201);
      },
      [savePath]: () => {
        current = edit({ clinical: { orderId: ORDER_ID, examination, prescriptions: [] } });
        return ok(current.clinical);
      },
    });
    logInAs(doctor);
    const { user } = renderApp(`/healthcaredoctoreditonline/${ORDER_ID}`);

    const section = await screen.findByRole('region', { name: 'Tệp đính kèm' });
    await user.click(await within(section).findByRole('button', { name: 'Thêm tài liệu' }));
    const input = within(section).getByTestId('upload-row-documents').querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('No file input');
    await user.upload(input, new File(['%PDF-1.7 scan'], 'scan.pdf', { type: 'application/pdf' }));
    expect(within(section).getByText('1/20 tệp')).toBeVisible();
    await user.type(screen.getByLabelText(fieldLabel('Chẩn đoán')), 'Viêm họng cấp');
    await user.type(screen.getByLabelText(fieldLabel('Tiền sử bệnh')), 'Không dị ứng thuốc');
    await user.type(screen.getByLabelText(fieldLabel('Ngày tái khám')), '02/12/2026');
    // Saved without pressing "Tải tệp lên": the file goes first, then the result.
    await user.click(screen.getByRole('button', { name: 'Lưu kết quả khám' }));

    expect(await screen.findByText('Đã lưu kết quả khám. Bệnh nhân đã được thông báo.')).toBeVisible();
    const calls = fetchMock.mock.calls.map(
      ([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`,
    );
    expect(calls.indexOf(`POST /api/document/${ORDER_ID}`)).toBeGreaterThan(-1);
    expect(calls.indexOf(`POST /api/document/${ORDER_ID}`)).toBeLessThan(calls.indexOf(`POST ${savePath}`));
    expect(((posts(fetchMock, `/api/document/${ORDER_ID}`)[0]?.[1]?.body as FormData).get('files') as File).name).toBe('scan.pdf');
    const list = await screen.findByRole('region', { name: 'Tệp đính kèm' });
    expect(await within(list).findByRole('link', { name: 'scan.pdf' })).toBeVisible();
    expect(within(list).getByText('1/20 tệp')).toBeVisible();
  });

  it('holds the save while a chosen file cannot be uploaded, saying "1 tệp chưa tải lên" (issue 54 item 2)', async () => {
    const fetchMock = mockApi({
      [editPath]: ok(edit()),
      '/api/drug-units': ok(UNITS),
      [`/api/documents/${ORDER_ID}`]: ok({ orderId: ORDER_ID, documents: [], links: [] }),
    });
    logInAs(doctor);
    const { user } = renderApp(`/healthcaredoctoredit/${ORDER_ID}`);

    const section = await screen.findByRole('region', { name: 'Tệp đính kèm' });
    await user.click(await within(section).findByRole('button', { name: 'Thêm tài liệu' }));
    const input = within(section).getByTestId('upload-row-documents').querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('No file input');
    // Past the 10 MB a file may weigh: refused before anything is sent.
    await user.upload(input, new File([new Uint8Array(11 * 1024 * 1024)], 'big.pdf', { type: 'application/pdf' }));
    await user.type(screen.getByLabelText(fieldLabel('Chẩn đoán')), 'Viêm họng cấp');
    await user.type(screen.getByLabelText(fieldLabel('Tiền sử bệnh')), 'Không dị ứng thuốc');
    await user.type(screen.getByLabelText(fieldLabel('Ngày tái khám')), '02/12/2026');
    await user.click(screen.getByRole('button', { name: 'Lưu kết quả khám' }));

    expect(
      await screen.findByText('1 tệp chưa tải lên: kết quả khám chưa được lưu. Hãy xem lại tệp ở phần Tài liệu và đường dẫn.'),
    ).toBeVisible();
    expect(within(section).getAllByText('Mỗi tệp phải nhỏ hơn 10 MB.')[0]).toBeVisible();
    expect(posts(fetchMock, savePath)).toHaveLength(0);
    expect(posts(fetchMock, `/api/document/${ORDER_ID}`)).toHaveLength(0);
    // The chosen file is still there to fix or remove.
    expect(within(section).getByTestId('upload-row-documents')).toBeVisible();
  });

  it("shows the patient's file and link without a delete, the doctor's own with one (issue 54)", async () => {
    const file = (id: string, name: string, canDelete: boolean) => orderFile(id, name, canDelete, UPLOADED_AT);
    mockApi({
      [editPath]: ok(edit()),
      '/api/drug-units': ok(UNITS),
      [`/api/documents/${ORDER_ID}`]: () =>
        ok({
          orderId: ORDER_ID,
          documents: [
            file('5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', 'Xét nghiệm bệnh nhân gửi', false),
            file('6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c', 'Kết luận của bác sĩ', true),
          ],
          links: [
            orderLink(
              ORDER_ID,
              '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
              'https://ketqua.benhvien.vn/xn/1',
              'Liên kết bệnh nhân gửi',
              false,
              UPLOADED_AT,
            ),
          ],
        }),
    });
    logInAs(doctor);
    renderApp(`/healthcaredoctoredit/${ORDER_ID}`);

    const section = await screen.findByRole('region', { name: 'Tệp đính kèm' });
    expect(await within(section).findByRole('link', { name: 'Xét nghiệm bệnh nhân gửi' })).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Xóa tệp Xét nghiệm bệnh nhân gửi' })).toBeNull();
    expect(within(section).getByRole('button', { name: 'Xóa tệp Kết luận của bác sĩ' })).toBeVisible();
    const links = screen.getByRole('region', { name: 'Liên kết tài liệu' });
    expect(await within(links).findByRole('link', { name: /Liên kết bệnh nhân gửi/ })).toBeVisible();
    expect(within(links).queryByRole('button', { name: /Xóa liên kết/ })).toBeNull();
  });

  it('shows the not-found screen for an order not assigned to the doctor', async () => {
    mockApi({ [editPath]: fail(404, 'NOT_FOUND', 'Không tìm thấy') });
    logInAs(doctor);
    renderApp(`/healthcaredoctoredit/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Không tìm thấy lịch khám' })).toBeVisible();
  });
});

describe('the examination result on the order page (/all-orders/:id)', { timeout: 20_000 }, () => {
  it('shows the patient the diagnosis, re-exam date, advice and prescriptions, a replaced one marked', async () => {
    const replaced: Prescription = {
      ...prescription,
      id: '9d2e3f4a-5b6c-4d7e-8f90-a1b2c3d4e5f6',
      createdAt: '2026-11-25T02:10:00.000Z',
      // Its dose written as a number alone: read with the line's unit, as the other's "1 viên" (issue 54 item 18).
      lines: prescription.lines.map((line) => ({ ...line, drugName: 'Ibuprofen 400 mg', dose: '1' })),
      superseded: { at: '2026-11-25T02:20:00.000Z', by: { id: doctor.userId, fullName: doctor.fullName }, replacedBy: prescription.id },
    };
    mockApi({
      [`/api/order/detail/${ORDER_ID}`]: ok({
        ...order,
        status: 1,
        actions: { edit: false, cancel: false, verify: false, complete: false, delete: false },
      }),
      [`/api/order-clinical/${ORDER_ID}`]: ok({ orderId: ORDER_ID, examination, prescriptions: [prescription, replaced] }),
    });
    logInAs(patient);
    renderApp(`/all-orders/${ORDER_ID}`);
    const section = within(await screen.findByTestId('clinical-summary'));
    expect(await section.findByText('Viêm họng cấp')).toBeVisible();
    expect(section.getByText('02/12/2026')).toBeVisible();
    expect(section.getByText('Uống nhiều nước')).toBeVisible();
    expect(section.getAllByText('Paracetamol 500 mg')[0]).toBeVisible();
    // Two prescriptions, each as a table (wide screens) and as a list (phones); "1" reads "1 viên/lần" too.
    expect(section.getAllByText('1 viên/lần, ngày 2 lần, trong 5 ngày, sau ăn')).toHaveLength(4);
    expect(section.getAllByText('Ibuprofen 400 mg')[0]).toBeVisible();
    expect(section.getByText(/Đã được Trần Văn Minh thay thế lúc 25\/11\/2026 09:20/)).toBeVisible();
    expect(section.queryByRole('link', { name: 'Ghi kết quả khám' })).not.toBeInTheDocument();
  });
});
