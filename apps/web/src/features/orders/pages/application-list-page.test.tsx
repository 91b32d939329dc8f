import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/api-mock.ts';
import { doctor, logInAs, patient } from '../../../test/auth.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeOrder, orderPage } from '../../../test/orders.ts';

const listPath = `/api/order/page/${patient.userId}`;

/** The query strings GET /api/order/page was called with, in order. */
function pageQueries(fetchMock: ReturnType<typeof mockApi>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname.startsWith('/api/order/page/'))
    .map((url) => url.searchParams);
}

describe('registration schedule management (/applicationlist/)', { timeout: 20_000 }, () => {
  it('lists my bookings with their Vietnam date, hour and status, and filters them by status', async () => {
    const booked = makeOrder();
    const online = makeOrder({
      id: '5e0b7c21-8a3d-4f6e-b9c2-1d4e7f8a0b33',
      code: 'RHC-260513-0002',
      mode: 'online',
      workUnit: null,
      kind: 1,
      infomation: { ...makeOrder().infomation, fullName: 'Trần Văn Bình' },
    });
    const done = makeOrder({
      id: '7a1c3e50-2b4d-4f6a-8c9e-0f1a2b3c4d55',
      code: 'RHC-260401-0009',
      status: 1,
      startsAt: '2026-04-01T17:30:00.000Z',
    });
    const fetchMock = mockApi({
      [listPath]: ({ url }) => ok(url.searchParams.get('status') === '1' ? orderPage([done]) : orderPage([booked, online, done])),
    });
    logInAs(patient);
    const { user } = renderApp('/applicationlist/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Quản lý lịch đăng ký' })).toBeVisible();
    const first = await screen.findByRole('listitem', { name: 'RHC-260512-0001' });
    expect(within(first).getByText('Đã đăng ký')).toBeVisible();
    expect(within(first).getByText(/12-05-2026 · 09:00/)).toBeVisible();
    expect(within(first).getByText(/Tim mạch · Khám tổng quát/)).toBeVisible();
    expect(within(first).getByText(/Trần Văn Minh/)).toBeVisible();
    expect(within(first).getByText(/Khám trực tiếp/)).toBeVisible();
    expect(within(first).getByRole('link', { name: 'Xem chi tiết lịch hẹn RHC-260512-0001' })).toHaveAttribute(
      'href',
      `/all-orders/${booked.id}`,
    );
    // My own booking does not name me; one for someone else names them.
    expect(within(first).queryByText(/Người khám/)).not.toBeInTheDocument();
    const forOther = screen.getByRole('listitem', { name: 'RHC-260513-0002' });
    expect(within(forOther).getByText('Người khám: Trần Văn Bình')).toBeVisible();
    // An online booking waits for the doctor.
    expect(within(forOther).getByText('Chờ xác nhận')).toBeVisible();
    // 17:30 UTC on 1 April is already 2 April in Vietnam.
    expect(within(screen.getByRole('listitem', { name: 'RHC-260401-0009' })).getByText(/02-04-2026 · 00:30/)).toBeVisible();
    expect(pageQueries(fetchMock)[0]?.get('as')).toBe('patient');
    expect(pageQueries(fetchMock)[0]?.get('size')).toBe('10');

    const statusFilter = screen.getByRole('combobox', { name: 'Trạng thái' });
    expect(statusFilter).toHaveDisplayValue('Tất cả trạng thái');
    // The list holds every kind of order: the confirmed status is not said to be a doctor's (a lab order is the clinic's).
    expect(
      within(statusFilter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tất cả trạng thái', 'Đã đăng ký', 'Đã xác nhận', 'Đã hoàn thành', 'Đã hủy', 'Lưu thông tin']);
    await user.selectOptions(statusFilter, 'Đã hoàn thành');

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'RHC-260512-0001' })).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'RHC-260401-0009' })).toBeVisible();
    expect(pageQueries(fetchMock).at(-1)?.get('status')).toBe('1');
    expect(pageQueries(fetchMock).at(-1)?.get('page')).toBe('0');

    // Back to every status: every booking again.
    await user.selectOptions(statusFilter, 'Tất cả trạng thái');
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'RHC-260512-0001' })).toBeVisible());
    expect(screen.getByRole('listitem', { name: 'RHC-260401-0009' })).toBeVisible();
  });

  it('names a vaccination by its vaccine and dose, not only "Tiêm chủng"', async () => {
    const vaccination = makeOrder({
      code: 'RHC-260514-0007',
      category: 'vaccine',
      specialty: { id: 13, name: 'Tiêm chủng' },
      examType: null,
      vaccine: { vaccineId: 'hepatitis_b', vaccineDoseId: 'hepatitis_b.2', scheduleId: 'VN-TT10-2024' },
      service: 'Viêm gan B, mũi 2',
    });
    mockApi({ [listPath]: ok(orderPage([vaccination])) });
    logInAs(patient);
    renderApp('/applicationlist/');

    const item = await screen.findByRole('listitem', { name: 'RHC-260514-0007' });
    expect(within(item).getByText('Dịch vụ: Viêm gan B, mũi 2')).toBeVisible();
  });

  it('pages through the bookings ten at a time', async () => {
    const orders = Array.from({ length: 25 }, (_, index) =>
      makeOrder({ id: `3d9a1f60-5b2c-4e8d-9f71-${String(index).padStart(12, '0')}`, code: `RHC-${String(index + 1).padStart(4, '0')}` }),
    );
    const fetchMock = mockApi({
      [listPath]: ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        return ok(orderPage(orders.slice(page * 10, page * 10 + 10), orders.length, page));
      },
    });
    logInAs(patient);
    const { user } = renderApp('/applicationlist/');

    expect(await screen.findByRole('listitem', { name: 'RHC-0001' })).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('Số lịch hẹn: 25')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Trang 2' }));

    expect(await screen.findByRole('listitem', { name: 'RHC-0011' })).toBeVisible();
    expect(screen.queryByRole('listitem', { name: 'RHC-0001' })).not.toBeInTheDocument();
    expect(pageQueries(fetchMock).at(-1)?.get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Trang 3' }));
    expect(await screen.findByRole('listitem', { name: 'RHC-0025' })).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });

  it('filters by day, sending day, month and year', async () => {
    const fetchMock = mockApi({ [listPath]: ok(orderPage([makeOrder()])) });
    logInAs(patient);
    const { user } = renderApp('/applicationlist/');
    await screen.findByRole('listitem', { name: 'RHC-260512-0001' });

    await user.type(screen.getByRole('textbox', { name: 'Ngày' }), '12/05/2026');
    await user.tab();

    await waitFor(() => expect(pageQueries(fetchMock).at(-1)?.get('day')).toBe('12'));
    expect(pageQueries(fetchMock).at(-1)?.get('month')).toBe('5');
    expect(pageQueries(fetchMock).at(-1)?.get('year')).toBe('2026');
  });

  it('offers a link to book when there are no bookings', async () => {
    mockApi({ [listPath]: ok(orderPage([])) });
    logInAs(patient);
    renderApp('/applicationlist/');

    expect(await screen.findByText('Bạn chưa có lịch hẹn nào ở đây.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Đặt lịch khám' })).toHaveAttribute('href', '/healthcare/');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('says when no booking matches the filters, and clears them in one press', async () => {
    const booked = makeOrder();
    mockApi({ [listPath]: ({ url }) => ok(url.searchParams.get('status') === '2' ? orderPage([]) : orderPage([booked])) });
    logInAs(patient);
    const { user } = renderApp('/applicationlist/');

    expect(await screen.findByRole('listitem', { name: 'RHC-260512-0001' })).toBeVisible();
    const statusFilter = screen.getByRole('combobox', { name: 'Trạng thái' });
    await user.selectOptions(statusFilter, 'Đã hủy');
    expect(await screen.findByText('Không có lịch hẹn nào khớp bộ lọc.')).toBeVisible();
    expect(screen.queryByText('Bạn chưa có lịch hẹn nào ở đây.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Bỏ lọc' }));
    expect(await screen.findByRole('listitem', { name: 'RHC-260512-0001' })).toBeVisible();
    expect(statusFilter).toHaveDisplayValue('Tất cả trạng thái');
  });

  it('opens on the bookings assigned to a doctor, with their own bookings one tab away', async () => {
    const assigned = makeOrder({ code: 'RHC-260512-0100', userId: patient.userId });
    // One left outside the doctor's working time (a day off taken over it, decision 047) says it needs a decision.
    const undecided = makeOrder({ id: 'b7c8d9e0-1f2a-4b3c-8d4e-5f6a7b8c9d0e', code: 'RHC-260512-0101', outsideWorkTime: true });
    const fetchMock = mockApi({
      [`/api/order/page/${doctor.userId}`]: ({ url }) =>
        ok(url.searchParams.get('as') === 'doctor' ? orderPage([assigned, undecided]) : orderPage([])),
    });
    logInAs(doctor);
    const { user } = renderApp('/applicationlist/');

    expect(await screen.findByRole('listitem', { name: 'RHC-260512-0100' })).toBeVisible();
    expect(within(screen.getByRole('listitem', { name: 'RHC-260512-0101' })).getByText('Cần đổi giờ hoặc hủy')).toBeVisible();
    expect(within(screen.getByRole('listitem', { name: 'RHC-260512-0100' })).queryByText('Cần đổi giờ hoặc hủy')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Được giao cho tôi' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('listitem', { name: 'RHC-260512-0100' })).getByText(`Người khám: ${patient.fullName}`)).toBeVisible();
    expect(pageQueries(fetchMock).at(-1)?.get('as')).toBe('doctor');

    await user.click(screen.getByRole('tab', { name: 'Lịch hẹn của tôi' }));

    expect(await screen.findByText('Bạn chưa có lịch hẹn nào ở đây.')).toBeVisible();
    expect(pageQueries(fetchMock).at(-1)?.get('as')).toBe('patient');
  });
});
