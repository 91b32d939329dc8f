import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/api-mock.ts';
import { doctor, logInAs, patient } from '../../../test/auth.ts';
import { findDialog } from '../../../test/dialogs.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeOrder } from '../../../test/orders.ts';

const order = makeOrder({ actions: { edit: true, cancel: true, verify: false, complete: false, delete: false } });
const detailPath = `/api/order/detail/${order.id}`;
const waitlistPath = `/api/order/waitlist/${order.id}`;
const offerId = '7b1e4c2a-9d3f-4a5b-8c6d-0e1f2a3b4c5d';
const entry = {
  id: '5a6b7c8d-1e2f-4a3b-9c4d-5e6f7a8b9c0d',
  anyDoctor: false,
  fromDay: '2026-05-01',
  toDay: '2026-05-12',
  createdAt: '2026-04-30T02:00:00.000Z',
};

function callsTo(fetchMock: ReturnType<typeof mockApi>, path: string, method: string) {
  return fetchMock.mock.calls.filter(
    ([input, init]) => new URL(String(input), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  );
}

describe('earlier slot on the booking page (issue 12)', { timeout: 20_000 }, () => {
  it('asks for the days, then shows the place in line', async () => {
    let state: unknown = { entry: null, offer: null };
    const fetchMock = mockApi({
      [detailPath]: ok(order),
      [waitlistPath]: ({ init }) => {
        if (init?.method === 'PUT')
          state = { entry: { ...entry, ...JSON.parse(String(init.body)), status: 'waiting', position: 3 }, offer: null };
        return ok(state);
      },
    });
    logInAs(patient);
    const { user } = renderApp(`/all-orders/${order.id}`);
    const section = await screen.findByRole('region', { name: 'Lịch sớm hơn' });
    await user.click(await within(section).findByRole('button', { name: 'Báo tôi khi có lịch sớm hơn' }));
    // Up to the booking's own day by default.
    expect(within(section).getByRole('textbox', { name: /^Đến ngày/ })).toHaveValue('12/05/2026');
    await user.click(within(section).getByRole('button', { name: 'Lưu' }));
    expect(await within(section).findByText('Bạn đang ở vị trí thứ 3 trong danh sách chờ.')).toBeVisible();
    expect(JSON.parse(String(callsTo(fetchMock, waitlistPath, 'PUT')[0]?.[1]?.body))).toMatchObject({ toDay: '2026-05-12' });
  });

  it('waits for any doctor of the specialty at the clinic when asked, and says so', async () => {
    let state: unknown = { entry: null, offer: null };
    const fetchMock = mockApi({
      [detailPath]: ok(order),
      [waitlistPath]: ({ init }) => {
        if (init?.method === 'PUT')
          state = { entry: { ...entry, ...JSON.parse(String(init.body)), status: 'waiting', position: 1 }, offer: null };
        return ok(state);
      },
    });
    logInAs(patient);
    const { user } = renderApp(`/all-orders/${order.id}`);
    const section = await screen.findByRole('region', { name: 'Lịch sớm hơn' });
    await user.click(await within(section).findByRole('button', { name: 'Báo tôi khi có lịch sớm hơn' }));
    const whom = within(section).getByRole('radiogroup', { name: 'Nhận lịch sớm hơn với' });
    expect(within(whom).getByRole('radio', { name: `Chỉ bác sĩ này (${doctor.fullName})` })).toBeChecked();
    await user.click(within(whom).getByRole('radio', { name: 'Bất kỳ bác sĩ Tim mạch nào tại Phòng khám Đa khoa Hòa Bình' }));
    expect(within(section).getByText(/lịch hẹn sẽ chuyển sang bác sĩ đó/)).toBeVisible();
    await user.click(within(section).getByRole('button', { name: 'Lưu' }));
    expect(await within(section).findByText('Với: Bất kỳ bác sĩ Tim mạch nào tại Phòng khám Đa khoa Hòa Bình')).toBeVisible();
    expect(JSON.parse(String(callsTo(fetchMock, waitlistPath, 'PUT')[0]?.[1]?.body))).toMatchObject({ anyDoctor: true });
  });

  it('stops waiting only after a confirmation', async () => {
    const fetchMock = mockApi({
      [detailPath]: ok(order),
      [waitlistPath]: ({ init }) =>
        ok(
          init?.method === 'DELETE'
            ? { entry: { ...entry, status: 'ended', position: null }, offer: null }
            : { entry: { ...entry, status: 'waiting', position: 1 }, offer: null },
        ),
    });
    logInAs(patient);
    const { user } = renderApp(`/all-orders/${order.id}`);
    const section = await screen.findByRole('region', { name: 'Lịch sớm hơn' });
    await user.click(await within(section).findByRole('button', { name: 'Thôi chờ' }));
    const dialog = await findDialog('Thôi chờ lịch sớm hơn?');
    expect(callsTo(fetchMock, waitlistPath, 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Thôi chờ' }));
    expect(await screen.findByText('Bạn đã thôi chờ lịch sớm hơn.')).toBeVisible();
    expect(callsTo(fetchMock, waitlistPath, 'DELETE')).toHaveLength(1);
  });

  it('shows a held slot with the time left; taking it calls accept, a refusal says why', async () => {
    const offer = {
      id: offerId,
      orderId: order.id,
      startsAt: '2026-05-05T01:00:00.000Z',
      endsAt: '2026-05-05T01:30:00.000Z',
      checkDay: '2026-05-05',
      checkHour: '08:00',
      doctor: { id: doctor.userId, fullName: doctor.fullName },
      expiresAt: new Date(Date.now() + 14 * 60_000 + 30_000).toISOString(),
      status: 'open',
    };
    const acceptPath = `/api/offers/${offerId}/accept`;
    const fetchMock = mockApi({
      [detailPath]: ok(order),
      [waitlistPath]: ok({ entry: { ...entry, status: 'offered', position: null }, offer }),
      [acceptPath]: fail(409, 'OFFER_EXPIRED', 'Lời mời này đã hết hạn.'),
    });
    logInAs(patient);
    const { user } = renderApp(`/all-orders/${order.id}`);
    const section = await screen.findByRole('region', { name: 'Lịch sớm hơn' });
    expect(await within(section).findByText('05-05-2026 lúc 08:00')).toBeVisible();
    expect(within(section).getByText(`Bác sĩ ${doctor.fullName}`)).toBeVisible();
    // The booking's own doctor: nothing to say about a change of doctor.
    expect(within(section).queryByText(/chuyển sang bác sĩ/)).not.toBeInTheDocument();
    expect(within(section).getByRole('timer')).toHaveTextContent(/Còn giữ cho bạn 14:[23]\d/);
    await user.click(within(section).getByRole('button', { name: 'Nhận lịch này' }));
    expect(await screen.findByText('Lời mời này đã hết hạn.')).toBeVisible();
    await waitFor(() => expect(callsTo(fetchMock, acceptPath, 'POST')).toHaveLength(1));
    expect(within(section).getByRole('button', { name: 'Bỏ qua' })).toBeVisible();
  });
});
