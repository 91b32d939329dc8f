import { describe, expect, it } from 'vitest';
import { createSessionCache, SESSION_CACHE_MS } from './session-cache.ts';
import type { SessionAccessRow } from './sessions.repository.ts';

const at = (ms: number) => new Date(Date.UTC(2026, 11, 7, 3) + ms);

function row(id: string, userId = 'person-1'): SessionAccessRow {
  return { id, userId, lastSeenAt: at(0), revokedAt: null, accessExpiresAt: at(3_600_000), expiresAt: at(43_200_000), provedAt: null };
}

describe('the session cache (decision 050)', () => {
  it('answers a row read within SESSION_CACHE_MS, and forgets it at the bound', () => {
    const cache = createSessionCache();
    cache.set('hash-a', row('s1'), at(0), cache.mark());
    expect(cache.get('hash-a', at(SESSION_CACHE_MS - 1))?.id).toBe('s1');
    expect(cache.get('hash-a', at(SESSION_CACHE_MS))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('reads again when the clock was moved back past the read', () => {
    const cache = createSessionCache();
    cache.set('hash-a', row('s1'), at(10_000), cache.mark());
    expect(cache.get('hash-a', at(9_999))).toBeUndefined();
  });

  it('forgets a session ended here at once, and every other session of a person', () => {
    const cache = createSessionCache();
    cache.set('hash-a', row('s1'), at(0), cache.mark());
    cache.set('hash-b', row('s2'), at(0), cache.mark());
    cache.set('hash-c', row('s3', 'person-2'), at(0), cache.mark());
    cache.forgetSession('s1');
    expect(cache.get('hash-a', at(1))).toBeUndefined();
    cache.forgetSessionsOf('person-1', null);
    expect(cache.get('hash-b', at(1))).toBeUndefined();
    expect(cache.get('hash-c', at(1))?.id).toBe('s3');
    cache.set('hash-d', row('s4', 'person-2'), at(0), cache.mark());
    cache.forgetSessionsOf('person-2', 's4');
    expect(cache.get('hash-c', at(1))).toBeUndefined();
    expect(cache.get('hash-d', at(1))?.id).toBe('s4');
  });

  it('does not keep a row read before a session was ended (it may be that session, read just before)', () => {
    const cache = createSessionCache();
    const mark = cache.mark();
    cache.forgetSession('s1');
    cache.set('hash-a', row('s1'), at(0), mark);
    expect(cache.get('hash-a', at(1))).toBeUndefined();
  });

  it('keeps at most its limit, the oldest read going first', () => {
    const cache = createSessionCache({ maxEntries: 2 });
    for (const id of ['s1', 's2', 's3']) cache.set(`hash-${id}`, row(id), at(0), cache.mark());
    expect(cache.size).toBe(2);
    expect(cache.get('hash-s1', at(1))).toBeUndefined();
    expect(cache.get('hash-s3', at(1))?.id).toBe('s3');
  });
});
