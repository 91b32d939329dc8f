import type { Order } from '@rhc/contracts';
import { expect } from 'vitest';
import { fail, type mockApi, ok } from './api-mock.ts';

type FetchMock = ReturnType<typeof mockApi>;

/** The POST calls `fetchMock` had to `path` (a booking's endpoint), in order. */
export function postCalls(fetchMock: FetchMock, path: string) {
  return fetchMock.mock.calls.filter(([input, init]) => String(input) === path && init?.method === 'POST');
}

/** Asserts that one POST went to `path`, with an idempotency key, and gives its body. */
export function onlyPostWithKey(fetchMock: FetchMock, path: string): unknown {
  const posts = postCalls(fetchMock, path);
  expect(posts).toHaveLength(1);
  const [, init] = posts[0] ?? [];
  expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  return JSON.parse(String(init?.body));
}

/** Asserts that the second POST to `path` (the booking sent again after a refusal) had another idempotency key than the first; gives its body. */
export function retriedPostWithNewKey(fetchMock: FetchMock, path: string): unknown {
  const [first, second] = postCalls(fetchMock, path).map(([, init]) => init);
  expect(new Headers(second?.headers).get('Idempotency-Key')).not.toBe(new Headers(first?.headers).get('Idempotency-Key'));
  return JSON.parse(String(second?.body));
}

/** A booking's reply that is "slot taken" (409) the first time, and `created` after. */
export function slotTakenOnce(created: Order) {
  let attempt = 0;
  return () => (++attempt === 1 ? fail(409, 'SLOT_TAKEN', 'Giờ này vừa có người đặt. Vui lòng chọn giờ khác.') : ok(created, 201));
}
