import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, isLanguage, type Language, type Resources } from '@rhc/i18n';

declare module 'i18next' {
  // Keys are typed from the English files: a typo or a key missing in en fails `tsc`.
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}

/*
 * Translations by convention: every `packages/i18n/locales/<language>/<namespace>.json` is a namespace, found by
 * the glob below (no list to keep). The files are data, not code: the build emits each one as a hashed JSON asset
 * under /assets (cached for a year, pre-compressed, kept by the service worker), and the backend fetches and parses
 * the one it needs. Only the default language's `common` (the shell's strings) is bundled in the entry, so a
 * Vietnamese visitor's first render needs no request; another language's `common` is fetched before the first
 * render (`i18nReady`, awaited by main.tsx). Every other namespace is loaded the first time a component asks for it
 * (`useTranslation('orders')` suspends until it is there), and a language switch loads the new language's
 * namespaces before it re-renders. The server's e-mail and SMS texts (`messages`) never reach the browser.
 */
// The default language's (DEFAULT_LANGUAGE) shell strings, bundled: most visitors render at once, without a request.
import defaultCommon from '../../../../packages/i18n/locales/vi/common.json';

const localeUrls = import.meta.glob<string>(['./*/*.json', '!./*/messages.json'], {
  base: '../../../../packages/i18n/locales',
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

/** The glob's name for `locales/<language>/<namespace>.json`. */
const localeFile = (language: string, namespace: string) => `./${language}/${namespace}.json`;

/** Reads one language's namespace; the app fetches the file, tests read it from disk (`loadAllNamespaces`). */
export type LocaleReader = (language: string, namespace: string) => Promise<ResourceKey>;

export const fetchLocaleFile: LocaleReader = async (language, namespace) => {
  const url = localeUrls[localeFile(language, namespace)] ?? '';
  const response = await fetch(url);
  if (!response.ok) throw new Error(`[i18n] ${url} answered ${response.status}`);
  return (await response.json()) as ResourceKey;
};

let readLocaleFile = fetchLocaleFile;
const reading = new Map<string, Promise<ResourceKey>>();

/** One read per file however many ask at once (the first render, i18next's backend, the errors namespace). */
function readStrings(language: string, namespace: string): Promise<ResourceKey> {
  const file = localeFile(language, namespace);
  if (!(file in localeUrls)) return Promise.reject(new Error(`[i18n] no file packages/i18n/locales/${language}/${namespace}.json`));
  let strings = reading.get(file);
  if (!strings) {
    strings = readLocaleFile(language, namespace);
    reading.set(file, strings);
    // A failed read is tried again the next time something asks.
    strings.catch(() => reading.delete(file));
  }
  return strings;
}

/*
 * A screen's namespace arrives together with `errors` (validation and error texts): forms translate those keys
 * outside React (lib/forms.ts), so they must be in whenever a screen's own strings are, as they always were.
 */
const ERRORS = 'errors';

async function loadErrors(language: string): Promise<void> {
  if (i18n.hasResourceBundle(language, ERRORS)) return;
  const errors = await readStrings(language, ERRORS);
  if (!i18n.hasResourceBundle(language, ERRORS)) i18n.addResourceBundle(language, ERRORS, errors);
}

/** i18next asks this backend for a namespace the first time something needs it, in the language and in English. */
const localeFiles: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language, namespace, callback) {
    const withErrors = namespace !== ERRORS && namespace !== 'common'; // the shell's strings need no error texts
    Promise.all([readStrings(language, namespace), withErrors ? loadErrors(language) : undefined]).then(
      ([strings]) => callback(null, strings),
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

/**
 * Everything outside React that follows the language: the cookie and `<html lang>` (screen readers, fonts). Dates
 * follow it by themselves (lib/dates.ts), loaded only by the screens that show them.
 */
function applyLanguage(language: Language): void {
  writeLanguageCookie(language);
  document.documentElement.lang = language;
}

export const i18n = i18next.createInstance();
const startupLanguage = readLanguageCookie();

void i18n
  .use(localeFiles)
  .use(initReactI18next)
  .init({
    // The default language's shell strings are bundled; everything else comes from the backend on first use.
    resources: { [DEFAULT_LANGUAGE]: { common: defaultCommon } },
    partialBundledLanguages: true,
    lng: startupLanguage,
    // No fallback language: the completeness test keeps every key in all three languages, and a fallback would fetch
    // its copy of every namespace beside the visitor's own (one more request per namespace, on every page).
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    // Initialisation does not wait for the backend: in the default language the first render is translated at once.
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: import.meta.env.DEV,
    missingKeyHandler: import.meta.env.DEV ? throwMissingKey : false,
  });

/**
 * Settles once the first screen's strings (`common` in the visitor's language) are in: at once in the default
 * language, after one small fetch in another. main.tsx renders after it, so no key ever flashes on screen. Should the
 * fetch fail, the shell shows the bundled Vietnamese strings rather than keys, and a later page tries its own again.
 */
export const i18nReady: Promise<void> = i18n.hasResourceBundle(startupLanguage, 'common')
  ? Promise.resolve()
  : readStrings(startupLanguage, 'common')
      .catch(() => defaultCommon)
      .then((strings) => {
        if (!i18n.hasResourceBundle(startupLanguage, 'common')) i18n.addResourceBundle(startupLanguage, 'common', strings);
      });

applyLanguage(currentLanguage());
i18n.on('languageChanged', (language) => {
  if (isLanguage(language)) applyLanguage(language);
});

/** The active product language (always one of vi, en, zh). */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches the whole app: texts re-render, and the cookie, `<html lang>` and dates' locale follow. */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}

/**
 * Every namespace in every language, (re)loaded now: tests render pages at once, as if their strings had arrived.
 * Tests have no server to fetch from, so they pass a reader of the same files (src/test/setup.ts); what the start
 * asked of the network before that is read again through it.
 */
export async function loadAllNamespaces(read: LocaleReader = fetchLocaleFile): Promise<void> {
  readLocaleFile = read;
  reading.clear();
  const namespaces = Object.keys(localeUrls).map((path) => path.replace(/^\.\/[^/]+\/(.+)\.json$/, '$1'));
  await i18n.reloadResources([...LANGUAGES], [...new Set(namespaces)]);
}
