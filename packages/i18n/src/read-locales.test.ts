import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { namespacesOf, readLocales } from './read-locales.ts';
import { renderResourceTypes, writeResourceTypes } from './resource-types.ts';

/** A locales directory of its own: a new namespace is three JSON files, and nothing else names it. */
const root = mkdtempSync(join(tmpdir(), 'rhc-locales-'));
const localesDir = pathToFileURL(`${root}/locales/`);
for (const language of LANGUAGES) {
  mkdirSync(join(root, 'locales', language), { recursive: true });
  writeFileSync(join(root, 'locales', language, 'common.json'), JSON.stringify({ hello: `hello ${language}` }));
  writeFileSync(join(root, 'locales', language, 'health-record.json'), JSON.stringify({ title: { main: `record ${language}` } }));
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a namespace by convention', () => {
  it('is found in the directory by the server and the tests', () => {
    expect(namespacesOf('vi', localesDir)).toEqual(['common', 'health-record']);
    expect(readLocales(localesDir).zh).toEqual({ common: { hello: 'hello zh' }, 'health-record': { title: { main: 'record zh' } } });
  });

  it('gets its key types generated from the English file', () => {
    const file = pathToFileURL(`${root}/generated/resources.ts`);
    expect(writeResourceTypes(localesDir, file)).toBe(true);
    expect(writeResourceTypes(localesDir, file)).toBe(false);
    const types = readFileSync(file, 'utf8');
    expect(types).toContain("import type healthRecordStrings from '../../locales/en/health-record.json';");
    expect(types).toContain("  'health-record': typeof healthRecordStrings;");
    expect(types).toContain('  common: typeof commonStrings;');
  });

  it('must be a kebab-case file name', () => {
    expect(() => renderResourceTypes(['common', 'Health_Record'])).toThrow(/kebab-case \(Health_Record\.json\)/);
  });
});
