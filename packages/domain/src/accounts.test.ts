import { describe, expect, it } from 'vitest';
import { ageInYears, NAME_PATTERN, normalizeVietnamesePhone, PASSWORD_PATTERN } from './accounts.ts';

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
});

describe('ageInYears', () => {
  it('counts a birthday only once it is reached', () => {
    expect(ageInYears('2000-11-23', '2026-11-22')).toBe(25);
    expect(ageInYears('2000-11-22', '2026-11-22')).toBe(26);
    expect(ageInYears('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageInYears('2008-02-29', '2026-03-01')).toBe(18);
  });
});
