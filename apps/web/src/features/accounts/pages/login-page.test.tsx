import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, USER_ID_STORAGE_KEY, useAuthStore } from '../../../stores/auth-store.ts';
import { calledPaths, fail, mockApi, ok } from '../../../test/api-mock.ts';
import { patient, setSessionCookie } from '../../../test/auth.ts';
import { fieldLabel } from '../../../test/labels.ts';
import { renderApp } from '../../../test/render-app.tsx';

const loginAnswer = { accessToken: 'a'.repeat(43), expiresAt: '2026-05-04T08:15:00.000Z', user: patient };

/** POST /api/login as the server answers it: the session cookies, then the person. */
function loginSucceeds() {
  return () => {
    setSessionCookie();
    return ok(loginAnswer);
  };
}

async function logIn(user: ReturnType<typeof renderApp>['user'], phone = '0901234567', password = 'Benhnhan123') {
  await user.type(await screen.findByLabelText(fieldLabel('Số điện thoại')), phone);
  await user.type(screen.getByLabelText(fieldLabel('Mật khẩu')), password);
  await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
}

describe('login page', () => {
  it('says so when logging in kept an account whose deletion was pending (issue 53)', async () => {
    mockApi({
      '/api/login': () => {
        setSessionCookie();
        return ok({ ...loginAnswer, deletionCancelled: true });
      },
      ['/api/dashboard/' + patient.userId]: ok({ countInvites: 0 }),
    });
    const { user } = renderApp('/login/');
    await logIn(user);
    expect(await screen.findByText('Chào mừng bạn trở lại. Bạn đã đăng nhập nên tài khoản sẽ không bị xóa.')).toBeVisible();
  });

  it('logs in, keeps the user and their id, and shows the full name in the header', async () => {
    const fetchMock = mockApi({ '/api/login': loginSucceeds(), ['/api/dashboard/' + patient.userId]: ok({ countInvites: 0 }) });
    const { user, history } = renderApp('/login/');

    await logIn(user);

    expect(await screen.findByRole('button', { name: `Menu tài khoản của ${patient.fullName}` })).toBeVisible();
    expect(within(screen.getByRole('banner')).getByText(patient.fullName)).toBeVisible();
    expect(history.location.pathname).toBe('/');
    expect(useAuthStore.getState().user).toEqual(patient);
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBe(patient.userId);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toContain(patient.fullName);
    // The token stays in the HttpOnly cookie: the browser's storage never holds it.
    expect(JSON.stringify({ ...localStorage })).not.toContain(loginAnswer.accessToken);
    const body = JSON.parse(String(fetchMock.mock.calls[calledPaths(fetchMock).indexOf('/api/login')]?.[1]?.body));
    expect(body).toEqual({ phone: '0901234567', password: 'Benhnhan123' });
  });

  it("shows the server's message when the password is wrong, and stays logged out", async () => {
    mockApi({ '/api/login': fail(401, '10401', 'Số điện thoại hoặc mật khẩu không đúng.') });
    const { user, history } = renderApp('/login/');

    await logIn(user, '0901234567', 'SaiMatKhau1');

    const message = await screen.findByText('Số điện thoại hoặc mật khẩu không đúng.');
    expect(message.closest('[role="alert"]')).toBeVisible();
    expect(history.location.pathname).toBe('/login/');
    expect(useAuthStore.getState().user).toBeNull();
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('link', { name: 'Đăng nhập' })).toHaveAttribute('href', '/login/');
  });

  it('checks the fields before calling the server', async () => {
    const fetchMock = mockApi({});
    const { user } = renderApp('/login/');

    await logIn(user, '12345', 'x');

    expect(await screen.findByText('Vui lòng nhập số điện thoại di động Việt Nam hợp lệ (ví dụ 0912345678).')).toBeVisible();
    expect(calledPaths(fetchMock)).not.toContain('/api/login');
  });

  it('links to the forgot-password and sign-up screens', async () => {
    renderApp('/login/');

    expect(await screen.findByRole('link', { name: 'Quên mật khẩu?' })).toHaveAttribute('href', '/forgetpassword/');
    expect(screen.getByRole('link', { name: 'Đăng ký ngay' })).toHaveAttribute('href', '/register/');
  });
});

describe('the guard of the pages behind login', () => {
  it('replaces the page with /login/ and comes back to it after login', async () => {
    mockApi({
      '/api/login': loginSucceeds(),
      ['/api/dashboard/' + patient.userId]: ok({ countInvites: 0 }),
      ['/api/user/' + patient.userId]: ok({
        ...patient,
        email: 'lan.nguyen@demo.rhc.vn',
        address: '12 Lý Thường Kiệt, Hà Nội',
        gender: 'female',
        jobNote: 'Nhân viên văn phòng',
        doctor: null,
        phoneVerified: true,
        createdAt: '2026-01-01T00:00:00.000Z',
      }),
    });
    const { user, history } = renderApp('/health-record/?from=menu');
    await screen.findByRole('heading', { level: 1, name: 'Đăng nhập' });
    expect(history.location.pathname).toBe('/login/');
    expect(history.action).toBe('REPLACE');

    await logIn(user);

    await screen.findByRole('heading', { level: 1, name: 'Hồ sơ' });
    expect(history.location.pathname).toBe('/health-record/');
    expect(history.location.search).toBe('?from=menu');
  });

  it('needs the session cookie too: a login state without it is cleared', async () => {
    useAuthStore.getState().logIn(patient);
    const { history } = renderApp('/infouser/');

    await screen.findByRole('heading', { level: 1, name: 'Đăng nhập' });
    expect(history.location.pathname).toBe('/login/');
    expect(useAuthStore.getState().user).toBeNull();
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBeNull();
  });
});
