import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageInYears, NAME_PATTERN, normalizeVietnamesePhone, PASSWORD_PATTERN } from './accounts.ts';
import { PHONE_VN_PATTERN, STORED_PHONE_VN_PATTERN } from './patterns.ts';

describe('NAME_PATTERN (spec §5: no digits)', () => {
  it.each(['Nguyễn Văn An', 'Trần Thị Ánh Tuyết', "O'Neil", 'Lê-Hoàng', '王小明'])('accepts %s', (name) => {
    expect(NAME_PATTERN.test(name)).toBe(true);
  });
  it.each(['Nguyen 2', '123', ' An', '', 'An@'])('refuses %s', (name) => {
    expect(NAME_PATTERN.test(name)).toBe(false);
  });
});

describe('PASSWORD_PATTERN (a letter and a digit)', () => {
  it.each(['matkhau1', '1a', 'Mật1khẩu'])('accepts %s', (password) => expect(PASSWORD_PATTERN.test(password)).toBe(true));
  it.each(['matkhau', '12345678', ' abc12345'])('refuses %s', (password) => expect(PASSWORD_PATTERN.test(password)).toBe(false));
});

describe('normalizeVietnamesePhone', () => {
  it.each([
    ['+84912345678', '0912345678'],
    ['912345678', '0912345678'],
    ['0912 345 678', '0912345678'],
    ['0912.345.678', '0912345678'],
  ])('%s → %s', (input, expected) => expect(normalizeVietnamesePhone(input)).toBe(expected));

  it.each(['0917741198', '917741198', '+84917741198', '84917741198', '+84 917 741 198', '84-917-741-198', '0917.741.198', '+840917741198'])(
    'stores %s as 0917741198',
    (input) => expect(normalizeVietnamesePhone(input)).toBe('0917741198'),
  );

  it('keeps a number whose subscriber part starts with 84 (Vinaphone 084x)', () => {
    expect(normalizeVietnamesePhone('841234567')).toBe('0841234567');
    expect(normalizeVietnamesePhone('84841234567')).toBe('0841234567');
  });

  const subscriber = fc
    .tuple(fc.constantFrom('3', '5', '7', '8', '9'), fc.stringMatching(/^\d{8}$/))
    .map(([lead, rest]) => `${lead}${rest}`);
  /** The number typed with a prefix and the separators people use anywhere between its characters. */
  const typed = fc
    .tuple(subscriber, fc.constantFrom('', '0', '+84', '84'), fc.array(fc.constantFrom(' ', '.', '-'), { maxLength: 14 }), fc.nat())
    .map(([number, prefix, separators, seed]) => {
      const characters = [...`${prefix}${number}`];
      separators.forEach((separator, i) => characters.splice(1 + ((seed + i * 7) % characters.length), 0, separator));
      return { number, input: characters.join('') };
    });

  it('brings every spelling of a Vietnamese mobile number to the one form the users_phone_format CHECK accepts', () => {
    fc.assert(
      fc.property(typed, ({ number, input }) => {
        const stored = normalizeVietnamesePhone(input);
        return stored === `0${number}` && STORED_PHONE_VN_PATTERN.test(stored) && PHONE_VN_PATTERN.test(stored);
      }),
      { numRuns: 1000 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          typed.map(({ input }) => input),
          fc.string(),
        ),
        (input) => {
          const once = normalizeVietnamesePhone(input);
          return normalizeVietnamesePhone(once) === once;
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('ageInYears', () => {
  it('counts a birthday only once it is reached', () => {
    expect(ageInYears('2000-11-23', '2026-11-22')).toBe(25);
    expect(ageInYears('2000-11-22', '2026-11-22')).toBe(26);
    expect(ageInYears('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageInYears('2008-02-29', '2026-03-01')).toBe(18);
  });
});
