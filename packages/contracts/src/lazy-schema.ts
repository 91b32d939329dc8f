/**
 * A schema of the contracts, built the first time something reads it rather than when its module loads (decision 033).
 *
 * Building a zod schema is work on the main thread: every field is an object with its checks, made by zod's
 * constructors. The contracts hold some 250 schemas, and a page's chunks carry the modules of every domain its shared
 * hooks touch, so loading a signed-in page built all of them before it could draw, most of them never used there (the
 * sign-up form's on the health record). Wrapped in `lazySchema`, each is built when it is first parsed with, extended
 * or converted (the server's JSON Schema writers), once, and is then the same schema for every caller.
 *
 * The proxy forwards every read to the built schema, so zod, the server's type provider and the tests see a schema and
 * nothing else: `_zod`, the mini methods (`check`, `safeParse`…), `instanceof`. The type is the builder's own.
 * The annotation tells the bundler a call has no effect of its own, so a schema no chunk uses is left out of the build.
 */
/*#__NO_SIDE_EFFECTS__*/
export function lazySchema<T extends object>(build: () => T): T {
  let schema: T | undefined;
  const built = (): T => (schema ??= build());
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = built();
      const value: unknown = Reflect.get(target, key, target);
      return value;
    },
    set: (_, key, value) => Reflect.set(built(), key, value),
    has: (_, key) => Reflect.has(built(), key),
    ownKeys: () => Reflect.ownKeys(built()),
    // A proxy may not report a property its own (empty) target lacks as non-configurable; zod's `_zod` is one.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(built(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(built(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(built(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
  });
}
