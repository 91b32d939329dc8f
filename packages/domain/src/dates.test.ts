import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VIETNAM_UTC_OFFSET_MINUTES, vietnamDay, vietnamMinuteOfDay } from './dates.ts';

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

describe('vietnamMinuteOfDay', () => {
  it('reads the wall clock in Vietnam, seconds dropped (before 1970 too)', () => {
    expect(vietnamMinuteOfDay(new Date('2026-11-22T17:00:00Z'))).toBe(0);
    expect(vietnamMinuteOfDay(new Date('2026-11-23T01:30:59Z'))).toBe(8 * 60 + 30);
    expect(vietnamMinuteOfDay(new Date('1960-01-01T16:59:00Z'))).toBe(23 * 60 + 59);
  });

  it('agrees with the Asia/Ho_Chi_Minh time zone database for any instant since 1976', () => {
    const formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Ho_Chi_Minh',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1976-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        (instant) => {
          const [hours = 0, minutes = 0] = formatter.format(instant).split(':').map(Number);
          return vietnamMinuteOfDay(instant) === hours * 60 + minutes;
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('is UTC+7', () => expect(VIETNAM_UTC_OFFSET_MINUTES).toBe(420));
});
