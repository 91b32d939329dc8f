import { describe, expect, it } from 'vitest';
import { formatNumber } from './format-number.ts';

const LOCALES = { vi: 'vi-VN', en: 'en-GB', zh: 'zh-CN' } as const;

/** Readings as people enter them, the rounding edges (…5, …05, shortest decimals like 1.15), and magnitudes. */
function samples(): number[] {
  const values = [0, -0, 0.04, 0.05, -0.04, 1.15, 1.25, 1.05, 2.675, 9.95, 99.95, 999.95, 1e-7, 123456.75, 1e13 + 0.5];
  for (let i = 0; i <= 3000; i++) values.push(i / 100, i / 7, i * 13.37, -i / 3);
  for (let exponent = 0; exponent < 14; exponent++) values.push(10 ** exponent, 10 ** exponent - 0.05, 1.234567 * 10 ** exponent);
  return values;
}

describe('formatNumber', () => {
  it('writes each reading exactly as Intl does in the person’s language', () => {
    for (const [language, locale] of Object.entries(LOCALES)) {
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
      for (const value of samples())
        expect([language, value, formatNumber(language, value)]).toEqual([language, value, intl.format(value)]);
    }
  });

  it('writes up to three decimals as Intl does when asked for them (breath alcohol in mg/L)', () => {
    for (const [language, locale] of Object.entries(LOCALES)) {
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
      for (const value of [0, 0.25, 0.4, 0.2735, 0.0005, 1.2345, 0.1, 12.3456, 1234.5678])
        expect([language, value, formatNumber(language, value, 3)]).toEqual([language, value, intl.format(value)]);
    }
    expect(formatNumber('vi', 0.2735, 3)).toBe('0,274');
    expect(formatNumber('en', 0.25, 3)).toBe('0.25');
  });

  it('uses the separators of Vietnamese, English and Chinese', () => {
    expect(formatNumber('vi', 1234.56)).toBe('1.234,6');
    expect(formatNumber('en', 1234.56)).toBe('1,234.6');
    expect(formatNumber('zh', 5.6)).toBe('5.6');
    expect(formatNumber('vi', 120)).toBe('120');
  });

  it('falls back to Vietnamese for an unknown language and to Intl for what arithmetic cannot hold', () => {
    expect(formatNumber('fr', 5.6)).toBe('5,6');
    expect(formatNumber('en', 1e20)).toBe('100,000,000,000,000,000,000');
    expect(formatNumber('en', Number.POSITIVE_INFINITY)).toBe('∞');
    expect(formatNumber('vi', Number.NaN)).toBe(new Intl.NumberFormat('vi-VN').format(Number.NaN));
  });
});
