import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGES,
  STARTUP_NAMESPACES,
  isLanguage,
  startupResources,
  type Language,
  type Namespace,
  type Resources,
} from '@rhc/i18n';
import { setDateLocale } from './dates.ts';

declare module 'i18next' {
  // Keys are typed from the English files: a typo or a key missing in en fails `tsc`.
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}

const ONE_YEAR_IN_SECONDS = 365 * 24 * 60 * 60;

/** The language chosen earlier (spec §9: cookie RHC_lang holding vi, en or zh); Vietnamese otherwise. */
export function readLanguageCookie(cookieHeader: string = document.cookie): Language {
  const value = cookieHeader
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

function writeLanguageCookie(language: Language): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // Spec §9: path / and SameSite Lax. Not HttpOnly: the page itself reads and writes it.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${ONE_YEAR_IN_SECONDS}; SameSite=Lax${secure}`;
}

/** Everything outside React that follows the language: the cookie, `<html lang>` (screen readers, fonts) and dates. */
function applyLanguage(language: Language): void {
  writeLanguageCookie(language);
  document.documentElement.lang = language;
  setDateLocale(language);
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  // The shell's strings; a feature adds its own namespace with its code (addNamespace below).
  resources: startupResources,
  lng: readLanguageCookie(),
  // The completeness test keeps vi and zh in step with en; English is only a safety net in production.
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: [...STARTUP_NAMESPACES],
  defaultNS: 'common',
  // Resources are bundled, so initialisation is synchronous and the first render is already translated.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  // A key missing from every language must be loud during development and in tests.
  saveMissing: import.meta.env.DEV,
  missingKeyHandler: (languages, namespace, key) => {
    console.error(`[i18n] missing key "${namespace}:${key}" (${languages.join(', ')})`);
  },
});

applyLanguage(currentLanguage());
i18n.on('languageChanged', (language) => {
  if (isLanguage(language)) applyLanguage(language);
});

/** The active product language (always one of vi, en, zh). */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches the whole app: texts re-render, and the cookie, `<html lang>` and date locale follow. */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}

/**
 * Adds a feature's namespace in every language. Called by the feature's code as it loads (its chunk), so
 * the strings of a screen travel with the screen and the first page stays small.
 */
export function addNamespace<N extends Namespace>(namespace: N, bundles: Record<Language, object>): void {
  for (const language of LANGUAGES) {
    if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, bundles[language]);
  }
}
