import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const APP_DIR = join(import.meta.dirname, '..', '..', 'functions', 'app');

/** The composition root's source files (no tests), relative to functions/app: every Lambda entry among them. */
function appSources(dir = APP_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return appSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative(APP_DIR, path)] : [];
  });
}

/**
 * A stand-in for functions/app under `functionsDir`: each of its files as a handler that does
 * nothing, so the infra tests synthesize the stack without bundling the real code. Read from the
 * tree, so a new function needs no list edited here.
 */
export function stubFunctions(functionsDir: string): void {
  for (const file of appSources()) {
    mkdirSync(dirname(join(functionsDir, file)), { recursive: true });
    writeFileSync(join(functionsDir, file), 'export const handler = async () => ({});\n');
  }
}
