import { describe, expect, it } from 'vitest';
import { dependenciesOf, stylesheetsFor } from '../test/mantine-css.ts';

/*
 * Decision 016: Mantine's styles come per component, so each chunk carries only the CSS of what it draws.
 * The rule this test holds every file to: a file that imports a Mantine component imports that component's
 * stylesheets (and those of the components it is built on) itself or through a `styles.ts` module it imports,
 * unless the shell (`app/shell-styles.ts`, loaded by the entry) already has them; dependencies come first.
 */

const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const SHELL = '/src/app/shell-styles.ts';
const mantineImport = /import\s*\{([^}]*)\}\s*from\s*'@mantine\/(core|notifications|modals)'/g;
const sideEffectImport = /^import\s+'([^']+)';/gm;

function resolve(from: string, spec: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of spec.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The Mantine stylesheets a file imports, itself and through the `styles.ts` modules it imports, in order. */
function sheetsImportedBy(file: string): string[] {
  const sheets: string[] = [];
  for (const [, spec] of (sources[file] ?? '').matchAll(sideEffectImport)) {
    if (!spec) continue;
    if (spec.startsWith('@mantine/')) sheets.push(spec);
    else if (/styles\.ts$/.test(spec)) sheets.push(...sheetsImportedBy(resolve(file, spec)));
  }
  return sheets;
}

/** The stylesheets that the Mantine components a file imports need. */
function sheetsNeededBy(file: string): string[] {
  const needed = new Set<string>();
  for (const [, names, pkg] of (sources[file] ?? '').matchAll(mantineImport)) {
    for (const raw of names?.split(',') ?? []) {
      const name = raw.trim();
      if (!name || name.startsWith('type ') || !pkg) continue;
      stylesheetsFor(pkg, name).forEach((sheet) => needed.add(sheet));
    }
  }
  return [...needed];
}

const files = Object.keys(sources);
const shell = sheetsImportedBy(SHELL);

describe('Mantine stylesheets per component (decision 016)', () => {
  it('reads Mantine’s own dependencies', () => {
    expect(stylesheetsFor('core', 'Button')).toEqual([
      '@mantine/core/styles/UnstyledButton.layer.css',
      '@mantine/core/styles/Loader.layer.css',
      '@mantine/core/styles/Button.layer.css',
    ]);
    expect(stylesheetsFor('core', 'Select')).toEqual(
      expect.arrayContaining(['@mantine/core/styles/Input.layer.css', '@mantine/core/styles/Popover.layer.css']),
    );
    expect(stylesheetsFor('core', 'MantineProvider')).toEqual([]);
    expect(files.length).toBeGreaterThan(50);
  });

  it('the entry loads the shell’s stylesheets, and nothing loads the whole of Mantine’s', () => {
    expect(sources['/src/app/main.tsx']).toContain("import './shell-styles.ts';");
    expect(shell).toContain('@mantine/core/styles/global.layer.css');
    const whole = files.filter(
      (file) => /'@mantine\/[a-z]+\/styles(\.layer)?\.css'/.test(sources[file] ?? '') && !/notifications/.test(file),
    );
    expect(whole.filter((file) => /'@mantine\/core\/styles(\.layer)?\.css'/.test(sources[file] ?? ''))).toEqual([]);
    // Layered sheets only: the app's own CSS then wins over Mantine's whatever order the chunks load in.
    const unlayered = files.filter((file) => sheetsImportedBy(file).some((sheet) => !sheet.endsWith('.layer.css')));
    expect(unlayered).toEqual([]);
  });

  it.each(files.filter((file) => sheetsNeededBy(file).length > 0))('%s imports the stylesheets of its Mantine components', (file) => {
    const has = new Set([...shell, ...sheetsImportedBy(file)]);
    const missing = sheetsNeededBy(file).filter((sheet) => !has.has(sheet));
    expect(missing, `add to the file's styles.ts (or to it): ${missing.map((s) => `import '${s}';`).join(' ')}`).toEqual([]);
  });

  it.each(files.filter((file) => sheetsImportedBy(file).length > 0))('%s imports stylesheets after those they build on', (file) => {
    const sheets = file === SHELL ? shell : sheetsImportedBy(file);
    const late = sheets.flatMap((sheet, index) =>
      dependenciesOf(sheet)
        .filter((dep) => (file === SHELL || !shell.includes(dep)) && !sheets.slice(0, index).includes(dep))
        .map((dep) => `${dep} before ${sheet}`),
    );
    expect(late).toEqual([]);
  });
});
