import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTACT_PHONE_VN_PATTERN, isVietnameseMobile, PHONE_VN_PATTERN } from './patterns.ts';

describe('PHONE_VN_PATTERN (spec §5)', () => {
  it.each(['0912345678', '+84912345678', '912345678', '0387654321', '0561234567', '0791234567', '0891234567'])(
    'accepts the mobile %s',
    (phone) => {
      expect(PHONE_VN_PATTERN.test(phone)).toBe(true);
    },
  );

  it.each(['0212345678', '0112345678', '091234567', '09123456789', '+8491234567', '84912345678', '09123456a8', ''])(
    'refuses %s',
    (phone) => {
      expect(PHONE_VN_PATTERN.test(phone)).toBe(false);
    },
  );

  it('accepts any prefix-less, 0- or +84-prefixed 3/5/7/8/9 + 8 digits number', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', '0', '+84'),
        fc.constantFrom('3', '5', '7', '8', '9'),
        fc.stringMatching(/^\d{8}$/),
        (prefix, lead, rest) => PHONE_VN_PATTERN.test(`${prefix}${lead}${rest}`),
      ),
      { numRuns: 1000 },
    );
  });

  it('isVietnameseMobile ignores the spaces, dots and dashes people type', () => {
    expect(isVietnameseMobile('091 234 5678')).toBe(true);
    expect(isVietnameseMobile('091.234.5678')).toBe(true);
    expect(isVietnameseMobile('091-234-567')).toBe(false);
  });
});

describe('CONTACT_PHONE_VN_PATTERN', () => {
  it.each(['19001234', '1800123456', '02838221234', '+842438221234', '0912345678'])('accepts the support number %s', (phone) => {
    expect(CONTACT_PHONE_VN_PATTERN.test(phone)).toBe(true);
  });

  it.each(['1900', '190012', '0283822123', '12345678', '0112345678'])('refuses %s', (phone) => {
    expect(CONTACT_PHONE_VN_PATTERN.test(phone)).toBe(false);
  });
});
