import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { LOCALES_DIR, namespacesOf } from './read-locales.ts';

/*
 * TypeScript cannot list a directory, so the one thing derived from the locale files ahead of time is the map
 * "namespace → shape of its English file" that types the web's `t` keys. It is written here, never by hand:
 * `npm run typecheck`, `npm run build` and `npm run dev` regenerate it (npm `pre*` scripts) and the completeness
 * test fails while the committed file is stale. Nothing at run time reads it: the server, the web app and the
 * tests find the namespaces in the directory themselves.
 */
export const RESOURCE_TYPES_FILE = new URL('./generated/resources.ts', import.meta.url);

/** File names that make a namespace: lower case, digits and dashes ("health-record"). */
const NAMESPACE_NAME = /^[a-z][a-z0-9-]*$/;

const identifierOf = (namespace: string) => `${namespace.replace(/-([a-z0-9])/g, (_, char: string) => char.toUpperCase())}Strings`;

/** The generated module for these namespaces (the file names in `locales/en`), formatted as Prettier would. */
export function renderResourceTypes(namespaces: readonly string[]): string {
  const invalid = namespaces.filter((namespace) => !NAMESPACE_NAME.test(namespace));
  if (invalid.length > 0) throw new Error(`locales/en: a namespace file must be named in kebab-case (${invalid.join(', ')}.json)`);
  const sorted = [...namespaces].sort();
  const property = (namespace: string) => (/^[a-z][a-z0-9]*$/.test(namespace) ? namespace : `'${namespace}'`);
  return [
    '// Generated from the file names in packages/i18n/locales/en by src/resource-types.ts: do not edit.',
    '// `npm run typecheck`, `npm run build` and `npm run dev` rewrite it; a test fails while it is stale.',
    ...sorted.map((namespace) => `import type ${identifierOf(namespace)} from '../../locales/en/${namespace}.json';`),
    '',
    "/** Every namespace with the shape of its English strings: what types the keys of the web app's `t`. */",
    'export type Resources = {',
    ...sorted.map((namespace) => `  ${property(namespace)}: typeof ${identifierOf(namespace)};`),
    '};',
    '',
  ].join('\n');
}

/** The generated module as the locale files are now. */
export function currentResourceTypes(localesDir: URL = LOCALES_DIR): string {
  return renderResourceTypes(namespacesOf('en', localesDir));
}

/** Rewrites the generated module if the namespaces changed; tells whether it did. */
export function writeResourceTypes(localesDir: URL = LOCALES_DIR, file: URL = RESOURCE_TYPES_FILE): boolean {
  const content = currentResourceTypes(localesDir);
  let committed: string | undefined;
  try {
    committed = readFileSync(file, 'utf8');
  } catch {
    committed = undefined;
  }
  if (committed === content) return false;
  mkdirSync(new URL('./', file), { recursive: true });
  writeFileSync(file, content);
  return true;
}
