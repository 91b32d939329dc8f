import { defineEndpoints, endpoints } from '@rhc/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { mockApi, ok } from '../test/api-mock.ts';
import { API_TIMEOUT_MS, apiRequest } from './api-client.ts';
import { configureApiClient } from './api-client-config.ts';
import { ApiError } from './api-error.ts';
import { changeLanguage } from './i18n.ts';

const contact = { phone: '02838221234', email: 'hotro@rhc.vn' };

let restoreConfig: () => void;
beforeEach(() => {
  restoreConfig = configureApiClient({});
});
afterEach(() => restoreConfig());

async function failure(request: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await request.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`Expected an ApiError, got ${String(error)}`);
  return error;
}

function sentHeaders(fetchMock: ReturnType<typeof mockApi>, call = 0): Headers {
  const init = fetchMock.mock.calls[call]?.[1] as RequestInit | undefined;
  return new Headers(init?.headers);
}

describe('apiRequest', () => {
  it('resolves with the data of the success envelope', async () => {
    mockApi({ '/api/support-contact': ok(contact) });

    await expect(apiRequest(endpoints.system.supportContact)).resolves.toEqual(contact);
  });

  it('asks for JSON in the current language', async () => {
    const fetchMock = mockApi({ '/api/support-contact': ok(contact) });
    await changeLanguage('zh');

    await apiRequest(endpoints.system.supportContact);

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/support-contact');
    expect(sentHeaders(fetchMock).get('Accept-Language')).toBe('zh');
    expect(sentHeaders(fetchMock).get('Accept')).toBe('application/json');
    expect(sentHeaders(fetchMock).has('Authorization')).toBe(false);
  });

  it('fills path parameters, adds the query and sends the body as JSON', async () => {
    const fetchMock = mockApi({ '/api/order/a%2Fb': ok({ saved: true }) });
    const { endpoint } = defineEndpoints('test', {
      endpoint: {
        method: 'PUT',
        path: '/order/:id',
        summary: 'A test call',
        auth: true,
        params: z.object({ id: z.string() }),
        query: z.object({ page: z.number(), size: z.number(), day: z.optional(z.number()) }),
        body: z.object({ note: z.string() }),
        response: z.object({ saved: z.boolean() }),
      },
    });

    await expect(
      apiRequest(endpoint, { params: { id: 'a/b' }, query: { page: 0, size: 10, day: undefined }, body: { note: 'Tái khám' } }),
    ).resolves.toEqual({ saved: true });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/order/a%2Fb?page=0&size=10');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe(JSON.stringify({ note: 'Tái khám' }));
    expect(sentHeaders(fetchMock).get('Content-Type')).toBe('application/json');
  });

  it('sends the extra headers the caller gives, beside its own', async () => {
    const fetchMock = mockApi({ '/api/support-contact': ok(contact) });

    await apiRequest(endpoints.system.supportContact, {
      headers: { 'Idempotency-Key': 'b3c1f0d2-1111-4a4a-9c9c-222233334444', Accept: 'text/html' },
    });

    expect(sentHeaders(fetchMock).get('Idempotency-Key')).toBe('b3c1f0d2-1111-4a4a-9c9c-222233334444');
    expect(sentHeaders(fetchMock).get('Accept')).toBe('application/json');
  });

  it("rejects with the server's status, code, message and field details", async () => {
    const details = [{ field: 'phone', code: 'invalid_format', message: 'Số điện thoại không hợp lệ.' }];
    mockApi({
      '/api/support-contact': {
        status: 400,
        body: { status: 400, code: 'VALIDATION_FAILED', message: 'Một số thông tin chưa hợp lệ.', details },
      },
    });

    const error = await failure(apiRequest(endpoints.system.supportContact));

    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Một số thông tin chưa hợp lệ.', details });
  });

  it('calls the server-error handler on a 500 answer, then rejects', async () => {
    const onServerError = vi.fn();
    configureApiClient({ onServerError });
    mockApi({
      '/api/support-contact': { status: 500, body: { status: 500, code: 'INTERNAL_ERROR', message: 'Lỗi hệ thống.' } },
    });

    const error = await failure(apiRequest(endpoints.system.supportContact));

    expect(error.code).toBe('INTERNAL_ERROR');
    expect(onServerError).toHaveBeenCalledExactlyOnceWith(error);
  });

  it('leaves a 500 to the caller of a side request that shows its own failure', async () => {
    const onServerError = vi.fn();
    configureApiClient({ onServerError });
    mockApi({
      '/api/support-contact': { status: 500, body: { status: 500, code: 'INTERNAL_ERROR', message: 'Lỗi hệ thống.' } },
    });

    const error = await failure(apiRequest(endpoints.system.supportContact, { showServerErrorScreen: false }));

    expect(error.status).toBe(500);
    expect(onServerError).not.toHaveBeenCalled();
  });

  it('does not call the server-error handler for other failures', async () => {
    const onServerError = vi.fn();
    configureApiClient({ onServerError });
    mockApi({});

    expect((await failure(apiRequest(endpoints.system.supportContact))).status).toBe(404);
    expect(onServerError).not.toHaveBeenCalled();
  });

  it('reports a timeout after 120 seconds without an answer', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
      ),
    );
    const request = failure(apiRequest(endpoints.system.supportContact));

    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    let settled = false;
    void request.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect(await request).toMatchObject({
      status: 408,
      code: 'TIMEOUT',
      message: 'Máy chủ phản hồi quá lâu. Vui lòng thử lại.',
    });
  });

  it('reports a network failure with a localized message', async () => {
    mockApi({ '/api/support-contact': 'network-error' });
    await changeLanguage('en');

    expect(await failure(apiRequest(endpoints.system.supportContact))).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Network error. Please check your connection and try again.',
    });
  });

  it('reports an answer that is not the API envelope as unexpected', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );

    expect(await failure(apiRequest(endpoints.system.supportContact))).toMatchObject({
      status: 502,
      code: 'UNEXPECTED_RESPONSE',
      message: 'Đã có lỗi xảy ra. Vui lòng thử lại.',
    });
  });

  it('rejects data that does not match the contract', async () => {
    mockApi({ '/api/support-contact': ok({ phone: 'call us', email: 'not an e-mail' }) });

    expect((await failure(apiRequest(endpoints.system.supportContact))).code).toBe('UNEXPECTED_RESPONSE');
  });

  it('rethrows a cancellation by the caller as it is', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
      ),
    );
    const controller = new AbortController();
    const request = apiRequest(endpoints.system.supportContact, { signal: controller.signal });

    controller.abort(new DOMException('left the page', 'AbortError'));

    await expect(request).rejects.toMatchObject({ name: 'AbortError', message: 'left the page' });
  });

  it('sends the Authorization header the accounts feature provides', async () => {
    const fetchMock = mockApi({ '/api/support-contact': ok(contact) });
    configureApiClient({ getAuthHeader: async () => 'Bearer token-1' });

    await apiRequest(endpoints.system.supportContact);

    expect(sentHeaders(fetchMock).get('Authorization')).toBe('Bearer token-1');
  });

  it('on a 401, lets the unauthorized handler refresh once and resends the request', async () => {
    let token = 'expired';
    const onUnauthorized = vi.fn(async () => {
      token = 'fresh';
      return true;
    });
    configureApiClient({ getAuthHeader: () => `Bearer ${token}`, onUnauthorized });
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      new Headers(init.headers).get('Authorization') === 'Bearer fresh'
        ? Response.json(ok(contact).body)
        : Response.json({ status: 401, code: 'UNAUTHORIZED', message: 'Vui lòng đăng nhập.' }, { status: 401 }),
    );
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiRequest(endpoints.system.supportContact)).resolves.toEqual(contact);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('on a 401 that the handler cannot fix, rejects with it and does not loop', async () => {
    const onUnauthorized = vi.fn(async () => true);
    configureApiClient({ onUnauthorized });
    const fetchMock = mockApi({
      '/api/support-contact': { status: 401, body: { status: 401, code: 'UNAUTHORIZED', message: 'Vui lòng đăng nhập.' } },
    });

    expect((await failure(apiRequest(endpoints.system.supportContact))).code).toBe('UNAUTHORIZED');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
