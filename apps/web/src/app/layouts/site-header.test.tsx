import { LANGUAGE_COOKIE } from '@rhc/i18n';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BOOKING_STORAGE_KEY, useBookingStore } from '../../stores/booking-store.ts';
import { bookedOrder } from '../../test/orders.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('site header', () => {
  it('shows login and register links while logged out', async () => {
    renderApp('/');

    const account = await screen.findByRole('navigation', { name: 'Tài khoản' });
    expect(account).toContainElement(screen.getByRole('link', { name: 'Đăng nhập' }));
    expect(screen.getByRole('link', { name: 'Đăng nhập' })).toHaveAttribute('href', '/login/');
    expect(screen.getByRole('link', { name: 'Đăng ký' })).toHaveAttribute('href', '/register/');
  });

  it('switches the whole page to English, then Chinese, and remembers the choice', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Sức khỏe cả gia đình, trong tầm tay bạn' });
    expect(document.documentElement.lang).toBe('vi');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Ngôn ngữ' }), 'English');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your family’s health, within reach' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(screen.getByRole('link', { name: /In-person examination/ })).toBeVisible();
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=en`);
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(document.title).toBe('RHC – Healthcare booking and health records'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), '中文');

    expect(await screen.findByRole('heading', { level: 1, name: '全家健康，尽在掌握' })).toBeVisible();
    expect(screen.getByRole('link', { name: '登录' })).toBeVisible();
    expect(screen.getByRole('link', { name: '注册' })).toBeVisible();
    expect(screen.queryByText('Log in')).not.toBeInTheDocument();
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=zh`);
    expect(document.documentElement.lang).toBe('zh');
    await waitFor(() => expect(document.title).toBe('RHC – 医疗预约与健康档案'));
  });

  it('drops the booking in progress when the logo is clicked', async () => {
    useBookingStore.setState({
      infoBookings: { self: { checkDay: '2026-05-04', checkHour: '09:00' }, other: null },
      healthServiceDivision: { mode: 'direct', bookingFor: 'self' },
      orderSuccessList: [{ ...bookedOrder, code: 'RHC-1' }],
    });
    expect(localStorage.getItem(BOOKING_STORAGE_KEY)).toContain('2026-05-04');
    const { user, history } = renderApp('/vaccines/');

    await user.click(await screen.findByRole('link', { name: 'RHC – Trang chủ' }));

    expect(history.location.pathname).toBe('/');
    expect(useBookingStore.getState()).toMatchObject({
      infoBookings: { self: null, other: null },
      healthServiceDivision: null,
      workTimeList: [],
      orderSuccessList: [],
    });
    expect(localStorage.getItem(BOOKING_STORAGE_KEY)).not.toContain('2026-05-04');
  });
});
