import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/api-mock.ts';
import { doctor, logInAs, patient } from '../../../test/auth.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeOrder } from '../../../test/orders.ts';

const order = makeOrder();
const detailPath = `/api/order/detail/${order.id}`;
const remindersPath = `/api/order/reminders/${order.id}`;

describe('reminders on a booking (/all-orders/:id)', { timeout: 20_000 }, () => {
  it('lets the patient leave the default and choose up to three lead times by keyboard, then saves them with a toast', async () => {
    const sent: unknown[] = [];
    mockApi({
      [detailPath]: ok(order),
      [remindersPath]: ({ init }) => {
        if (init?.method !== 'PUT') return ok({ minutes: null, defaults: [1440, 120] });
        const body = JSON.parse(String(init.body)) as { minutes: number[] | null };
        sent.push(body);
        return ok({ minutes: body.minutes, defaults: [1440, 120] });
      },
    });
    logInAs(patient);
    const { user } = renderApp(`/all-orders/${order.id}`);

    const follow = await screen.findByRole('checkbox', { name: 'Theo mặc định của tôi' });
    expect(follow).toBeChecked();
    expect(screen.getByText('Hiện tại: 1 ngày, 2 giờ')).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Nhắc tôi trước' })).not.toBeInTheDocument();

    await user.click(follow);
    expect(screen.getByRole('group', { name: 'Nhắc tôi trước' })).toBeVisible();
    // Starts from the default: 1 day and 2 hours are chosen.
    expect(screen.getByRole('checkbox', { name: '1 ngày' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '2 giờ' })).toBeChecked();
    screen.getByRole('checkbox', { name: '30 phút' }).focus();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: '30 phút' })).toBeChecked();
    // Three chosen: the others wait until one is removed.
    expect(screen.getByText('Đã chọn đủ 3 mốc: bỏ một mốc để chọn mốc khác.')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: '4 giờ' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: '1 ngày' }));
    expect(screen.getByRole('checkbox', { name: '4 giờ' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Lưu lời nhắc' }));
    await waitFor(() => expect(sent).toEqual([{ minutes: [120, 30] }]));
    expect(await screen.findByText('Đã lưu lời nhắc')).toBeInTheDocument();
  });

  it('shows a refusal from the server', async () => {
    mockApi({
      [detailPath]: ok(order),
      [remindersPath]: ({ init }) =>
        init?.method === 'PUT'
          ? fail(409, 'ORDER_STATUS_CONFLICT', 'Lịch hẹn này vừa được thay đổi. Vui lòng tải lại và thử lại.')
          : ok({ minutes: [60], defaults: [] }),
    });
    logInAs(patient);
    const { user } = renderApp(`/all-orders/${order.id}`);
    expect(await screen.findByRole('checkbox', { name: '1 giờ' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Lưu lời nhắc' }));
    expect(await screen.findByText('Lịch hẹn này vừa được thay đổi. Vui lòng tải lại và thử lại.')).toBeInTheDocument();
  });

  it("is not offered to the booking's doctor", async () => {
    const fetchMock = mockApi({ [detailPath]: ok(order), [remindersPath]: ok({ minutes: null, defaults: [] }) });
    logInAs(doctor);
    renderApp(`/all-orders/${order.id}`);
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(screen.queryByText('Nhắc lịch khám')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/order/reminders/'))).toBe(false);
  });

  it('is not offered on a cancelled booking', async () => {
    mockApi({ [detailPath]: ok(makeOrder({ status: 2 })), [remindersPath]: ok({ minutes: null, defaults: [] }) });
    logInAs(patient);
    renderApp(`/all-orders/${order.id}`);
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(screen.queryByText('Nhắc lịch khám')).not.toBeInTheDocument();
  });
});
