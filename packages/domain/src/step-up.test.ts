import { describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS } from './accounts.ts';
import { isStepUpFresh, maskedEmail, maskedPhone, STEP_UP_WINDOW_MS } from './step-up.ts';

describe('step-up', () => {
  const now = new Date('2026-12-07T10:00:00Z');
  const before = (ms: number) => new Date(now.getTime() - ms);

  it('a proof covers the window and no longer', () => {
    expect(isStepUpFresh(null, now)).toBe(false);
    expect(isStepUpFresh(now, now)).toBe(true);
    expect(isStepUpFresh(before(STEP_UP_WINDOW_MS - 1), now)).toBe(true);
    expect(isStepUpFresh(before(STEP_UP_WINDOW_MS), now)).toBe(false);
    // A proof stamped after `now` (a clock moved back) proves nothing.
    expect(isStepUpFresh(before(-1000), now)).toBe(false);
  });

  it('the window is shorter than the idle limit of a session', () => {
    expect(STEP_UP_WINDOW_MS).toBeLessThan(SESSION_IDLE_MS);
  });

  it('masks a phone to its last three digits and an e-mail to its first letter and domain', () => {
    expect(maskedPhone('0912345567')).toBe('•••• •• 567');
    expect(maskedEmail('lan.nguyen@gmail.com')).toBe('l***@gmail.com');
    expect(maskedEmail('no-address')).toBe('***');
  });
});
