import { isLanguage, localeOf, type Language } from '@rhc/i18n';

/**
 * Each language's separators as Intl writes them with its locale (vi-VN, en-GB, zh-CN): Vietnamese "1.234,5", the
 * others "1,234.5". The first Intl.NumberFormat of a page costs ICU's number data, some 15 ms of the main thread here
 * (≈ 60 ms of one long task on a phone's CPU, issue 13: the history list's first render), to write a reading with at
 * most one decimal; the test holds these to Intl's output.
 */
const SEPARATORS: Record<Language, { decimal: string; group: string }> = {
  vi: { decimal: ',', group: '.' },
  en: { decimal: '.', group: ',' },
  zh: { decimal: '.', group: ',' },
};

/** From this on a number's tenths no longer fit a safe integer (no reading comes near it): Intl writes it. */
const LARGEST = 1e14;

/**
 * A number as the person's language writes it (Vietnamese "5,6", English "5.6"), at most `digits` decimals (one unless
 * said), rounded half away from zero as Intl rounds: the shortest decimal that reads back as the number (1.15, not
 * 1.149999…), so 1.15 → 1.2.
 */
export function formatNumber(language: string, value: number, digits = 1): string {
  const { decimal, group } = SEPARATORS[isLanguage(language) ? language : 'vi'];
  const size = Math.abs(value);
  const scale = 10 ** digits;
  if (!(size < (LARGEST * 10) / scale)) return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: digits }).format(value);
  // Below a millionth String() writes an exponent; such a number rounds to 0 anyway.
  const [whole = '0', fraction = ''] = (size < 1e-6 ? '0' : String(size)).split('.');
  const scaled =
    Number(whole) * scale + Number(fraction.slice(0, digits).padEnd(digits, '0')) + (Number(fraction[digits] ?? 0) >= 5 ? 1 : 0);
  const units = String(Math.floor(scaled / scale)).replace(/\B(?=(\d{3})+$)/g, group);
  const decimals = String(scaled % scale)
    .padStart(digits, '0')
    .replace(/0+$/, '');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${units}${decimals ? decimal + decimals : ''}`;
}
