import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useBookingStore } from '../../../stores/booking-store.ts';
import { calledPaths, mockApi, ok } from '../../../test/api-mock.ts';
import { logInAs, patient } from '../../../test/auth.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeOrder } from '../../../test/orders.ts';

describe('booking success (/bookingsuccess/)', { timeout: 20_000 }, () => {
  afterEach(() => {
    useBookingStore.getState().reset();
  });

  it('shows the bookings just made from the persisted list, skipping an entry it cannot read', async () => {
    const direct = makeOrder();
    const online = makeOrder({ id: '5e0b7c21-8a3d-4f6e-b9c2-1d4e7f8a0b33', code: 'RHC-260513-0002', mode: 'online', workUnit: null });
    useBookingStore.setState({
      orderSuccessList: [JSON.parse(JSON.stringify(direct)), JSON.parse(JSON.stringify(online)), { code: 'broken' }],
    });
    const fetchMock = mockApi({});
    logInAs(patient);
    renderApp('/bookingsuccess/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Bạn đã đặt lịch thành công' })).toBeVisible();
    const first = screen.getByRole('article', { name: 'RHC-260512-0001' });
    expect(within(first).getByText('12-05-2026')).toBeVisible();
    expect(within(first).getByText('09:00')).toBeVisible();
    expect(within(first).getByText('Trần Văn Minh')).toBeVisible();
    expect(within(first).getByText('Phòng khám Đa khoa Hòa Bình — 12 Lê Lợi, Quận 1, TP. Hồ Chí Minh')).toBeVisible();
    expect(within(first).getByRole('link', { name: 'Thêm vào lịch' })).toHaveAttribute('href', `/api/order/ics/${direct.id}?lang=vi`);
    expect(within(first).getByRole('link', { name: /\/order-tracking\/k7PqR2sT9vWxY3zA5bC8dE1f$/ })).toBeVisible();
    const second = screen.getByRole('article', { name: 'RHC-260513-0002' });
    expect(within(second).getByText('Khám trực tuyến — bác sĩ sẽ xác nhận và gửi đường dẫn cuộc gọi cho bạn.')).toBeVisible();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(calledPaths(fetchMock).filter((path) => path.startsWith('/api/order'))).toEqual([]);
  });

  it('offers the list of bookings when nothing was just booked', async () => {
    mockApi({});
    logInAs(patient);
    renderApp('/bookingsuccess/');

    expect(await screen.findByText('Không có lịch hẹn vừa đặt nào để hiển thị.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Đến lịch hẹn của tôi' })).toHaveAttribute('href', '/applicationlist/');
  });

  it('reads one booking from the server by its id', async () => {
    const order = makeOrder();
    mockApi({ [`/api/order/detail/${order.id}`]: ok(order) });
    logInAs(patient);
    renderApp(`/bookingsuccess/${order.id}`);

    expect(await screen.findByRole('article', { name: 'RHC-260512-0001' })).toBeVisible();
  });

  it('asks a visitor who is not logged in to log in', async () => {
    const fetchMock = mockApi({});
    renderApp('/bookingsuccess/3d9a1f60-5b2c-4e8d-9f71-2a6b8c0d4e11');

    expect(await screen.findByText('Đăng nhập để xem chi tiết lịch hẹn của bạn.')).toBeVisible();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Đăng nhập' })).toHaveAttribute('href', '/login/');
    expect(calledPaths(fetchMock).filter((path) => path.startsWith('/api/order'))).toEqual([]);
  });
});
