import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { stripAccess } from './strip-access.ts';

const ENDPOINTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/contracts/src/endpoints');

describe('the browser build leaves the endpoints’ access declarations out', () => {
  it('removes one-line and multi-line declarations, strings with braces and commas included, and nothing else', () => {
    const source = [
      'export const e = defineEndpoints("d", {',
      '  a: {',
      '    auth: true,',
      "    access: { audit: 'x.read', view: 'a', owner: 'userId' },",
      '    params: P,',
      '  },',
      '  b: {',
      '    access: {',
      "      audit: 'x.change',",
      "      object: { kind: 'share', param: 'id', as: ['holder', 'watcher'] },",
      '    },',
      "    summary: 'keeps { braces }, and commas',",
      '  },',
      '  c: {',
      '    access: { open: "a doctor\'s free times, {public}" },',
      "    path: '/c',",
      '    stepUp: true,',
      '    body: B,',
      '  },',
      '});',
    ].join('\n');
    const stripped = stripAccess(source);
    expect(stripped).not.toMatch(/access:|stepUp:/);
    expect(stripped).toContain('    params: P,');
    expect(stripped).toContain('    body: B,');
    expect(stripped).toContain("    summary: 'keeps { braces }, and commas',");
    expect(stripped).toContain("path: '/c'");
  });

  it('leaves every endpoint file of the contracts valid and without a declaration', () => {
    for (const file of fs.readdirSync(ENDPOINTS).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      const source = fs.readFileSync(path.join(ENDPOINTS, file), 'utf8');
      const stripped = stripAccess(source);
      expect(stripped, file).not.toMatch(/\b(?:access|stepUp): /);
      const { diagnostics } = ts.transpileModule(stripped, { reportDiagnostics: true, fileName: file });
      expect(
        diagnostics?.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
        file,
      ).toEqual([]);
    }
  });
});
