// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = fs.existsSync('apps/web/src/features') ? fs.readdirSync('apps/web/src/features') : [];
const serverModules = fs.existsSync('apps/server/src/modules')
  ? fs
      .readdirSync('apps/server/src/modules', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

/** Dependencies point one way: domain ← contracts ← {server, web}; i18n ← {server, web}; features never import each other. */
const zones = [
  {
    target: './packages/domain',
    from: ['./packages/contracts', './packages/i18n', './apps'],
    message: 'domain is pure: it imports no other package.',
  },
  { target: './packages/i18n', from: ['./packages/contracts', './packages/domain', './apps'], message: 'i18n holds only strings.' },
  { target: './packages/contracts', from: ['./packages/i18n', './apps'], message: 'contracts depend on domain only.' },
  { target: './apps/server', from: './apps/web', message: 'the server does not import the web app.' },
  { target: './apps/web', from: './apps/server', message: 'the web app talks to the server over HTTP only.' },
  {
    target: ['./apps/web/src/lib', './apps/web/src/components', './apps/web/src/config', './apps/web/src/stores', './apps/web/src/hooks'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'shared code does not import features or the app shell.',
  },
  { target: './apps/web/src/features', from: './apps/web/src/app', message: 'features do not import the app shell.' },
  {
    target: './apps/server/src/platform',
    from: './apps/server/src/modules',
    message: 'the platform serves every module and imports none.',
  },
  ...serverModules.map((module) => ({
    target: `./apps/server/src/modules/${module}`,
    from: './apps/server/src/modules',
    except: [`./${module}`, ...serverModules.filter((other) => other !== module).map((other) => `./${other}/${other}.service.ts`)],
    message: 'a module reaches another only through its service (<module>/<module>.service.ts), handed to it by createServices.',
  })),
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'features do not import each other: move shared code to components/ or lib/.',
  })),
];

/** The contracts and the web use zod's functional API (decision 015). */
const zodClassic = {
  name: 'zod',
  message: "Import from 'zod/mini': classic zod is three times its size in the browser and slower to build schemas (decision 015).",
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/migrations/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,js}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{apps,packages,e2e,bench}/**/': 'KEBAB_CASE' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits or handles, a switch that forgets a case, a type imported as a value.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.config.ts', 'apps/*/vitest.config.ts', 'packages/*/vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // A page's bundle carries the schemas of the domains it calls, not the whole table; pickers mount their list when
    // reached; dialogs mount their host when first opened (decision 015); a spinner waits before it turns (decision 034).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'apps/web/src/test/**',
      'apps/web/src/components/ui/select.tsx',
      'apps/web/src/components/ui/spinner.tsx',
      'apps/web/src/lib/confirm.ts',
      'apps/web/src/lib/dialog.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@rhc/contracts',
              importNames: ['endpoints', 'allEndpoints'],
              message: "Import the domain's own table (e.g. recordsEndpoints): the whole table puts every schema on every page.",
            },
            {
              name: '@mantine/core',
              importNames: ['Select'],
              message: 'Use components/ui/select.tsx: its list joins the page when the field is reached, not at load (decision 015).',
            },
            {
              name: '@mantine/core',
              importNames: ['Loader'],
              message: 'Use components/ui/spinner.tsx: it shows and turns only once a wait has lasted half a second (decision 034).',
            },
            {
              name: '@mantine/modals',
              importNames: ['modals'],
              message: 'Use openConfirm of lib/confirm.ts: it mounts the dialog host first (decision 015).',
            },
            zodClassic,
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [zodClassic],
        },
      ],
    },
  },
);
