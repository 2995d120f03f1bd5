import { z } from 'zod';

/**
 * Zod 4 probes `new Function('')` on its first object parse to decide whether to compile parsers.
 * Under the site's CSP (script-src 'self', no 'unsafe-eval') that probe is blocked and reported as
 * a CSP violation on every page load; jitless mode skips the probe (parsing stays correct, only
 * the compiled fast path is off). Imported first by main.tsx, before any schema parses.
 */
z.config({ jitless: true });
