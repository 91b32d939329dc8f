import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from '../../../test/axe.ts';
import { ok } from '../../../test/api-mock.ts';
import { fieldLabel } from '../../../test/labels.ts';
import {
  expectCancelAfterConfirmation,
  expectEditPageNotFound,
  expectEditRefused,
  setUpBookingTests,
} from '../../../test/order-booking.ts';
import { openPage } from '../../../test/page-harness.ts';
import { catalogReplies, imagingOrder } from './imaging-fixtures.ts';

const order = imagingOrder({ actions: { edit: true, cancel: true, verify: false, complete: false, delete: false } });
const detailPath = `/api/order/detail/${order.id}`;
const editPath = `/api/imageanalysationedit/${order.id}`;

setUpBookingTests();

describe('changing an imaging order (/imageanalysationedit/{id})', { timeout: 60_000 }, () => {
  it('opens prefilled with the order and its answers, and saves another slot without contrast with PUT', async () => {
    const { fetchMock, user, history } = openPage(`/imageanalysationedit/${order.id}`, {
      ...catalogReplies,
      [detailPath]: ok(order),
      [editPath]: ({ init }) => ok({ ...order, checkHour: '10:00', ...JSON.parse(String(init?.body)) }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sửa lịch chẩn đoán hình ảnh' })).toBeVisible();
    expect(await screen.findByRole('radio', { name: /^Chụp cộng hưởng từ \(MRI\)/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Sọ não' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Cho người khác' })).toBeDisabled();
    const implant = screen.getByRole('radiogroup', {
      name: fieldLabel('Trong người bạn có kim loại từ phẫu thuật (kẹp, vít, nẹp, khớp nhân tạo, stent, bơm cấy) không?'),
    });
    expect(within(implant).getByRole('radio', { name: 'Có' })).toBeChecked();
    expect(screen.getByTestId('imaging-total')).toHaveTextContent('3.500.000 ₫');
    // The order's own slot is chosen, said as the current booking.
    expect(await screen.findByRole('radio', { name: '08:30 – 09:15' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '08:30 – 09:15' })).toHaveAccessibleDescription('lịch hiện tại của bạn');

    await user.click(screen.getByRole('radio', { name: 'Không dùng thuốc cản quang' }));
    expect(screen.getByTestId('imaging-total')).toHaveTextContent('2.500.000 ₫');
    await user.click(screen.getByRole('radio', { name: '10:00 – 10:45' }));
    await user.click(screen.getByRole('button', { name: 'Lưu thay đổi' }));

    await waitFor(() => expect(history.location.pathname).toBe(`/all-orders/${order.id}`));
    expect(await screen.findByText('Đã lưu lịch chẩn đoán hình ảnh.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([input, init]) => String(input) === editPath && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      type: 'MRI',
      items: ['head'],
      workUnitId: 2,
      testDay: '2026-05-14',
      testTime: '10:00',
      render: order.imaging?.render,
      contrast: false,
      note: '',
      isFamily: false,
    });
  });

  it('cancels the order after a confirmation that can be declined', async () => {
    await expectCancelAfterConfirmation(order, `/imageanalysationedit/${order.id}`, catalogReplies, {
      button: 'Hủy lịch chụp',
      dialog: 'Hủy lịch chẩn đoán hình ảnh này?',
      reason: 'Bác sĩ đổi chỉ định',
      done: 'Đã hủy lịch chẩn đoán hình ảnh.',
    });
  });

  it('shows the not-found screen for an address that names no imaging order of mine', async () => {
    await expectEditPageNotFound(order, `/imageanalysationedit/${order.id}`, catalogReplies, 'Không tìm thấy lịch chẩn đoán hình ảnh');
    await expectNoSeriousAxeViolations();
  });

  it('refuses an order that can no longer change', async () => {
    await expectEditRefused(
      { ...order, status: 2, actions: { ...order.actions, edit: false, cancel: false } },
      `/imageanalysationedit/${order.id}`,
      catalogReplies,
      { refused: 'Lịch chụp này không thể sửa trực tuyến nữa.', cancel: 'Hủy lịch chụp' },
    );
  });

  it('the order’s page (/all-orders/{id}) states the scan, its parts, contrast and the staff review, and its edit leads here', async () => {
    openPage(`/all-orders/${order.id}`, { ...catalogReplies, [detailPath]: ok(order) });

    expect(await screen.findByText('Chụp cộng hưởng từ (MRI)')).toBeVisible();
    expect(screen.getByText('Sọ não')).toBeVisible();
    expect(screen.getByText('Nhân viên xem lại trước khi xác nhận')).toBeVisible();
    expect(screen.getByText(/Trong người bạn có kim loại từ phẫu thuật/)).toBeVisible();
    expect(screen.getByText('3.500.000 ₫')).toBeVisible();
    expect(screen.getByText(/Trước khi chụp có thuốc cản quang, nhịn ăn 4 giờ/)).toBeVisible();
    expect(screen.getByRole('link', { name: /Sửa/ })).toHaveAttribute('href', `/imageanalysationedit/${order.id}`);
    // The clinic's staff serve a scan, not a doctor.
    expect(screen.getByText('Nhân viên phụ trách')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Người được chụp' })).toBeVisible();
    expect(screen.queryByText('Bác sĩ')).toBeNull();
    expect(screen.queryByText('Người khám')).toBeNull();
    await expectNoSeriousAxeViolations();
  });
});
