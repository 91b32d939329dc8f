import type { Language } from '@rhc/i18n';

const NUMBER_LOCALES: Record<Language, string> = { vi: 'vi-VN', en: 'en-GB', zh: 'zh-CN' };

/** A number as the person's language writes it (Vietnamese "5,6", English "5.6"), at most one decimal. */
export function formatNumber(language: string, value: number): string {
  const locale = NUMBER_LOCALES[language as Language] ?? NUMBER_LOCALES.vi;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
}
