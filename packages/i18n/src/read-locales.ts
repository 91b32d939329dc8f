import { readdirSync, readFileSync } from 'node:fs';
import { LANGUAGES, type Language } from './languages.ts';

import type { StringTree } from './translate.ts';

export type { StringTree };

/** `locales/<language>/<namespace>.json`: a namespace is a file, and nothing else registers it. */
export const LOCALES_DIR = new URL('../locales/', import.meta.url);

/** The namespaces of one language, read from its directory (sorted, without the `.json`). */
export function namespacesOf(language: Language, localesDir: URL = LOCALES_DIR): string[] {
  return readdirSync(new URL(`${language}/`, localesDir))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}

/**
 * Every namespace of every language, straight from the files (Node only: the server and the tests; the web
 * app finds the same files with Vite's import.meta.glob). English names the namespaces; the completeness
 * test makes sure vi and zh have the same files and keys.
 */
export function readLocales(localesDir: URL = LOCALES_DIR): Record<Language, Record<string, StringTree>> {
  const read = (language: Language) =>
    Object.fromEntries(
      namespacesOf(language, localesDir).map((namespace) => [
        namespace,
        JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, localesDir), 'utf8')) as StringTree,
      ]),
    );
  return Object.fromEntries(LANGUAGES.map((language) => [language, read(language)])) as Record<Language, Record<string, StringTree>>;
}
