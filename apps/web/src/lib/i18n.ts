import { use, useState, useSyncExternalStore } from 'react';
import {
  Catalog,
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGES,
  isLanguage,
  splitKey,
  type KeyOf,
  type Language,
  type Namespace,
  type QualifiedKey,
  type StringTree,
  type TranslationValues,
} from '@rhc/i18n';

/*
 * Translations by convention: every `packages/i18n/locales/<language>/<namespace>.json` is a namespace, found by
 * the glob below (no list to keep). The files are data, not code: the build emits each one as a hashed JSON asset
 * under /assets (cached for a year, pre-compressed, kept by the service worker), and `readStrings` fetches and
 * parses the one it needs. Only the default language's `common` (the shell's strings) is bundled in the entry, so a
 * Vietnamese visitor's first render needs no request; another language's `common` is fetched before the first
 * render (`i18nReady`, awaited by main.tsx). Every other namespace is loaded the first time a component asks for it
 * (`useTranslation('orders')` suspends until it is there), and a language switch loads the new language's
 * namespaces before it re-renders. The lookup is @rhc/i18n's translator, shared with the server (decision 031). The
 * server's e-mail and SMS texts (`messages`) never reach the browser.
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
export type LocaleReader = (language: string, namespace: string) => Promise<StringTree>;

export const fetchLocaleFile: LocaleReader = async (language, namespace) => {
  const url = localeUrls[localeFile(language, namespace)] ?? '';
  const response = await fetch(url);
  if (!response.ok) throw new Error(`[i18n] ${url} answered ${response.status}`);
  return (await response.json()) as StringTree;
};

let readLocaleFile = fetchLocaleFile;
const reading = new Map<string, Promise<StringTree>>();

/** One read per file however many ask at once (the first render, a page's route, the errors namespace). */
function readStrings(language: string, namespace: string): Promise<StringTree> {
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
const COMMON = 'common';

/** How long a namespace that failed to load answers with that failure before a render asks the network again. */
const RETRY_FAILED_LOAD_AFTER_MS = 1000;

/** The namespaces of a `useTranslation` call: one, or several looked up in order. */
export type Namespaces = Namespace | readonly Namespace[];
type Listed<NS extends Namespaces> = NS extends readonly Namespace[] ? NS[number] : NS;

/**
 * What `t` takes: a key of the namespaces it was made for, or any namespace's key with its name in front. Keys are
 * typed from the English files: a typo or a key missing in en fails `tsc`.
 */
export type TranslationKey<NS extends Namespaces = typeof COMMON> = KeyOf<Listed<NS>> | QualifiedKey;
export type TFunction<NS extends Namespaces = typeof COMMON> = (key: TranslationKey<NS>, values?: TranslationValues) => string;

/**
 * A key missing from every namespace asked is a bug: during development and in tests `t` throws, so the screen (or
 * the test) fails where the key is used. In production the key stands in; the completeness test keeps that from
 * happening.
 */
function missingKey(language: string, namespaces: readonly string[], key: string): string {
  if (!import.meta.env.DEV) return key;
  const target = splitKey(key, namespaces);
  throw new Error(`[i18n] missing key "${target.namespaces[0] ?? ''}:${target.path}" (${language})`);
}

/** The app's strings: the current language, the namespaces loaded so far, and what follows a language switch. */
class Translations {
  #language: Language;
  readonly #catalog = new Catalog();
  readonly #listeners = new Set<(language: Language) => void>();
  /** A loading of some namespaces in a language, shared by everything that waits for it until it settles. */
  readonly #loading = new Map<string, Promise<void>>();
  readonly #translators = new Map<string, TFunction<Namespace>>();

  constructor(language: Language, bundled: Partial<Record<Language, Record<string, StringTree>>>) {
    this.#language = language;
    for (const [bundledLanguage, namespaces] of Object.entries(bundled)) {
      for (const [namespace, strings] of Object.entries(namespaces)) this.#catalog.add(bundledLanguage, namespace, strings);
    }
  }

  get language(): Language {
    return this.#language;
  }

  /** A key of `common` (or of the namespace it names) in the current language, or in `lng`. */
  t = (key: TranslationKey, values?: TranslationValues & { lng?: Language }): string =>
    this.#translate(values?.lng ?? this.#language, [COMMON], key, values);

  #translate(language: Language, namespaces: readonly string[], key: string, values?: TranslationValues): string {
    return this.#catalog.lookup(language, namespaces, key, values) ?? missingKey(language, namespaces, key);
  }

  /** Whether the current language has a text for `key` (of `common`, or of the namespace it names). */
  exists(key: string): boolean {
    return this.#catalog.lookup(this.#language, [COMMON], key) !== undefined;
  }

  /** `t` for these namespaces in a language: one function per pair, so it can stand in a hook's dependencies. */
  fixedT<NS extends Namespaces>(language: Language, namespaces: readonly Namespace[]): TFunction<NS> {
    const id = `${language}|${namespaces.join(',')}`;
    let translate = this.#translators.get(id);
    if (!translate) {
      translate = (key, values) => this.#translate(language, namespaces, key, values);
      this.#translators.set(id, translate);
    }
    return translate as TFunction<NS>;
  }

  hasResourceBundle(language: string, namespace: string): boolean {
    return this.#catalog.has(language, namespace);
  }

  addResourceBundle(language: string, namespace: string, strings: StringTree): void {
    this.#catalog.add(language, namespace, strings);
  }

  removeResourceBundle(language: string, namespace: string): void {
    this.#catalog.remove(language, namespace);
  }

  /** Reads one namespace (with the error texts a screen's strings bring) and adds it. */
  async #load(language: Language, namespace: string): Promise<void> {
    const withErrors = namespace !== ERRORS && namespace !== COMMON; // the shell's strings need no error texts
    const [strings, errors] = await Promise.all([
      readStrings(language, namespace),
      withErrors && !this.hasResourceBundle(language, ERRORS) ? readStrings(language, ERRORS) : undefined,
    ]);
    if (errors && !this.hasResourceBundle(language, ERRORS)) this.addResourceBundle(language, ERRORS, errors);
    this.addResourceBundle(language, namespace, strings);
  }

  /**
   * Undefined when every one of `namespaces` is in `language`; else the loading of those that are not, the same promise
   * for everyone who asks meanwhile (what a suspended component waits for). It rejects should a file fail to load.
   */
  pending(language: Language, namespaces: readonly string[]): Promise<void> | undefined {
    const missing = namespaces.filter((namespace) => !this.hasResourceBundle(language, namespace));
    if (missing.length === 0) return undefined;
    const id = `${language}|${missing.join(',')}`;
    let loading = this.#loading.get(id);
    if (!loading) {
      loading = Promise.all(missing.map((namespace) => this.#load(language, namespace))).then(() => undefined);
      this.#loading.set(id, loading);
      const forget = () => this.#loading.delete(id);
      // A failure stays a moment, so React's immediate retry of the tree meets the same error rather than a new load.
      loading.then(forget, () => setTimeout(forget, RETRY_FAILED_LOAD_AFTER_MS));
    }
    return loading;
  }

  /** Loads namespaces in the current language ahead of need; settles either way (a screen that needs one retries). */
  async loadNamespaces(namespaces: Namespaces): Promise<void> {
    await this.pending(this.#language, typeof namespaces === 'string' ? [namespaces] : namespaces)?.catch(() => undefined);
  }

  /** Reads these namespaces again in these languages (tests, after they change the reader). */
  async reloadResources(languages: readonly Language[], namespaces: readonly string[]): Promise<void> {
    await Promise.all(languages.flatMap((language) => namespaces.map((namespace) => this.#load(language, namespace))));
  }

  /**
   * Switches the language once the namespaces held in the current one are in the new one too, so no screen suspends
   * or shows a key on the switch; then everything that follows the language hears of it.
   */
  async changeLanguage(language: Language): Promise<void> {
    if (language === this.#language) return;
    await this.pending(language, this.#catalog.namespacesOf(this.#language))?.catch(() => undefined);
    this.#language = language;
    for (const listener of [...this.#listeners]) listener(language);
  }

  /** Calls `listener` after every language switch; returns what stops it. */
  onLanguageChange = (listener: (language: Language) => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };
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

const startupLanguage = readLanguageCookie();
// The default language's shell strings are bundled; everything else is fetched on first use.
export const i18n = new Translations(startupLanguage, { [DEFAULT_LANGUAGE]: { common: defaultCommon } });

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
i18n.onLanguageChange(applyLanguage);

/** The active product language (always one of vi, en, zh). */
export function currentLanguage(): Language {
  return i18n.language;
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

const subscribeToLanguage = (onChange: () => void) => i18n.onLanguageChange(onChange);
const readLanguage = () => i18n.language;

/**
 * The current language's `t` for a component's namespaces (`common` when none is named; with several, a key is looked
 * up in each in turn). The component re-renders on a language switch, and suspends until its namespaces are in; should
 * one fail to load, the nearest error boundary shows the failure, and the next render tries again.
 */
export function useTranslation<const NS extends Namespaces = typeof COMMON>(namespaces?: NS): { t: TFunction<NS>; i18n: Translations } {
  const language = useSyncExternalStore(subscribeToLanguage, readLanguage);
  const list: readonly Namespace[] = namespaces === undefined ? [COMMON] : typeof namespaces === 'string' ? [namespaces] : namespaces;
  // What this mount waited for, if anything: when React replays a suspended mount in place once the strings are in (a
  // page rendered in a transition), the replay must meet `use` again to go on with the hooks after it (React error #467).
  const [waitedFor] = useState(() => i18n.pending(language, list));
  const loading = i18n.pending(language, list) ?? waitedFor;
  if (loading) use(loading);
  return { t: i18n.fixedT<NS>(language, list), i18n };
}
