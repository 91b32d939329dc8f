import type { Resources } from './generated/resources.ts';

/*
 * The translator the server and the web app share (decision 031): a key's text in a namespace, its plural form chosen
 * by the language's rules, its `{{name}}` placeholders filled. It is all the locale files use, in about 1 KB, where
 * i18next brought 15.5 KB gzip to the shell of every page.
 */

/** One namespace's strings in one language: the parsed `locales/<language>/<namespace>.json`. */
export type StringTree = { [key: string]: string | StringTree };

/** What a text is filled with: `{{name}}` takes `name`; `count` also picks the plural form (`key_one`, `key_other`). */
export type TranslationValues = { readonly count?: number } & { readonly [name: string]: unknown };

type Namespace = keyof Resources;

/** "a.b.c" for every text of an object of strings. */
type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}`;
}[keyof T & string];

type PluralCategory = Intl.LDMLPluralRule;

/** A plural family's key ("days" for "days_one", "days_other"), called with `count`. */
type PluralBase<K extends string> = K extends `${infer Base}_${PluralCategory}` ? Base : never;

/** Every key of a namespace, as `t` takes it: each text's path, and a plural family's path without its suffix. */
export type KeyOf<N extends Namespace> = N extends Namespace ? Leaves<Resources[N]> | PluralBase<Leaves<Resources[N]>> : never;

/** A namespace's key with its namespace in front ("orders:status.pending"): reaches a namespace other than the first. */
export type QualifiedKey = { [N in Namespace]: `${N}:${KeyOf<N>}` }[Namespace];

const NAMESPACE_PREFIX = /^([a-z][a-z0-9-]*):(.+)$/;
const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** `"orders:status.pending"` → orders and status.pending; a key without a prefix is looked up in `namespaces`. */
export function splitKey(key: string, namespaces: readonly string[]): { namespaces: readonly string[]; path: string } {
  const qualified = NAMESPACE_PREFIX.exec(key);
  return qualified ? { namespaces: [qualified[1] ?? ''], path: qualified[2] ?? '' } : { namespaces, path: key };
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** `{{name}}` → the value's text; a placeholder without a value stays as it is, so a missing value shows. */
export function interpolate(text: string, values: TranslationValues | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? placeholder : String(value);
  });
}

function textAt(strings: StringTree | undefined, path: string): string | undefined {
  let node: string | StringTree | undefined = strings;
  for (const part of path.split('.')) {
    // Own keys only: a key from elsewhere ("errors:" + a server's code) never reaches `constructor` or `__proto__`.
    if (node === undefined || typeof node === 'string' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Every language's namespaces as they arrive; the lookup of a key in one language. */
export class Catalog {
  readonly #bundles = new Map<string, Map<string, StringTree>>();

  has(language: string, namespace: string): boolean {
    return this.#bundles.get(language)?.has(namespace) ?? false;
  }

  add(language: string, namespace: string, strings: StringTree): void {
    let namespaces = this.#bundles.get(language);
    if (!namespaces) {
      namespaces = new Map();
      this.#bundles.set(language, namespaces);
    }
    namespaces.set(namespace, strings);
  }

  remove(language: string, namespace: string): void {
    this.#bundles.get(language)?.delete(namespace);
  }

  /** The namespaces held in a language. */
  namespacesOf(language: string): string[] {
    return [...(this.#bundles.get(language)?.keys() ?? [])];
  }

  /**
   * The text of `key` in `language`, filled with `values`, from the first of `namespaces` that has it (or from the
   * namespace the key names); undefined when none has it. With a numeric `count`, `key_zero` (for 0), then the
   * language's plural form (`key_one`, `key_other`…), then `key` itself.
   */
  lookup(language: string, namespaces: readonly string[], key: string, values?: TranslationValues): string | undefined {
    const target = splitKey(key, namespaces);
    const held = this.#bundles.get(language);
    const count = values?.count;
    const paths =
      typeof count === 'number'
        ? [...(count === 0 ? [`${target.path}_zero`] : []), `${target.path}_${pluralCategory(language, count)}`, target.path]
        : [target.path];
    for (const namespace of target.namespaces) {
      const strings = held?.get(namespace);
      for (const path of paths) {
        const text = textAt(strings, path);
        if (text !== undefined) return interpolate(text, values);
      }
    }
    return undefined;
  }
}
