import type { Language } from './languages.ts';
import { readLocales } from './read-locales.ts';
import { Catalog, type TranslationValues } from './translate.ts';

/** A key's text in one language; a key no namespace has comes back as it is. */
export type Translate = (key: string, values?: TranslationValues) => string;

/** Every language's translator; `known` tells a text the files have from one they have not. */
export interface Translators {
  (language: Language): Translate;
  /**
   * The text of a `namespace:key` in a language, filled with `values`; undefined when the files have no such text (a
   * key without its namespace, a namespace or key the server does not have, a group of texts rather than one).
   */
  known(language: Language, key: string, values?: TranslationValues): string | undefined;
}

/** The namespace of a key without a prefix: the server's texts are mostly error messages. */
const SERVER_DEFAULT_NAMESPACE = ['errors'];

/**
 * The translator of code outside React (the server's error messages, e-mail and SMS texts), holding every namespace
 * found in `locales/` in every language. The web app fills its own catalog from the same files as pages need them.
 */
export function createTranslator(): Translators {
  const catalog = new Catalog();
  for (const [language, namespaces] of Object.entries(readLocales())) {
    for (const [namespace, strings] of Object.entries(namespaces)) catalog.add(language, namespace, strings);
  }
  const translators = new Map<string, Translate>();
  const translatorFor = (language: Language): Translate => {
    let translate = translators.get(language);
    if (!translate) {
      translate = (key, values) => catalog.lookup(language, SERVER_DEFAULT_NAMESPACE, key, values) ?? key;
      translators.set(language, translate);
    }
    return translate;
  };
  // No default namespace: only a key that names its own is looked up.
  const known: Translators['known'] = (language, key, values) => catalog.lookup(language, [], key, values);
  return Object.assign(translatorFor, { known });
}
