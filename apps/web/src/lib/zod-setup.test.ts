import { afterEach, describe, expect, it } from 'vitest';

const originalFunction = globalThis.Function;
afterEach(() => {
  globalThis.Function = originalFunction;
});

describe('zod under a policy without eval', () => {
  // The browser reports even a caught `new Function` as a Content-Security-Policy violation (e2e/support/csp.ts).
  it('builds and checks object schemas without ever compiling code', async () => {
    const compiled: unknown[][] = [];
    globalThis.Function = new Proxy(originalFunction, {
      construct(target, args: unknown[]) {
        compiled.push(args);
        return Reflect.construct(target, args) as object;
      },
      apply(target, self, args: unknown[]) {
        compiled.push(args);
        return Reflect.apply(target, self, args) as unknown;
      },
    });
    await import('./zod-setup.ts');
    const { z } = await import('zod/mini');
    const schema = z.object({ name: z.string(), readings: z.array(z.object({ value: z.number() })) });
    expect(schema.parse({ name: 'An', readings: [{ value: 120 }] })).toEqual({ name: 'An', readings: [{ value: 120 }] });
    expect(schema.safeParse({ name: 1 }).success).toBe(false);
    expect(compiled).toEqual([]);
  });

  // The contracts name a message for every rule a form shows; one that names none still reads in the person's language.
  it('gives a rule without a message of its own the key of the generic message', async () => {
    await import('./zod-setup.ts');
    const { z } = await import('zod/mini');
    const schema = z.object({
      name: z.string(),
      age: z.int().check(z.gte(0)),
      note: z.string().check(z.maxLength(3, 'validation.too_long')),
    });
    const issues = schema.safeParse({ age: -1, note: 'long' }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([
      ['name', 'validation.required'],
      ['age', 'validation.invalid'],
      ['note', 'validation.too_long'],
    ]);
  });
});
