import { describe, expect, it } from 'vitest';
import { checkResultsComplete, checkResultStep, isResultCategory, RESULT_KINDS } from './order-results.ts';
import { ORDER_STATUS } from './orders.ts';

describe('order results', () => {
  const startsAt = new Date('2026-12-08T00:30:00Z'); // 07:30 in Vietnam

  it('lets the staff record a result only on a confirmed order, from 30 minutes before its time', () => {
    const at = (iso: string) => checkResultStep({ status: ORDER_STATUS.verified, startsAt, now: new Date(iso) });
    expect(at('2026-12-07T23:59:00Z')).toBe('too_early');
    expect(at('2026-12-08T00:00:00Z')).toBeNull();
    expect(at('2026-12-10T09:00:00Z')).toBeNull();
    for (const status of [ORDER_STATUS.booked, ORDER_STATUS.done, ORDER_STATUS.cancelled])
      expect(checkResultStep({ status, startsAt, now: new Date('2026-12-08T01:00:00Z') })).toBe('wrong_status');
  });

  it('completes only a performed order with a result file or a conclusion', () => {
    const performedAt = new Date('2026-12-08T00:40:00Z');
    expect(checkResultsComplete({ performedAt: null, conclusion: 'Bình thường', files: 2 })).toBe('not_performed');
    expect(checkResultsComplete({ performedAt, conclusion: null, files: 0 })).toBe('no_results');
    expect(checkResultsComplete({ performedAt, conclusion: '   ', files: 0 })).toBe('no_results');
    expect(checkResultsComplete({ performedAt, conclusion: null, files: 1 })).toBeNull();
    expect(checkResultsComplete({ performedAt, conclusion: 'HbA1c 5,4 %', files: 0 })).toBeNull();
  });

  it('gives lab results type 1 under “test results” and imaging results type 2 under “imaging”; nothing else has results', () => {
    expect(RESULT_KINDS).toEqual({ lab: { typeExam: 1, section: 'test_results' }, imaging: { typeExam: 2, section: 'imaging' } });
    expect(['lab', 'imaging', 'exam', 'vaccine'].map(isResultCategory)).toEqual([true, true, false, false]);
  });
});
