import { describe, expect, it } from 'vitest';
import { formatRecoveryCode, normalizeRecoveryCode, RECOVERY_CODE_ALPHABET } from './two-step.ts';

describe('recovery codes (decision 054)', () => {
  it('are shown as xxxxx-xxxxx', () => {
    expect(formatRecoveryCode('ACDEFGHJKM')).toBe('ACDEF-GHJKM');
  });

  it('are read back in any case, with or without the dash and spaces', () => {
    for (const typed of ['ACDEF-GHJKM', 'acdef-ghjkm', ' acdefghjkm ', 'ACDEF GHJKM'])
      expect(normalizeRecoveryCode(typed)).toBe('ACDEFGHJKM');
  });

  it('refuse a wrong length or a letter outside the alphabet (look-alikes are not in it)', () => {
    expect(normalizeRecoveryCode('ACDEF-GHJK')).toBeUndefined();
    expect(normalizeRecoveryCode('ACDEF-GHJKMN')).toBeUndefined();
    expect(normalizeRecoveryCode('0CDEF-GHJKM')).toBeUndefined();
    expect(normalizeRecoveryCode('ACDEF-GHJK!')).toBeUndefined();
  });

  it('have no letters that read alike', () => {
    for (const lookAlike of '0O1IL2Z5S8B') expect(RECOVERY_CODE_ALPHABET).not.toContain(lookAlike);
    expect(new Set(RECOVERY_CODE_ALPHABET).size).toBe(RECOVERY_CODE_ALPHABET.length);
  });
});
