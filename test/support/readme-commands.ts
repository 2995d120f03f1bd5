import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  statSync,
  symlinkSync,
  utimesSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const README = join(ROOT, 'README.md');

/**
 * How CI runs each shell command README.md shows, as written:
 * - `ci`: the command `.ci/run` runs (`npm test`);
 * - `serves`: spawned in a fresh checkout until `/api/health` answers 200, then stopped with Ctrl-C
 *   (test/e2e/readme-start.test.ts);
 * - `exits-0`: an offline command, run in this checkout; it must exit 0 (test/infra/readme.test.ts).
 * A command the README shows that is not listed here fails test/infra/readme.test.ts: add it with
 * the way CI runs it, or leave it out of the README (docs/ may show more).
 */
export const README_COMMANDS: Readonly<Record<string, 'ci' | 'serves' | 'exits-0'>> = {
  'npm start': 'serves',
  'npm test': 'ci',
  'SEARCH_ENGINE=opensearch npm start': 'serves',
};

/** A shell command: optional `NAME=value` assignments, then a program people run from a shell. */
const COMMAND =
  /^(?:[A-Z][A-Z0-9_]*=\S*\s+)*(?:npm|npx|node|tsx|vitest|yarn|pnpm|aws|cdk|git|curl|java|sh|bash|make|docker)(?:\s|$)/;
const SHELL_FENCE = /^```(?:sh|bash|shell|zsh|console)\s*$/;

/**
 * Every shell command a Markdown text shows: each line of its sh/bash/shell fences (comments,
 * prompts and line continuations handled), and each inline code span outside fences that reads as
 * a command (`npm …`, `npx …`, `NAME=value npm …`).
 */
export function shownCommands(markdown: string): string[] {
  const found: string[] = [];
  let fence: 'shell' | 'other' | undefined;
  let pending = '';
  for (const line of markdown.split('\n')) {
    if (fence === undefined) {
      if (line.startsWith('```')) {
        fence = SHELL_FENCE.test(line) ? 'shell' : 'other';
        continue;
      }
      for (const [, span] of line.matchAll(/`([^`]+)`/g)) {
        if (COMMAND.test(span.trim())) found.push(span.trim());
      }
      continue;
    }
    if (line.startsWith('```')) {
      fence = undefined;
      continue;
    }
    if (fence !== 'shell') continue;
    // A comment starts at a `#` after a space (not inside a word such as `#shared`).
    const code = line
      .replace(/(^|\s)#.*$/, '')
      .replace(/^\$\s+/, '')
      .trim();
    if (code.endsWith('\\')) {
      pending += `${code.slice(0, -1).trim()} `;
      continue;
    }
    const command = (pending + code).trim();
    pending = '';
    if (command) found.push(command);
  }
  return [...new Set(found)];
}

export function readmeCommands(): string[] {
  return shownCommands(readFileSync(README, 'utf8'));
}

/**
 * A checkout as a newcomer's clone would be, in a temporary folder: the tracked and new files of
 * this one (not its `.data/`, `cdk.out/` or other ignored output), with `node_modules` and `.cache`
 * (the OpenSearch node's files) linked to this checkout's, and `web/dist` copied when it exists.
 * Modification times are kept, so the web build is rebuilt there only if it is stale here.
 * `npm start` derives its data folder from where its scripts live, so only a checkout of its own
 * keeps a test's demo data out of this checkout's `.data/` (and out of a running stack's way).
 */
export function freshCheckout(): string {
  assertInstallCurrent();
  const copy = mkdtempSync(join(tmpdir(), 'mercado-readme-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  const folders = new Set<string>();
  for (const file of files) {
    const from = join(ROOT, file);
    // Tracked but deleted in the working tree; node_modules and .cache are links (below).
    if (!existsSync(from) || file === 'node_modules' || file === '.cache') continue;
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(from, join(copy, file), { preserveTimestamps: true, verbatimSymlinks: true });
    for (let folder = dirname(file); folder !== '.'; folder = dirname(folder)) folders.add(folder);
  }
  const dist = join(ROOT, 'web', 'dist');
  if (existsSync(dist))
    cpSync(dist, join(copy, 'web', 'dist'), { recursive: true, preserveTimestamps: true });
  // Folders too (the web build's staleness check reads theirs), deepest first: a folder's time
  // changes when something is written into it.
  for (const folder of [...folders].sort((a, b) => b.length - a.length)) {
    const { atime, mtime } = statSync(join(ROOT, folder));
    utimesSync(join(copy, folder), atime, mtime);
  }
  symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(copy, 'node_modules'));
  mkdirSync(join(ROOT, '.cache'), { recursive: true });
  symlinkSync(realpathSync(join(ROOT, '.cache')), join(copy, '.cache'));
  return copy;
}

/**
 * `npm start` first runs scripts/ensure.mjs, which reinstalls when node_modules does not match the
 * lock: through the link that would be `npm ci` on this checkout's node_modules. Refuse instead.
 */
function assertInstallCurrent(): void {
  const stamp = join(ROOT, 'node_modules', '.install-stamp');
  const lock = createHash('sha256')
    .update(readFileSync(join(ROOT, 'package-lock.json')))
    .digest('hex');
  const installed = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
  if (installed !== lock) {
    throw new Error(
      'node_modules does not match package-lock.json (node_modules/.install-stamp): run `node scripts/ensure.mjs` first, ' +
        'so that the README commands run against a current install.',
    );
  }
}
