import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calledPaths, fail, mockApi, ok } from '../../../test/api-mock.ts';
import { patient } from '../../../test/auth.ts';
import { renderApp } from '../../../test/render-app.tsx';

const code = 'k7PqR2sT9vWxY3zA5bC8dE1f';
const tracking = {
  code: 'RHC-260512-0001',
  status: 3,
  category: 'exam',
  mode: 'direct',
  service: 'Khám tổng quát',
  specialty: 'Tim mạch',
  clinic: { name: 'Phòng khám Đa khoa Hòa Bình', address: '12 Lê Lợi, Quận 1, TP. Hồ Chí Minh' },
  checkDay: '2026-05-12',
  checkHour: '09:00',
  startsAt: '2026-05-12T02:00:00.000Z',
  patientInitials: 'N.T.L.',
};

describe('public booking tracking (/order-tracking/:code)', { timeout: 20_000 }, () => {
  it('shows the progress of the booking without logging in, and only the patient initials', async () => {
    const fetchMock = mockApi({ [`/api/p/order/track-order/${code}`]: ok(tracking) });
    renderApp(`/order-tracking/${code}`);

    expect(await screen.findByText('RHC-260512-0001')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Theo dõi lịch hẹn' })).toBeVisible();
    expect(screen.getAllByText('Bác sĩ đã xác nhận').length).toBeGreaterThan(0);
    const timeline = screen.getByLabelText('Tiến trình lịch hẹn');
    expect(within(timeline).getByText('Đã đặt lịch')).toBeVisible();
    expect(within(timeline).getByText('Đã hoàn thành')).toBeVisible();
    expect(within(timeline).getByText('Bác sĩ đã xác nhận')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('12-05-2026')).toBeVisible();
    expect(screen.getByText('09:00')).toBeVisible();
    expect(screen.getByText('Khám tổng quát')).toBeVisible();
    expect(screen.getByText('Phòng khám Đa khoa Hòa Bình — 12 Lê Lợi, Quận 1, TP. Hồ Chí Minh')).toBeVisible();
    expect(screen.getByText('N.T.L.')).toBeVisible();
    expect(document.body).not.toHaveTextContent(patient.fullName);
    expect(document.body).not.toHaveTextContent(patient.phone);
    // The one call made about the booking is the public one; no session is needed.
    expect(calledPaths(fetchMock).filter((path) => path.includes('order'))).toEqual([`/api/p/order/track-order/${code}`]);
  });

  it('shows a cancelled booking as cancelled', async () => {
    mockApi({ [`/api/p/order/track-order/${code}`]: ok({ ...tracking, status: 2, mode: 'online', clinic: null }) });
    renderApp(`/order-tracking/${code}`);

    const timeline = await screen.findByLabelText('Tiến trình lịch hẹn');
    expect(within(timeline).getByText('Đã hủy')).toHaveAttribute('aria-current', 'step');
    expect(within(timeline).queryByText('Đã hoàn thành')).not.toBeInTheDocument();
    expect(screen.getByText('Khám trực tuyến')).toBeVisible();
  });

  it('says the booking is not found for an unknown code', async () => {
    mockApi({ [`/api/p/order/track-order/${code}`]: fail(404, 'NOT_FOUND', 'Không tìm thấy.') });
    renderApp(`/order-tracking/${code}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Không tìm thấy lịch hẹn' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Về trang chủ' })).toHaveAttribute('href', '/');
  });

  it("shows the server's message when asked too often", async () => {
    mockApi({ [`/api/p/order/track-order/${code}`]: fail(429, 'TOO_MANY_REQUESTS', 'Bạn đã thử quá nhiều lần. Vui lòng thử lại sau.') });
    renderApp(`/order-tracking/${code}`);

    expect(await screen.findByText('Bạn đã thử quá nhiều lần. Vui lòng thử lại sau.')).toBeVisible();
  });
});
