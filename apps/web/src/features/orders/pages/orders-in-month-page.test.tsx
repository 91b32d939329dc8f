import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/api-mock.ts';
import { doctor, logInAs, patient } from '../../../test/auth.ts';
import { expectNameHoldsVisibleText } from '../../../test/labels.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeOrder, orderPage } from '../../../test/orders.ts';

/** The query strings of the calls to `path`, in order. */
function queriesOf(fetchMock: ReturnType<typeof mockApi>, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

describe('bookings by month (/order-list-in-month/)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    // 10 May 2026 in Vietnam; only the clock is fake, timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-10T03:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("marks the days with bookings and lists a chosen day's bookings", async () => {
    const daysPath = `/api/order/${patient.userId}/date-tests`;
    const pagePath = `/api/order/page/${patient.userId}`;
    const fetchMock = mockApi({
      [daysPath]: ({ url }) =>
        ok({
          days:
            url.searchParams.get('month') === '5'
              ? [
                  { day: '2026-05-12', count: 2 },
                  { day: '2026-05-20', count: 1 },
                ]
              : [],
        }),
      [pagePath]: ok(orderPage([makeOrder(), makeOrder({ id: '5e0b7c21-8a3d-4f6e-b9c2-1d4e7f8a0b33', code: 'RHC-260512-0002' })])),
    });
    logInAs(patient);
    const { user } = renderApp('/order-list-in-month/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Lịch hẹn theo tháng' })).toBeVisible();
    // A day's name holds what it shows, its number and its count, in that order (WCAG 2.5.3, issue 54 item 25).
    const day12 = await screen.findByRole('button', { name: '12, 2 lịch hẹn, 12 tháng 5 2026' });
    expect(within(day12).getByText('12')).toBeVisible();
    const day20 = screen.getByRole('button', { name: '20, 1 lịch hẹn, 20 tháng 5 2026' });
    const day13 = screen.getByRole('button', { name: '13 tháng 5 2026, không có lịch hẹn' });
    for (const day of [day12, day20, day13]) expectNameHoldsVisibleText(day);
    expect(queriesOf(fetchMock, daysPath)[0]?.toString()).toBe('month=5&year=2026&as=patient');
    expect(screen.getByText('Chọn một ngày để xem các lịch hẹn.')).toBeVisible();

    await user.click(day12);

    const list = await screen.findByRole('list', { name: 'Lịch hẹn ngày 12-05-2026' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('listitem', { name: 'RHC-260512-0002' })).toBeVisible();
    const query = queriesOf(fetchMock, pagePath).at(-1);
    expect([query?.get('day'), query?.get('month'), query?.get('year'), query?.get('as')]).toEqual(['12', '5', '2026', 'patient']);
    expect(day12).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Tháng sau' }));

    expect(await screen.findByRole('button', { name: '12 tháng 6 2026, không có lịch hẹn' })).toBeVisible();
    expect(queriesOf(fetchMock, daysPath).at(-1)?.get('month')).toBe('6');
  });

  it('shows a doctor the bookings assigned to them', async () => {
    const daysPath = `/api/order/${doctor.userId}/date-tests`;
    const fetchMock = mockApi({ [daysPath]: ok({ days: [{ day: '2026-05-11', count: 4 }] }) });
    logInAs(doctor);
    renderApp('/order-list-in-month/');

    expectNameHoldsVisibleText(await screen.findByRole('button', { name: '11, 4 lịch hẹn, 11 tháng 5 2026' }));
    expect(queriesOf(fetchMock, daysPath)[0]?.get('as')).toBe('doctor');
  });
});
