import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vietnamDay } from './dates.ts';

describe('vietnamDay', () => {
  it('moves to the next calendar day at 17:00 UTC (midnight in Vietnam)', () => {
    expect(vietnamDay(new Date('2026-11-22T16:59:59.999Z'))).toBe('2026-11-22');
    expect(vietnamDay(new Date('2026-11-22T17:00:00.000Z'))).toBe('2026-11-23');
  });

  it('crosses the year boundary in Vietnam before UTC does', () => {
    expect(vietnamDay(new Date('2026-12-31T17:30:00Z'))).toBe('2027-01-01');
  });

  it('agrees with the Asia/Ho_Chi_Minh time zone database for any instant since 1976', () => {
    const formatter = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh', year: 'numeric', month: '2-digit', day: '2-digit' });
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1976-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        (instant) => vietnamDay(instant) === formatter.format(instant),
      ),
      { numRuns: 1000 },
    );
  });
});
