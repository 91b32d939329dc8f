import type { Follows, UserInfo } from '@rhc/contracts';
import { afterEach, beforeEach, vi } from 'vitest';
import { mockApi, ok } from './api-mock.ts';
import { logInAs, patient } from './auth.ts';
import { noFollows } from './profiles.ts';
import { renderApp } from './render-app.tsx';

/** The moment the page tests run at, unless they say otherwise: 10:00 on 24 November 2026 in Vietnam. */
export const testNow = '2026-11-24T03:00:00.000Z';

/** Inside a describe: every test runs with Date fixed at `now` (timers stay real), and the real clock is back after it. */
export function useFixedClock(now: string | Date = testNow): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
  });
  afterEach(() => vi.useRealTimers());
}

type Replies = Parameters<typeof mockApi>[0];
type FetchMock = ReturnType<typeof mockApi>;

/** What every signed-in page asks for about `user` (the header's invitation count, the people menu), with no invitations by default. */
export function signedInReplies(
  user: UserInfo = patient,
  { relatives = [], follows = noFollows, countInvites = 0 }: { relatives?: unknown[]; follows?: Follows; countInvites?: number } = {},
): Replies {
  return {
    [`/api/dashboard/${user.userId}`]: ok({ countInvites }),
    [`/api/relatives/${user.userId}`]: ok(relatives),
    [`/api/follows/${user.userId}`]: ok(follows),
  };
}

/** Opens the whole app at `path`, signed in as `user`, against a fake server answering `replies`. */
export function openPage(path: string, replies: Replies, user: UserInfo = patient) {
  const fetchMock = mockApi(replies);
  logInAs(user);
  return { ...renderApp(path), fetchMock };
}

/** The calls of `method` (GET when none is given) to `path`: each one's query string and parsed body. */
export function requestsTo(fetchMock: FetchMock, method: string, path: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url, init }) => url.pathname === path && (init?.method ?? 'GET') === method)
    .map(({ url, init }) => ({ query: url.search, body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null }));
}

/** The parsed bodies of the calls of `method` to `path`, in order (null for a call without one). */
export function bodiesOf(fetchMock: FetchMock, method: string, path: string): unknown[] {
  return requestsTo(fetchMock, method, path).map((request) => request.body);
}
