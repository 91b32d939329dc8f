/** The product's languages. Vietnamese is the default (spec §9: language cookie holds vi, en or zh). */
export const LANGUAGES = ['vi', 'en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'vi';

/** Each language's locale for Intl and documents: Vietnamese of Vietnam, British English, Chinese of China. */
export const LANGUAGE_LOCALES: Record<Language, string> = { vi: 'vi-VN', en: 'en-GB', zh: 'zh-CN' };

/** The locale of a language code as stored or chosen (an unknown one reads as Vietnamese, the default). */
export function localeOf(language: string): string {
  return isLanguage(language) ? LANGUAGE_LOCALES[language] : LANGUAGE_LOCALES[DEFAULT_LANGUAGE];
}

/** Spec §9: storage and cookie keys carry the RHC_ prefix. */
export const STORAGE_PREFIX = 'RHC_';
export const LANGUAGE_COOKIE = `${STORAGE_PREFIX}lang`;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Picks the best supported language from an Accept-Language header
 * (e.g. "en-US,en;q=0.9,vi;q=0.8"). Anything unknown or missing means Vietnamese.
 */
export function languageFromHeader(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? DEFAULT_LANGUAGE;
}
