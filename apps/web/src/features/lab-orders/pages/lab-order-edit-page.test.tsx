import { screen, waitFor, within } from '@testing-library/react';
import { ORDER_KIND, ORDER_STATUS } from '@rhc/domain';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../../test/axe.ts';
import { mockApi, ok } from '../../../test/api-mock.ts';
import { patient } from '../../../test/auth.ts';
import { fieldLabel } from '../../../test/labels.ts';
import { orderPage } from '../../../test/orders.ts';
import {
  expectCancelAfterConfirmation,
  expectEditPageNotFound,
  expectEditRefused,
  setUpBookingTests,
} from '../../../test/order-booking.ts';
import { openPage } from '../../../test/page-harness.ts';
import { catalogReplies, labOrder } from './lab-fixtures.ts';

const order = labOrder({ actions: { edit: true, cancel: true, verify: false, complete: false, delete: false } });
const detailPath = `/api/order/detail/${order.id}`;
const editPath = `/api/diagnostictestedit/${order.id}`;

setUpBookingTests();

describe('changing a lab order (/diagnostictestedit/{id})', { timeout: 60_000 }, () => {
  it('opens prefilled with the order, and saves another window and another test with PUT', async () => {
    const { fetchMock, user, history } = openPage(`/diagnostictestedit/${order.id}`, {
      ...catalogReplies,
      [detailPath]: ok(order),
      [editPath]: ({ init }) => ok({ ...order, checkHour: '10:00', ...JSON.parse(String(init?.body)) }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sửa lịch xét nghiệm' })).toBeVisible();
    expect(await screen.findByRole('checkbox', { name: /^Gói khám sức khỏe tổng quát/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^HbA1c/ })).toBeChecked();
    // The order's test is in sight: its fold starts open and says how many of it are chosen; the others are folded.
    const blood = screen.getByText('Xét nghiệm mẫu máu', { selector: 'summary *' }).closest('details');
    expect(blood).toHaveProperty('open', true);
    expect(within(blood?.querySelector('summary') as HTMLElement).getByText('Đã chọn 1 mục')).toBeVisible();
    expect(screen.getByText('Xét nghiệm mẫu nước tiểu', { selector: 'summary *' }).closest('details')).toHaveProperty('open', false);
    expect(screen.getByRole('radio', { name: 'Cho người khác' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: fieldLabel('Khu vực (quận/huyện)') })).toHaveValue('hcm-q5');
    expect(screen.getByLabelText(fieldLabel('Địa chỉ lấy mẫu'))).toHaveValue('12 Trần Hưng Đạo, Phường 7, Quận 5');
    expect(screen.getByTestId('lab-total')).toHaveTextContent('680.000 ₫');
    // The order's own window is chosen, said as the current booking.
    expect(await screen.findByRole('radio', { name: '06:00 – 08:00' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '06:00 – 08:00' })).toHaveAccessibleDescription('lịch hiện tại của bạn');

    await user.click(screen.getByRole('checkbox', { name: /^TSH/ }));
    expect(screen.getByTestId('lab-total')).toHaveTextContent('800.000 ₫');
    await user.click(screen.getByRole('radio', { name: '10:00 – 12:00' }));
    await user.click(screen.getByRole('button', { name: 'Lưu thay đổi' }));

    await waitFor(() => expect(history.location.pathname).toBe(`/all-orders/${order.id}`));
    expect(await screen.findByText('Đã lưu lịch xét nghiệm.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([input, init]) => String(input) === editPath && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      atHome: true,
      district: 'hcm-q5',
      orderAdress: '12 Trần Hưng Đạo, Phường 7, Quận 5',
      orderPhone: '0901234567',
      packageTestItems: ['general_checkup'],
      requestTestItems: ['hba1c', 'tsh'],
      testDay: '2026-05-14',
      testTime: '10:00',
      note: '',
      isFamily: false,
    });
  });

  it('cancels the order after a confirmation that can be declined', async () => {
    await expectCancelAfterConfirmation(order, `/diagnostictestedit/${order.id}`, catalogReplies, {
      button: 'Hủy lịch xét nghiệm',
      dialog: 'Hủy lịch xét nghiệm này?',
      reason: 'Bận việc đột xuất',
      done: 'Đã hủy lịch xét nghiệm.',
    });
  });

  it('shows the not-found screen for an address that names no lab order of mine', async () => {
    await expectEditPageNotFound(order, `/diagnostictestedit/${order.id}`, catalogReplies, 'Không tìm thấy lịch xét nghiệm');
    await expectNoSeriousAxeViolations();
  });

  it('refuses an order that can no longer change, and an examination', async () => {
    const { history } = await expectEditRefused(
      { ...order, status: 2, actions: { ...order.actions, edit: false, cancel: false } },
      `/diagnostictestedit/${order.id}`,
      catalogReplies,
      { refused: 'Lịch xét nghiệm này không thể sửa trực tuyến nữa.', cancel: 'Hủy lịch xét nghiệm' },
    );

    mockApi({
      ...catalogReplies,
      [`/api/order/detail/${order.id.replace('4b', '5b')}`]: ok({ ...order, category: 'exam', lab: undefined }),
    });
    history.push(`/diagnostictestedit/${order.id.replace('4b', '5b')}`);
    expect(await screen.findByText('Lịch hẹn này không phải lịch xét nghiệm.')).toBeVisible();
  });

  it('the order’s page (/all-orders/{id}) states the booking’s facts, no exam mode or result, and its edit leads here', async () => {
    // The lab staff's working time is not what holds the order (decision 044): no "outside working time" warning.
    openPage(`/all-orders/${order.id}`, { ...catalogReplies, [detailPath]: ok({ ...order, outsideWorkTime: true }) });

    expect(await screen.findByText('Gói khám sức khỏe tổng quát')).toBeVisible();
    expect(screen.getByText('HbA1c')).toBeVisible();
    expect(screen.getByText('Tại nhà: 12 Trần Hưng Đạo, Phường 7, Quận 5')).toBeVisible();
    expect(screen.getByText('Quận 5, TP. Hồ Chí Minh')).toBeVisible();
    expect(screen.getByText('680.000 ₫')).toBeVisible();
    expect(screen.getByText('06:00 – 08:00')).toBeVisible();
    expect(screen.getByText('Nhịn ăn 8–12 giờ trước khi lấy máu (thường là từ tối hôm trước); vẫn được uống nước lọc.')).toBeVisible();
    expect(screen.queryByText('Hình thức')).toBeNull();
    expect(screen.queryByText('Kết quả khám')).toBeNull();
    expect(screen.queryByText(/thay đổi thời gian làm việc/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Lịch sớm hơn' })).toBeNull();
    expect(screen.getByRole('link', { name: /Sửa/ })).toHaveAttribute('href', `/diagnostictestedit/${order.id}`);
    await expectNoSeriousAxeViolations();
  });

  it('the order’s page and the list speak of the clinic’s staff and the person tested, confirmed by the clinic, not of a doctor', async () => {
    const verified = { ...order, status: ORDER_STATUS.verified, kind: ORDER_KIND.relative };
    const { user } = openPage(`/all-orders/${order.id}`, {
      ...catalogReplies,
      [detailPath]: ok(verified),
      [`/api/order/page/${patient.userId}`]: ok(orderPage([verified])),
    });

    expect(await screen.findByText('Cơ sở đã xác nhận')).toBeVisible();
    expect(screen.getByText('Nhân viên phụ trách')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Người làm xét nghiệm' })).toBeVisible();
    for (const doctorWord of ['Bác sĩ', 'Bác sĩ đã xác nhận', 'Người khám']) expect(screen.queryByText(doctorWord)).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Quay lại lịch hẹn của tôi' }));
    const item = await screen.findByRole('listitem', { name: order.code });
    expect(within(item).getByText('Cơ sở đã xác nhận')).toBeVisible();
    expect(within(item).getByText('Nhân viên phụ trách: Lý Thị Thu')).toBeVisible();
    expect(within(item).getByText(/^Người làm xét nghiệm: /)).toBeVisible();
  });

  it('the bookings list names the tests as the service, without an exam mode', async () => {
    openPage('/applicationlist/', { ...catalogReplies, [`/api/order/page/${patient.userId}`]: ok(orderPage([order])) });

    const item = await screen.findByRole('listitem', { name: order.code });
    expect(within(item).getByText('Dịch vụ: Xét nghiệm: Gói khám sức khỏe tổng quát, HbA1c')).toBeVisible();
    expect(within(item).queryByText(/Hình thức/)).toBeNull();
  });
});
