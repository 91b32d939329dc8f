import { endpoints } from '@rhc/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { apiRequest } from '../lib/api-client.ts';
import { USER_ID_STORAGE_KEY, useAuthStore } from '../stores/auth-store.ts';
import { calledPaths, fail, mockApi, ok } from '../test/api-mock.ts';
import { logInAs, patient } from '../test/auth.ts';
import { connectApiClient } from './router.tsx';

const contact = { phone: '02838221234', email: 'hotro@rhc.vn' };
const refreshPath = `/api/checktoken/${patient.userId}`;
const expired = fail(401, 'SESSION_EXPIRED', 'Phiên đăng nhập đã kết thúc. Vui lòng đăng nhập lại.');

let disconnect: () => void = () => {};
afterEach(() => disconnect());

/** The app's history and API client as main.tsx connects them, on `path`, without rendering. */
function startApp(path = '/vaccines/') {
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  disconnect = connectApiClient(history);
  return history;
}

/** A server whose access token expired: a request answers 401 until the refresh call renewed the session. */
function serverWithExpiredToken({ refreshSucceeds }: { refreshSucceeds: boolean }) {
  let renewed = false;
  let release: () => void = () => {};
  const refreshHeld = new Promise<void>((resolve) => (release = resolve));
  const fetchMock = mockApi({
    '/api/support-contact': () => (renewed ? ok(contact) : expired),
    [refreshPath]: async () => {
      await refreshHeld;
      if (!refreshSucceeds) return expired;
      renewed = true;
      return ok({ status: 200, token: 'b'.repeat(43), expiresAt: '2026-05-04T08:30:00.000Z' });
    },
  });
  return { fetchMock, releaseRefresh: release };
}

describe('token handling (spec §4)', () => {
  it('renews the session once on a 401 and sends the request again', async () => {
    logInAs(patient);
    startApp();
    const { fetchMock, releaseRefresh } = serverWithExpiredToken({ refreshSucceeds: true });
    releaseRefresh();

    await expect(apiRequest(endpoints.system.supportContact)).resolves.toEqual(contact);

    expect(calledPaths(fetchMock)).toEqual(['/api/support-contact', refreshPath, '/api/support-contact']);
    const refresh = fetchMock.mock.calls[1]?.[1];
    expect(refresh?.method).toBe('POST');
    expect(refresh?.body).toBeUndefined();
  });

  it('makes one refresh for requests failing together, and requests started meanwhile wait for it', async () => {
    logInAs(patient);
    startApp();
    const { fetchMock, releaseRefresh } = serverWithExpiredToken({ refreshSucceeds: true });

    const first = apiRequest(endpoints.system.supportContact);
    const second = apiRequest(endpoints.system.supportContact);
    await expect.poll(() => calledPaths(fetchMock).filter((path) => path === refreshPath).length).toBe(1);
    const third = apiRequest(endpoints.system.supportContact); // while the refresh is in flight
    releaseRefresh();

    await expect(Promise.all([first, second, third])).resolves.toEqual([contact, contact, contact]);
    const paths = calledPaths(fetchMock);
    expect(paths.filter((path) => path === refreshPath)).toHaveLength(1);
    // The two that failed went out before the refresh; the third only after it; each failed one was sent again once.
    expect(paths.slice(0, paths.indexOf(refreshPath))).toEqual(['/api/support-contact', '/api/support-contact']);
    expect(paths.filter((path) => path === '/api/support-contact')).toHaveLength(5);
  });

  it('when the refresh fails, clears the login state and replaces the page with /login/', async () => {
    logInAs(patient);
    const history = startApp('/vaccines/?dose=2');
    const { fetchMock, releaseRefresh } = serverWithExpiredToken({ refreshSucceeds: false });
    releaseRefresh();

    await expect(apiRequest(endpoints.system.supportContact)).rejects.toMatchObject({ status: 401, code: 'SESSION_EXPIRED' });

    expect(calledPaths(fetchMock).filter((path) => path === refreshPath)).toHaveLength(1);
    expect(useAuthStore.getState().user).toBeNull();
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBeNull();
    await expect.poll(() => history.location.pathname).toBe('/login/');
    expect(history.action).toBe('REPLACE');
    expect(history.location.state).toEqual({ from: '/vaccines/?dose=2' });
  });

  it('does not try to refresh a failed login: its 401 is the answer', async () => {
    startApp();
    const fetchMock = mockApi({ '/api/login': fail(401, '10401', 'Số điện thoại hoặc mật khẩu không đúng.') });
    const { postLogin } = await import('../features/accounts/api.ts');

    await expect(postLogin({ phone: '0901234567', password: 'SaiMatKhau1' })).rejects.toMatchObject({ code: '10401' });

    expect(calledPaths(fetchMock)).toEqual(['/api/login']);
  });
});
