import { expect, test } from './test.ts';

/**
 * For a spec whose journeys move the server's clock: after each journey, even one that failed or timed out, the clock
 * is put back (POST /api/dev/clock 0).
 */
export function putServerClockBackAfterEach(): void {
  test.afterEach(async ({ request }) => {
    expect((await request.post('/api/dev/clock', { data: { advanceMs: 0 } })).status()).toBe(200);
  });
}
