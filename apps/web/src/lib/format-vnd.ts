import { formatNumber } from './format-number.ts';

/** A price in whole VND as Vietnam writes it, whatever the page's language: "680.000 ₫" (vi-VN, as Intl writes it). */
export function formatVnd(value: number): string {
  return `${formatNumber('vi', value, 0)}\u00a0₫`;
}
