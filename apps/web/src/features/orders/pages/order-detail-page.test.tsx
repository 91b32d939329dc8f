import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/api-mock.ts';
import { doctor, logInAs, patient } from '../../../test/auth.ts';
import { fieldLabel } from '../../../test/labels.ts';
import { findDialog } from '../../../test/dialogs.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeOrder } from '../../../test/orders.ts';
import { orderFile, orderLink } from '../../../test/orders-documents.ts';

const order = makeOrder();
const detailPath = `/api/order/detail/${order.id}`;
/** When the attachments of the tests were added. */
const ADDED_AT = '2026-05-12T03:00:00.000Z';
const patientActions = { edit: true, cancel: true, verify: false, complete: false, delete: false };
const doctorActions = { edit: true, cancel: true, verify: true, complete: true, delete: true };

/** The calls made to `path` with `method`. */
function callsTo(fetchMock: ReturnType<typeof mockApi>, path: string, method = 'GET') {
  return fetchMock.mock.calls.filter(
    ([input, init]) => new URL(String(input), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  );
}

describe('booking detail (/all-orders/:id)', { timeout: 20_000 }, () => {
  it('shows everything about a verified online booking, its meeting link, tracking link and calendar file', async () => {
    const online = makeOrder({
      mode: 'online',
      status: 3,
      workUnit: null,
      meetingLink: 'https://meet.rhc.vn/phong-kham-3d9a1f60',
      note: 'Mang theo kết quả xét nghiệm cũ',
      outsideWorkTime: true,
    });
    mockApi({ [detailPath]: ok(online) });
    logInAs(patient);
    renderApp(`/all-orders/${order.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Chi tiết lịch hẹn RHC-260512-0001' })).toBeVisible();
    expect(screen.getByText('Bác sĩ đã xác nhận')).toBeVisible();
    expect(screen.getByRole('link', { name: 'https://meet.rhc.vn/phong-kham-3d9a1f60' })).toHaveAttribute(
      'href',
      'https://meet.rhc.vn/phong-kham-3d9a1f60',
    );
    expect(screen.getByText('12-05-2026')).toBeVisible();
    expect(screen.getByText('09:00 – 09:30')).toBeVisible();
    expect(screen.getByText('Đau ngực khi gắng sức')).toBeVisible();
    expect(screen.getByText('Mang theo kết quả xét nghiệm cũ')).toBeVisible();
    expect(screen.getByText('lan.nguyen@example.vn')).toBeVisible();
    expect(screen.getByText(/Bác sĩ không còn làm việc vào thời gian này/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'http://localhost:3000/order-tracking/k7PqR2sT9vWxY3zA5bC8dE1f' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sao chép đường dẫn' })).toBeVisible();
    const ics = screen.getByRole('link', { name: 'Thêm vào lịch' });
    expect(ics).toHaveAttribute('href', `/api/order/ics/${order.id}?lang=vi`);
    expect(ics).toHaveAttribute('download');
    // The server allows nothing here, so no button shows.
    expect(screen.queryByRole('button', { name: 'Hủy lịch hẹn' })).not.toBeInTheDocument();
  });

  it('cancels after a confirmation, then shows the toast and the new status', async () => {
    let current = makeOrder({ actions: patientActions });
    const cancelPath = `/api/order/cancel/${patient.userId}/${order.id}`;
    const fetchMock = mockApi({
      [detailPath]: () => ok(current),
      [cancelPath]: () => {
        current = { ...current, status: 2, actions: { ...patientActions, edit: false, cancel: false } };
        return ok(current);
      },
    });
    logInAs(patient);
    const { user } = renderApp(`/all-orders/${order.id}`);

    expect(await screen.findByRole('link', { name: 'Sửa' })).toHaveAttribute('href', `/healthcareedit/${order.id}`);
    await user.click(screen.getByRole('button', { name: 'Hủy lịch hẹn' }));
    const dialog = await findDialog('Hủy lịch hẹn');
    expect(within(dialog).getByText('Bạn có muốn hủy lịch hẹn này không?')).toBeVisible();
    expect(callsTo(fetchMock, cancelPath, 'PATCH')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Hủy lịch hẹn' }));

    expect(await screen.findByText('Đã hủy lịch hẹn.')).toBeVisible();
    expect(JSON.parse(String(callsTo(fetchMock, cancelPath, 'PATCH')[0]?.[1]?.body))).toEqual({});
    expect(await screen.findByText('Đã hủy')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Hủy lịch hẹn' })).not.toBeInTheDocument());
    // A cancelled booking is nothing to add to a calendar.
    expect(screen.queryByRole('link', { name: 'Thêm vào lịch' })).not.toBeInTheDocument();
  });

  it('asks a doctor for the reason before cancelling', async () => {
    const assigned = makeOrder({ actions: doctorActions });
    const cancelPath = `/api/order/cancel/${doctor.userId}/${order.id}`;
    const fetchMock = mockApi({
      [detailPath]: ok(assigned),
      [cancelPath]: ok({ ...assigned, status: 2, cancelReason: 'Bác sĩ bận đột xuất' }),
    });
    logInAs(doctor);
    const { user } = renderApp(`/all-orders/${order.id}`);

    await user.click(await screen.findByRole('button', { name: 'Hủy lịch hẹn' }));
    const dialog = await findDialog('Hủy lịch hẹn');
    await user.click(within(dialog).getByRole('button', { name: 'Hủy lịch hẹn' }));

    expect(await within(dialog).findByText('Vui lòng nhập lý do hủy.')).toBeVisible();
    expect(callsTo(fetchMock, cancelPath, 'PATCH')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(fieldLabel('Lý do')), 'Bác sĩ bận đột xuất');
    await user.click(within(dialog).getByRole('button', { name: 'Hủy lịch hẹn' }));

    expect(await screen.findByText('Đã hủy lịch hẹn.')).toBeVisible();
    expect(JSON.parse(String(callsTo(fetchMock, cancelPath, 'PATCH')[0]?.[1]?.body))).toEqual({ reason: 'Bác sĩ bận đột xuất' });
  });

  it("asks whether to complete, and on a conflict shows the server's message and reloads the booking", async () => {
    const completePath = `/api/order/complete/${doctor.userId}/${order.id}`;
    const fetchMock = mockApi({
      [detailPath]: ok(makeOrder({ actions: doctorActions })),
      [completePath]: fail(409, 'ORDER_STATUS_CONFLICT', 'Lịch hẹn đã được cập nhật bởi người khác. Vui lòng tải lại.'),
    });
    logInAs(doctor);
    const { user } = renderApp(`/all-orders/${order.id}`);

    await user.click(await screen.findByRole('button', { name: 'Hoàn thành' }));
    const dialog = await findDialog('Hoàn thành lịch hẹn');
    expect(within(dialog).getByText('Lịch hẹn sẽ được hoàn thành?')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Hoàn thành' }));

    expect(await screen.findByText('Lịch hẹn đã được cập nhật bởi người khác. Vui lòng tải lại.')).toBeVisible();
    // The call has no body (its entry declares none).
    expect(callsTo(fetchMock, completePath, 'PATCH')[0]?.[1]?.body).toBeUndefined();
    await waitFor(() => expect(callsTo(fetchMock, detailPath)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('verifies an online booking with the meeting link the doctor gives', async () => {
    const online = makeOrder({ mode: 'online', workUnit: null, actions: doctorActions });
    const verifyPath = `/api/order/verify/${doctor.userId}/${order.id}`;
    const fetchMock = mockApi({ [detailPath]: ok(online), [verifyPath]: ok({ ...online, status: 3 }) });
    logInAs(doctor);
    const { user } = renderApp(`/all-orders/${order.id}`);

    expect(await screen.findByText('Chờ xác nhận')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sửa' })).toHaveAttribute('href', `/healthcareeditonline/${order.id}`);
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    const dialog = await findDialog('Xác nhận lịch hẹn');
    await user.type(within(dialog).getByLabelText(fieldLabel('Đường dẫn cuộc gọi')), 'https://meet.rhc.vn/abc');
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));

    expect(await screen.findByText('Đã xác nhận lịch hẹn.')).toBeVisible();
    expect(JSON.parse(String(callsTo(fetchMock, verifyPath, 'PATCH')[0]?.[1]?.body))).toEqual({ meetingLink: 'https://meet.rhc.vn/abc' });
  });

  it("never offers 'Xóa' to the doctor: a patient's booking is cancelled with a reason", async () => {
    mockApi({
      [detailPath]: ok(makeOrder({ status: 2, actions: { ...doctorActions, edit: false, cancel: false, verify: false, complete: false } })),
    });
    logInAs(doctor);
    renderApp(`/all-orders/${order.id}`);

    expect(await screen.findByText('Đã hủy')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Xóa' })).not.toBeInTheDocument();
  });

  it('tells the patient until when they may move or cancel the booking online', async () => {
    mockApi({ [detailPath]: ok(makeOrder({ actions: patientActions })) });
    logInAs(patient);
    renderApp(`/all-orders/${order.id}`);

    expect(await screen.findByText('Bạn có thể đổi hoặc hủy lịch đến 05:00 ngày 12/05/2026.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Hủy lịch hẹn' })).toBeVisible();
  });

  it('past the cut-off, hides move and cancel and gives the clinic phone to call', async () => {
    mockApi({ [detailPath]: ok(makeOrder({ status: 3 })) });
    logInAs(patient);
    renderApp(`/all-orders/${order.id}`);

    expect(await screen.findByText(/Đã quá hạn đổi\/hủy trực tuyến \(trước giờ khám 4 giờ\)\. Vui lòng gọi phòng khám:/)).toBeVisible();
    expect(screen.getByRole('link', { name: '02838221234' })).toHaveAttribute('href', 'tel:02838221234');
    expect(screen.queryByRole('button', { name: 'Hủy lịch hẹn' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sửa' })).not.toBeInTheDocument();
  });

  it('says nothing of the cut-off to the doctor, who is not bound by it', async () => {
    mockApi({ [detailPath]: ok(makeOrder({ actions: { ...doctorActions, complete: false, delete: false } })) });
    logInAs(doctor);
    renderApp(`/all-orders/${order.id}`);

    expect(await screen.findByRole('button', { name: 'Hủy lịch hẹn' })).toBeVisible();
    expect(screen.queryByText(/Bạn có thể đổi hoặc hủy lịch đến/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Đã quá hạn đổi/)).not.toBeInTheDocument();
  });

  it('asks before closing a dialog that holds a typed reason', async () => {
    mockApi({ [detailPath]: ok(makeOrder({ actions: doctorActions })) });
    logInAs(doctor);
    const { user } = renderApp(`/all-orders/${order.id}`);

    await user.click(await screen.findByRole('button', { name: 'Hủy lịch hẹn' }));
    const dialog = await findDialog('Hủy lịch hẹn');
    await user.type(within(dialog).getByLabelText(fieldLabel('Lý do')), 'Bác sĩ bận');
    await user.keyboard('{Escape}');

    const ask = await findDialog('Bỏ nội dung đã nhập?');
    await user.click(within(ask).getByRole('button', { name: 'Tiếp tục nhập' }));
    const back = await findDialog('Hủy lịch hẹn');
    expect(within(back).getByLabelText(fieldLabel('Lý do'))).toHaveValue('Bác sĩ bận');
  });

  it("lists the booking's document links, opens them in a new tab and adds one the patient types", async () => {
    const link = orderLink(
      order.id,
      '0b7c2f7e-5a1d-4c8e-9f3a-2d6b8e4c1a90',
      'https://ketqua.benhvien.vn/xn/123',
      'Kết quả xét nghiệm máu',
      false,
      ADDED_AT,
    );
    const added = {
      ...link,
      id: '5e2d9c1b-7f3a-4b6e-8d2c-1a9f0e7b3c54',
      link: 'https://drive.example.vn/phim-xq',
      displayName: 'Phim X-quang',
      canDelete: true,
    };
    let links = [link];
    const fetchMock = mockApi({
      [detailPath]: ok(makeOrder({ status: 4 })),
      [`/api/documents/${order.id}`]: () => ok({ orderId: order.id, documents: [], links }),
      [`/api/documentLink/${order.id}`]: () => {
        links = [...links, added];
        return ok(added, 201);
      },
    });
    logInAs(patient);
    const { user } = renderApp(`/all-orders/${order.id}`);

    const section = await screen.findByRole('region', { name: 'Liên kết tài liệu' });
    const shown = await within(section).findByRole('link', { name: /Kết quả xét nghiệm máu/ });
    expect(shown).toHaveAttribute('href', 'https://ketqua.benhvien.vn/xn/123');
    expect(shown).toHaveAttribute('target', '_blank');

    await user.type(within(section).getByRole('textbox', { name: fieldLabel('Liên kết (http hoặc https)') }), 'ftp://x');
    await user.click(within(section).getByRole('button', { name: 'Thêm liên kết' }));
    expect(await within(section).findByText(/liên kết hợp lệ/)).toBeVisible();
    expect(callsTo(fetchMock, `/api/documentLink/${order.id}`, 'POST')).toHaveLength(0);

    const field = within(section).getByRole('textbox', { name: fieldLabel('Liên kết (http hoặc https)') });
    await user.clear(field);
    await user.type(field, 'https://drive.example.vn/phim-xq');
    await user.type(within(section).getByRole('textbox', { name: 'Tên hiển thị' }), 'Phim X-quang');
    await user.click(within(section).getByRole('button', { name: 'Thêm liên kết' }));
    expect(await within(section).findByRole('link', { name: /Phim X-quang/ })).toBeVisible();
    expect(callsTo(fetchMock, `/api/documentLink/${order.id}`, 'POST')).toHaveLength(1);
  });

  it("lists the booking's files with their download link, the doctor's included (issue 17)", async () => {
    const file = orderFile('7d1e4b2a-3c5f-4e6a-9b8c-0f1e2d3c4b5a', 'Điện tâm đồ', false, ADDED_AT, 'ecg.pdf');
    mockApi({
      [detailPath]: ok(makeOrder({ status: 3 })),
      [`/api/documents/${order.id}`]: () => ok({ orderId: order.id, documents: [file], links: [] }),
    });
    logInAs(patient);
    renderApp(`/all-orders/${order.id}`);

    const section = await screen.findByRole('region', { name: 'Tệp đính kèm' });
    expect(await within(section).findByRole('link', { name: /Điện tâm đồ/ })).toHaveAttribute('href', file.dowloadUri);
  });

  it("shows the doctor's file and link without a delete, and a delete on the patient's own (issue 54)", async () => {
    const file = (id: string, name: string, canDelete: boolean) => orderFile(id, name, canDelete, ADDED_AT);
    const link = (id: string, name: string, canDelete: boolean) =>
      orderLink(order.id, id, `https://ketqua.benhvien.vn/${id}`, name, canDelete, ADDED_AT);
    mockApi({
      [detailPath]: ok(makeOrder({ status: 3 })),
      [`/api/documents/${order.id}`]: () =>
        ok({
          orderId: order.id,
          documents: [
            file('7d1e4b2a-3c5f-4e6a-9b8c-0f1e2d3c4b5a', 'Điện tâm đồ của bác sĩ', false),
            file('8e2f5c3b-4d6a-4f7b-8c9d-1a2b3c4d5e6f', 'Ảnh chụp của tôi', true),
          ],
          links: [
            link('0b7c2f7e-5a1d-4c8e-9f3a-2d6b8e4c1a90', 'Phim của bác sĩ', false),
            link('5e2d9c1b-7f3a-4b6e-8d2c-1a9f0e7b3c54', 'Liên kết của tôi', true),
          ],
        }),
    });
    logInAs(patient);
    renderApp(`/all-orders/${order.id}`);

    const files = await screen.findByRole('region', { name: 'Tệp đính kèm' });
    expect(await within(files).findByRole('link', { name: /Điện tâm đồ của bác sĩ/ })).toBeVisible();
    expect(within(files).getByRole('button', { name: 'Xóa tệp Ảnh chụp của tôi' })).toBeVisible();
    expect(within(files).queryByRole('button', { name: 'Xóa tệp Điện tâm đồ của bác sĩ' })).toBeNull();
    const links = screen.getByRole('region', { name: 'Liên kết tài liệu' });
    expect(await within(links).findByRole('link', { name: /Phim của bác sĩ/ })).toBeVisible();
    expect(within(links).getByRole('button', { name: 'Xóa liên kết Liên kết của tôi' })).toBeVisible();
    expect(within(links).queryByRole('button', { name: 'Xóa liên kết Phim của bác sĩ' })).toBeNull();
  });

  it('says so when the booking does not exist or is not mine', async () => {
    mockApi({ [detailPath]: fail(404, 'NOT_FOUND', 'Không tìm thấy.') });
    logInAs(patient);
    renderApp(`/all-orders/${order.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Không tìm thấy lịch hẹn' })).toBeVisible();
    expect(screen.getByText('Lịch hẹn này không tồn tại hoặc bạn không có quyền xem.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Quay lại lịch hẹn của tôi' })).toHaveAttribute('href', '/applicationlist/');
  });

  it('says "not found" too for an address whose id is malformed (cut or mistyped), not "invalid information"', async () => {
    mockApi({
      '/api/order/detail/abc': fail(400, 'VALIDATION_ERROR', 'Một số thông tin không hợp lệ.', [
        { field: 'params.id', code: 'invalid_format', message: 'Giá trị không hợp lệ.' },
      ]),
    });
    logInAs(patient);
    renderApp('/all-orders/abc');

    expect(await screen.findByRole('heading', { level: 1, name: 'Không tìm thấy lịch hẹn' })).toBeVisible();
    expect(screen.queryByText('Một số thông tin không hợp lệ.')).toBeNull();
  });
});
