import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_GRACE_DAYS, deletionEraseAfter } from './account-deletion.ts';

describe('deletionEraseAfter (decision 052)', () => {
  it(`is ${ACCOUNT_DELETION_GRACE_DAYS} days of 24 hours after the request`, () => {
    expect(ACCOUNT_DELETION_GRACE_DAYS).toBe(30);
    expect(deletionEraseAfter(new Date('2026-11-24T03:00:00.000Z')).toISOString()).toBe('2026-12-24T03:00:00.000Z');
    // Across a month end and a year end alike.
    expect(deletionEraseAfter(new Date('2026-12-15T16:59:59.000Z')).toISOString()).toBe('2027-01-14T16:59:59.000Z');
  });
});
