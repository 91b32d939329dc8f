import type { Language } from '@rhc/i18n';

const NUMBER_LOCALES: Record<Language, string> = { vi: 'vi-VN', en: 'en-GB', zh: 'zh-CN' };

/** One formatter per locale: making an Intl.NumberFormat costs far more than formatting, and a chart formats hundreds. */
const formatters = new Map<string, Intl.NumberFormat>();

/** A number as the person's language writes it (Vietnamese "5,6", English "5.6"), at most one decimal. */
export function formatNumber(language: string, value: number): string {
  const locale = NUMBER_LOCALES[language as Language] ?? NUMBER_LOCALES.vi;
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    formatters.set(locale, formatter);
  }
  return formatter.format(value);
}
