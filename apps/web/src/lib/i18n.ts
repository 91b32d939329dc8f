import i18next, { type BackendModule, type Resource, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, isLanguage, type Language, type Resources } from '@rhc/i18n';
import { setDateLocale } from './dates.ts';

declare module 'i18next' {
  // Keys are typed from the English files: a typo or a key missing in en fails `tsc`.
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}

/*
 * Translations by convention: every `packages/i18n/locales/<language>/<namespace>.json` is a namespace, found by
 * these globs (no list to keep). The shell's `common` is bundled in the entry chunk. Every other namespace is a
 * small chunk per language, loaded the first time a component asks for it (`useTranslation('orders')` suspends
 * until it is there, and a language switch loads the new language's namespaces before it re-renders). The
 * server's e-mail and SMS texts (`messages`) never reach the browser.
 */
const startupStrings = import.meta.glob<ResourceKey>('./*/common.json', {
  base: '../../../../packages/i18n/locales',
  eager: true,
  import: 'default',
});
const lazyStrings = import.meta.glob<{ default: ResourceKey }>(['./*/*.json', '!./*/common.json', '!./*/messages.json'], {
  base: '../../../../packages/i18n/locales',
});

/** The glob's name for `locales/<language>/<namespace>.json`. */
const localeFile = (language: string, namespace: string) => `./${language}/${namespace}.json`;

const startupResources: Resource = Object.fromEntries(
  LANGUAGES.map((language) => [language, { common: startupStrings[localeFile(language, 'common')] ?? {} }]),
);

/*
 * A screen's namespace arrives together with `errors` (validation and error texts): forms translate those keys
 * outside React (lib/forms.ts), so they must be in whenever a screen's own strings are, as they always were.
 */
const ERRORS = 'errors';

async function loadErrors(language: string): Promise<void> {
  if (i18n.hasResourceBundle(language, ERRORS)) return;
  const errors = await lazyStrings[localeFile(language, ERRORS)]?.();
  if (errors && !i18n.hasResourceBundle(language, ERRORS)) i18n.addResourceBundle(language, ERRORS, errors.default);
}

/** i18next asks this backend for a namespace the first time something needs it, in the language and in English. */
const localeFiles: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language, namespace, callback) {
    const load = lazyStrings[localeFile(language, namespace)];
    if (!load) {
      callback(new Error(`[i18n] no file packages/i18n/locales/${language}/${namespace}.json`), false);
      return;
    }
    Promise.all([load(), namespace === ERRORS ? undefined : loadErrors(language)]).then(
      ([strings]) => callback(null, strings.default),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  },
};

/**
 * A key missing from every language is a bug: during development and in tests `t` throws, so the screen (or the
 * test) fails where the key is used. In production the English text stands in, and the key if even that is missing.
 */
function throwMissingKey(languages: readonly string[], namespace: string, key: string): never {
  throw new Error(`[i18n] missing key "${namespace}:${key}" (${languages.join(', ')})`);
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

void i18n
  .use(localeFiles)
  .use(initReactI18next)
  .init({
    // The shell's strings are bundled; every other namespace comes from the backend on first use.
    resources: startupResources,
    partialBundledLanguages: true,
    lng: readLanguageCookie(),
    // The completeness test keeps vi and zh in step with en; English is only a safety net in production.
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    // `common` is bundled, so initialisation is synchronous and the first render is already translated.
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: import.meta.env.DEV,
    missingKeyHandler: import.meta.env.DEV ? throwMissingKey : false,
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

/** Every namespace in every language, loaded now: tests render pages at once, as if their strings had arrived. */
export async function loadAllNamespaces(): Promise<void> {
  await i18n.loadLanguages([...LANGUAGES]);
  const namespaces = Object.keys(lazyStrings).map((path) => path.replace(/^\.\/[^/]+\/(.+)\.json$/, '$1'));
  await i18n.loadNamespaces([...new Set(namespaces)]);
}
