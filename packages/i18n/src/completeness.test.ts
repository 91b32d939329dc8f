import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { LOCALES_DIR, namespacesOf, readLocales, type StringTree } from './read-locales.ts';
import { currentResourceTypes, RESOURCE_TYPES_FILE } from './resource-types.ts';

/** Every text of a language, as "namespace:dotted.key" → text, for every namespace found in its directory. */
function leaves(tree: StringTree, prefix: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const locales = readLocales();
const textsOf = (namespaces: Record<string, StringTree>) =>
  new Map(Object.entries(namespaces).flatMap(([namespace, tree]) => [...leaves(tree, `${namespace}:`)]));

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();
const english = textsOf(locales.en);

describe('the locales directory', () => {
  it('has a directory for every language and nothing else', () => {
    expect(readdirSync(LOCALES_DIR).sort()).toEqual([...LANGUAGES].sort());
  });

  it('has namespaces (the English files name them)', () => {
    expect(namespacesOf('en')).toContain('common');
  });
});

describe.each(LANGUAGES.filter((language) => language !== 'en'))('the %s translation', (language) => {
  const translated = textsOf(locales[language]);

  it('has the same namespace files as English', () => {
    expect(namespacesOf(language)).toEqual(namespacesOf('en'));
  });

  it('has every key of English', () => {
    const missing = [...english.keys()].filter((key) => !translated.has(key));
    expect(missing).toEqual([]);
  });

  it('has no key English lacks (a typo or a removed string)', () => {
    const extra = [...translated.keys()].filter((key) => !english.has(key));
    expect(extra).toEqual([]);
  });

  it('has no empty string', () => {
    const empty = [...translated.entries()].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('keeps every {{placeholder}} of the English text', () => {
    const wrong = [...english.entries()]
      .filter(([key, text]) => translated.has(key) && placeholders(text).join() !== placeholders(translated.get(key) ?? '').join())
      .map(([key]) => key);
    expect(wrong).toEqual([]);
  });
});

describe('the English reference', () => {
  it('has no empty string', () => {
    expect([...english.entries()].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });

  it('has only texts and groups of texts (no numbers, lists or nulls a `t` key could not name)', () => {
    const notText = (tree: unknown): boolean =>
      typeof tree !== 'string' && (typeof tree !== 'object' || tree === null || Array.isArray(tree) || Object.values(tree).some(notText));
    expect(
      Object.entries(locales.en)
        .filter(([, tree]) => notText(tree))
        .map(([namespace]) => namespace),
    ).toEqual([]);
  });
});

describe('the generated key types (src/generated/resources.ts)', () => {
  it('name every namespace of locales/en: run `npm run generate -w @rhc/i18n` (typecheck, build and dev do) and commit it', () => {
    expect(readFileSync(RESOURCE_TYPES_FILE, 'utf8')).toBe(currentResourceTypes());
  });
});
