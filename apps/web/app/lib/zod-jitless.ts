/**
 * Zod compiles object parsers with `new Function` unless told not to, and probes for it when a
 * form schema is made; the CSP allows no eval, so the browser would log a violation on every
 * page. The browser checks a few forms and needs no compiled parsers (the server keeps them).
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig` (what `z.config()` writes), read
 * when a schema is made. Setting it here, before any form module runs, costs no bundle bytes;
 * importing zod's `config` would put zod's core on every page. zod-jitless.test.ts checks that
 * zod still reads this object.
 */
export function makeZodJitless(): void {
  const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
