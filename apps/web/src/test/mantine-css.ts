/*
 * Which of Mantine's per-component stylesheets a component needs (decision 016), read from Mantine's own
 * published modules: a component needs the stylesheet of every component folder its code reaches (Button
 * reaches UnstyledButton; Select reaches Input, Combobox, Popover, ScrollArea…). Used by
 * `src/app/mantine-css.test.ts`, which checks every file of the app against it.
 */

type Sources = Record<string, string>;

const glob = (files: Record<string, unknown>): Sources => files as Sources;

// Mantine's published ES modules and stylesheets, as text (paths from this file to the hoisted node_modules).
const packageFiles: Record<string, Sources> = {
  core: glob(import.meta.glob('../../../../node_modules/@mantine/core/esm/**/*.mjs', { query: '?raw', import: 'default', eager: true })),
  notifications: glob(
    import.meta.glob('../../../../node_modules/@mantine/notifications/esm/**/*.mjs', { query: '?raw', import: 'default', eager: true }),
  ),
  modals: glob(
    import.meta.glob('../../../../node_modules/@mantine/modals/esm/**/*.mjs', { query: '?raw', import: 'default', eager: true }),
  ),
};
const coreStylesheets = new Set(
  Object.keys(import.meta.glob('../../../../node_modules/@mantine/core/styles/*.layer.css')).map((path) =>
    path.slice(path.lastIndexOf('/') + 1, -'.layer.css'.length),
  ),
);

/** The stylesheet import that every other package's components need, when they have styles. */
const packageStylesheet: Record<string, string | undefined> = {
  notifications: '@mantine/notifications/styles.layer.css',
};

const rootOf = (pkg: string) => `../../../../node_modules/@mantine/${pkg}/esm/`;

function resolveRelative(from: string, spec: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of spec.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

const importPattern = /(?:import|export)\s*(?:([^";]*?)\s*from\s*)?"([^"]+)"/g;

/** `{ a, b as c }` (or a default name) → ['a', 'b']. */
const namesOf = (clause: string | undefined) =>
  (clause ?? '')
    .replace(/[{}]/g, '')
    .split(',')
    .map((n) => n.trim().split(/\s+as\s+/)[0] ?? '')
    .filter(Boolean);

/** The module that exports `name` from a package's index. */
function entryOf(pkg: string, name: string): string | undefined {
  const index = `${rootOf(pkg)}index.mjs`;
  for (const [, names, spec] of (packageFiles[pkg]?.[index] ?? '').matchAll(importPattern)) {
    if (spec?.startsWith('.') && namesOf(names).includes(name)) return resolveRelative(index, spec);
  }
  return undefined;
}

const cache = new Map<string, readonly string[]>();

/**
 * The stylesheets (import specifiers) that the export `name` of `@mantine/<pkg>` needs, dependencies first
 * as far as Mantine's folders allow; empty for hooks, functions and components without styles.
 */
export function stylesheetsFor(pkg: string, name: string): readonly string[] {
  const key = `${pkg}:${name}`;
  const known = cache.get(key);
  if (known) return known;
  cache.set(key, []); // cycles
  const entry = entryOf(pkg, name);
  const sheets: string[] = [];
  const add = (sheet: string) => {
    if (!sheets.includes(sheet)) sheets.push(sheet);
  };
  if (entry) {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = packageFiles[pkg]?.[file];
      if (text === undefined) return;
      for (const [, names, spec] of text.matchAll(importPattern)) {
        if (!spec) continue;
        if (spec.startsWith('.')) visit(resolveRelative(file, spec));
        else if (spec === '@mantine/core' && pkg !== 'core') namesOf(names).forEach((n) => stylesheetsFor('core', n).forEach(add));
      }
      if (!file.endsWith('.module.mjs')) return;
      // A part with a stylesheet of its own (Radio/RadioCard/RadioCard.module.mjs → RadioCard), else its folder's.
      const base = /([^/]+)\.module\.mjs$/.exec(file)?.[1];
      const folder = /\/esm\/(?:components|utils)\/([^/]+)\//.exec(file)?.[1];
      const sheet = [base, folder].find((name) => name !== undefined && coreStylesheets.has(name));
      if (pkg === 'core' && sheet) add(`@mantine/core/styles/${sheet}.layer.css`);
      const own = packageStylesheet[pkg];
      if (pkg !== 'core' && own) add(own);
    };
    visit(entry);
  }
  // A component's own sheet last: what it builds on comes first.
  const own = `@mantine/core/styles/${name}.layer.css`;
  const isCore = (s: string) => s.startsWith('@mantine/core/');
  const ordered = [
    ...sheets.filter((s) => isCore(s) && s !== own),
    ...sheets.filter((s) => s === own),
    ...sheets.filter((s) => !isCore(s)),
  ];
  cache.set(key, ordered);
  return ordered;
}

/** The Mantine stylesheet that `sheet` builds on (for the order check): the sheets its own component needs. */
export function dependenciesOf(sheet: string): readonly string[] {
  const component = componentOf(sheet);
  if (!component) return [];
  return stylesheetsFor('core', component).filter((s) => s !== sheet && !stylesheetsFor('core', componentOf(s) ?? '').includes(sheet));
}

function componentOf(sheet: string): string | undefined {
  return /^@mantine\/core\/styles\/(.+)\.layer\.css$/.exec(sheet)?.[1];
}
