import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { accountsResources } from './accounts-resources.ts';
import { errorsResources } from './errors-resources.ts';
import { bookingResources } from './booking-resources.ts';
import { ordersResources } from './orders-resources.ts';
import { schedulesResources } from './schedules-resources.ts';
import { enResources, NAMESPACES, resources, STARTUP_NAMESPACES, startupResources } from './resources.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();
const english = leaves(enResources as unknown as Tree);

describe.each(LANGUAGES.filter((language) => language !== 'en'))('the %s translation', (language) => {
  const translated = leaves(resources[language] as unknown as Tree);

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
});

describe('the namespace lists', () => {
  it('name every namespace', () => {
    expect([...NAMESPACES].sort()).toEqual(Object.keys(enResources).sort());
  });

  it('split the namespaces the web app uses between its first screen and the code loaded later, in every language', () => {
    for (const language of LANGUAGES) {
      const { messages: _serverOnly, ...web } = resources[language];
      expect({
        ...startupResources[language],
        errors: errorsResources[language],
        accounts: accountsResources[language],
        schedules: schedulesResources[language],
        booking: bookingResources[language],
        orders: ordersResources[language],
      }).toEqual(web);
      expect(Object.keys(startupResources[language])).toEqual([...STARTUP_NAMESPACES]);
    }
  });
});
