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
 */
const shared = globalThis as { __zod_globalConfig?: Record<string, unknown> };
shared.__zod_globalConfig = Object.assign(shared.__zod_globalConfig ?? {}, { jitless: true });

// A module, not a script: it is imported (app/main.tsx, and its test).
export {};
