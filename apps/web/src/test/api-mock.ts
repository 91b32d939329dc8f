import { vi } from 'vitest';

type Reply = { status: number; body: unknown } | 'network-error';
/** A reply computed per request: it may look at the request, count calls, or set a cookie as a server would. */
type Responder = (request: { url: URL; init: RequestInit | undefined }) => Reply | Promise<Reply>;

/**
 * Replaces fetch with a fake server answering by path (e.g. '/api/support-contact'), with a fixed reply
 * or a function of the request. Unlisted paths answer 404 in the API's error shape; the returned mock
 * records every call.
 */
export function mockApi(replies: Record<string, Reply | Responder>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const entry = replies[url.pathname];
    const reply = typeof entry === 'function' ? await entry({ url, init }) : (entry ?? notFound);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const notFound = { status: 404, body: { status: 404, code: 'ROUTE_NOT_FOUND', message: 'Not found' } };

/** The success envelope of the wire contract. */
export function ok(data: unknown, status = 200) {
  return { status, body: { status, message: 'OK', data } };
}

/** The error envelope of the wire contract. */
export function fail(status: number, code: string, message: string, details?: { field: string; code: string; message: string }[]) {
  return { status, body: { status, code, message, ...(details ? { details } : {}) } };
}

/** The paths `fetchMock` was called with, in order. */
export function calledPaths(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
}
