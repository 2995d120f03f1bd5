/**
 * Zod 4 probes `new Function('')` on its first object parse to decide whether to compile parsers.
 * Under the site's CSP (script-src 'self', no 'unsafe-eval') that probe is blocked and reported as
 * a CSP violation. Jitless mode skips the probe (parsing stays correct, only the compiled fast path
 * is off). Zod reads its config from `globalThis.__zod_globalConfig` when it loads
 * (zod/v4/core/core.js), so it is set here WITHOUT importing zod: zod is not in the pages' initial
 * JavaScript, and the lazy chunks that load it later (forms) still never probe. Imported first by
 * main.tsx.
 */
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// Mutated in place, not replaced: were zod already loaded, it holds this very object.
g.__zod_globalConfig ??= {};
g.__zod_globalConfig.jitless = true;
