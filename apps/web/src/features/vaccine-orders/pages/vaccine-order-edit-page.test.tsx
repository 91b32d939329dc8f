import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/api-mock.ts';
import { fieldLabel } from '../../../test/labels.ts';
import { expectEditPageNotFound, expectEditRefused, setUpBookingTests } from '../../../test/order-booking.ts';
import { openPage } from '../../../test/page-harness.ts';
import { catalogReplies, childProfile, vaccinator, vaccineOrder } from './vaccine-fixtures.ts';

const order = vaccineOrder({ actions: { edit: true, cancel: true, verify: false, complete: false, delete: false } });
const detailPath = `/api/order/detail/${order.id}`;
const editPath = `/api/vaccine-order/${order.id}`;

setUpBookingTests();

describe('changing a vaccine order (/vaccine-order/edit/{id})', { timeout: 30_000 }, () => {
  it('opens prefilled with the order, and saves another dose, hour and note with PUT, then "vaccine order saved"', async () => {
    const { fetchMock, user, history } = openPage(`/vaccine-order/edit/${order.id}`, {
      ...catalogReplies,
      [detailPath]: ok(order),
      [editPath]: ({ init }) => ok({ ...order, ...JSON.parse(String(init?.body)), checkHour: '08:30' }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sửa lịch tiêm chủng' })).toBeVisible();
    expect(await screen.findByRole('combobox', { name: fieldLabel('Vắc xin') })).toHaveValue('dtp_hepb_hib');
    expect(screen.getByRole('combobox', { name: fieldLabel('Mũi tiêm') })).toHaveValue('dtp_hepb_hib.2');
    // Whom the order is for stays as it was.
    expect(screen.getByRole('radio', { name: 'Cho người khác' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Cho người khác' })).toBeDisabled();
    expect(screen.getByLabelText(fieldLabel('Họ và tên'))).toHaveValue(childProfile.info.fullName);
    expect(await screen.findByLabelText('Nguyễn Thu Hà, Thạc sĩ')).toBeChecked();
    // The order's own time is offered though it is not free (the order holds it), beside the free ones.
    expect(await screen.findByRole('radio', { name: '08:00' })).toHaveAttribute('aria-checked', 'true');

    await user.selectOptions(screen.getByRole('combobox', { name: fieldLabel('Mũi tiêm') }), 'Mũi 3 · lúc 4 tháng tuổi');
    await user.click(screen.getByRole('radio', { name: '08:30' }));
    await user.type(screen.getByLabelText('Ghi chú cho cơ sở tiêm'), 'Đổi sang mũi 3');
    await user.click(screen.getByRole('button', { name: 'Lưu thay đổi' }));

    await waitFor(() => expect(history.location.pathname).toBe(`/all-orders/${order.id}`));
    expect(await screen.findByText('Đã lưu lịch tiêm chủng.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([input, init]) => String(input) === editPath && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
      vaccineId: 'dtp_hepb_hib',
      vaccineDoseId: 'dtp_hepb_hib.3',
      doctorId: vaccinator.id,
      checkDay: '2026-05-14',
      checkHour: '08:30',
      note: 'Đổi sang mũi 3',
      isFamily: true,
    });
  });

  it('shows the not-found screen for an address that names no vaccine order of mine', async () => {
    await expectEditPageNotFound(order, `/vaccine-order/edit/${order.id}`, catalogReplies, 'Không tìm thấy lịch tiêm');
  });

  it('refuses an order that can no longer change, without the form', async () => {
    await expectEditRefused(
      { ...order, status: 2, actions: { ...order.actions, edit: false } },
      `/vaccine-order/edit/${order.id}`,
      catalogReplies,
      {
        refused: 'Lịch tiêm này không thể sửa trực tuyến nữa.',
      },
    );
  });

  it('refuses an examination: its page is the examination’s edit', async () => {
    await expectEditRefused({ ...order, category: 'exam', vaccine: undefined }, `/vaccine-order/edit/${order.id}`, catalogReplies, {
      refused: 'Lịch hẹn này không phải lịch tiêm chủng.',
    });
  });

  it('the order’s page (/all-orders/{id}) names the vaccine, the dose and the schedule, and its edit leads here', async () => {
    openPage(`/all-orders/${order.id}`, { ...catalogReplies, [detailPath]: ok(order) });

    expect(await screen.findByText('5 trong 1 (bạch hầu, ho gà, uốn ván, viêm gan B, Hib)')).toBeVisible();
    expect(screen.getByText('Mũi 2 · lúc 3 tháng tuổi')).toBeVisible();
    expect(screen.getByText('Tiêm chủng mở rộng Việt Nam (Thông tư 10/2024)')).toBeVisible();
    expect(screen.getByRole('link', { name: /Sửa/ })).toHaveAttribute('href', `/vaccine-order/edit/${order.id}`);
  });
});
