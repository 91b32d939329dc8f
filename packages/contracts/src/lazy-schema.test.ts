import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';

/** Every zod schema built from here on, counted through zod's own post-construction hook. */
function countConstructions() {
  const shared = globalThis as { __zod_globalConfig?: { postProcessor?: (schema: unknown) => void } };
  let count = 0;
  const config = { ...shared.__zod_globalConfig, postProcessor: (): void => void count++ };
  shared.__zod_globalConfig = config;
  return {
    get count() {
      return count;
    },
    stop: () => void delete (config as { postProcessor?: unknown }).postProcessor,
  };
}

describe('a schema built on first use', () => {
  it('builds nothing when it is declared, then builds once, on the first parse', () => {
    let builds = 0;
    const Name = lazySchema(() => {
      builds++;
      return z.object({ name: z.string().check(z.minLength(1)) });
    });
    expect(builds).toBe(0);

    expect(z.safeParse(Name, { name: 'Lan' }).success).toBe(true);
    expect(z.safeParse(Name, { name: '' }).success).toBe(false);
    expect(Name.safeParse({ name: 'Minh' }).data).toEqual({ name: 'Minh' });
    expect(builds).toBe(1);
  });

  it('is a zod schema to zod: composed, extended, checked with instanceof and written as JSON Schema like the schema itself', () => {
    const build = () => z.object({ day: z.iso.date(), note: z.optional(z.string().check(z.maxLength(10))) });
    const Lazy = lazySchema(build);
    const Eager = build();

    expect(Lazy instanceof z.core.$ZodObject).toBe(true);
    expect(Object.keys(Lazy.shape)).toEqual(['day', 'note']);
    const Extended = z.extend(Lazy, { kind: z.literal('visit') });
    expect(z.safeParse(Extended, { day: '2026-12-01', kind: 'visit' }).success).toBe(true);
    expect(z.safeParse(z.array(Lazy), [{ day: '2026-13-01' }]).error?.issues[0]?.path).toEqual([0, 'day']);
    expect(z.toJSONSchema(Lazy)).toEqual(z.toJSONSchema(Eager));
    expect(z.toJSONSchema(z.object({ at: Lazy }))).toEqual(z.toJSONSchema(z.object({ at: Eager })));
  });

  it('builds its schemas when loading the contracts, far fewer than using them does', async () => {
    const constructions = countConstructions();
    const contracts = await import('./index.ts');
    const atLoad = constructions.count;
    for (const [name, value] of Object.entries(contracts)) {
      if (name.endsWith('Schema') && typeof value === 'object') z.safeParse(value as z.core.$ZodType, undefined);
    }
    const inUse = constructions.count;
    constructions.stop();

    // What remains at load is the endpoint table's small inline wrappers (`z.array(…)`, `z.null()`, a path's params).
    expect(inUse).toBeGreaterThan(1000);
    expect(atLoad).toBeLessThan(inUse / 20);
  });
});
