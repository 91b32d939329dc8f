import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANTINE_USE_ID, STABLE_USE_ID, stableMantineIds } from './mantine-use-id.ts';

const transform = (code: string, id: string) => {
  const hook = stableMantineIds().transform as (code: string, id: string) => { code: string } | null;
  return hook(code, id);
};

describe('stable Mantine ids', () => {
  // The package's main file is esm/index.mjs (its exports name no other path to resolve).
  const hooksDir = path.resolve(path.dirname(import.meta.resolve('@mantine/hooks').replace('file://', '')), '..');
  const file = path.join(hooksDir, 'esm/use-id/use-id.mjs');

  it("serves Mantine's useId without the random id it sets after mounting", () => {
    expect(MANTINE_USE_ID.test(file)).toBe(true);
    const result = transform(fs.readFileSync(file, 'utf8'), file);
    expect(result?.code).toBe(STABLE_USE_ID);
    expect(result?.code).not.toContain('randomId');
  });

  it('leaves every other module alone', () => {
    expect(transform('export const x = 1;', path.join(hooksDir, 'esm/use-disclosure/use-disclosure.mjs'))).toBeNull();
  });

  it('fails the build when Mantine no longer swaps the id, so the replacement is looked at again', () => {
    expect(() => transform('export function useId() {}', file)).toThrow(/decision 035/);
  });
});
