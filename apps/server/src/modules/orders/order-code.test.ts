import { describe, expect, it } from 'vitest';
import { insertWithFreshCode, orderCode } from './order-code.ts';

/** What drizzle throws for a duplicate: the driver's error, with SQLSTATE and constraint, as its cause. */
function duplicate(constraint: string): Error {
  return Object.assign(new Error('Failed query'), {
    cause: { code: '23505', constraint, message: `duplicate key value violates unique constraint "${constraint}"` },
  });
}

describe('orderCode', () => {
  it('reads RHC- and eight characters that cannot be misread (no I, L, O or U)', () => {
    for (let i = 0; i < 200; i += 1) expect(orderCode()).toMatch(/^RHC-[0-9A-HJKMNP-TV-Z]{8}$/);
  });
});

describe('insertWithFreshCode', () => {
  it('draws another code when the first one is already taken, and keeps the order', async () => {
    const draws = ['RHC-AAAAAAAA', 'RHC-BBBBBBBB'];
    const tried: string[] = [];
    const id = await insertWithFreshCode(
      async (code) => {
        tried.push(code);
        if (code === 'RHC-AAAAAAAA') throw duplicate('orders_code_unique');
        return 'order-1';
      },
      () => draws.shift() ?? 'RHC-CCCCCCCC',
    );
    expect(id).toBe('order-1');
    expect(tried).toEqual(['RHC-AAAAAAAA', 'RHC-BBBBBBBB']);
  });

  it('gives up after three taken codes', async () => {
    let attempts = 0;
    await expect(
      insertWithFreshCode(async () => {
        attempts += 1;
        throw duplicate('orders_code_unique');
      }),
    ).rejects.toThrow('Failed query');
    expect(attempts).toBe(3);
  });

  it('passes any other failure on at once: a double booking is not retried', async () => {
    let attempts = 0;
    const overlap = Object.assign(new Error('overlap'), { cause: { code: '23P01', constraint: 'orders_no_overlap' } });
    await expect(
      insertWithFreshCode(async () => {
        attempts += 1;
        throw overlap;
      }),
    ).rejects.toBe(overlap);
    expect(attempts).toBe(1);
  });
});
