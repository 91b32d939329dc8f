/*
 * The server's Content-Security-Policy allows no `eval` (script-src 'self'). zod 4 probes for it with `new Function`
 * when it builds its first object schema, to compile faster parsers; the probe fails and zod falls back, but the
 * browser still reports the attempt as a policy violation (a console error on every page, and a report wherever
 * reports are collected). `jitless` skips the probe.
 *
 * zod reads its configuration from `globalThis.__zod_globalConfig`, the object it shares between copies of itself,
 * and the contracts build their schemas as soon as their chunk loads, before any of our code could call
 * `z.config()`. So the setting is put there beforehand, from the entry module (app/main.tsx imports this first),
 * without loading zod on a page that needs none.
 *
 * The same object gives zod its fallback messages. The contracts' rules carry their own (keys of the errors namespace,
 * translated where shown); zod/mini, which the web uses, has none for a check that names no message, so such an issue
 * would read "Invalid input" in every language. It gets the key of the generic message instead: a missing value is
 * required, anything else is invalid.
 */
const shared = globalThis as { __zod_globalConfig?: Record<string, unknown> };
shared.__zod_globalConfig = Object.assign(shared.__zod_globalConfig ?? {}, {
  jitless: true,
  localeError: (issue: { code?: string; input?: unknown }) =>
    issue.code === 'invalid_type' && issue.input === undefined ? 'validation.required' : 'validation.invalid',
});

// A module, not a script: it is imported (app/main.tsx, and its test).
export {};
