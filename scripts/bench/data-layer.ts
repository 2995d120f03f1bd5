import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm run bench -- data-layer`: the DynamoDB adapters' size and how many places speak to the SDK
 * (decision 056): lines, raw SDK commands built (`new …Command(`), files that build any, catch
 * blocks. With DATA_LAYER_BASE=<rev> the same figures of an earlier commit beside them (read from
 * git, nothing checked out). Counts are exact: one run is enough.
 */

const FOLDER = 'functions/adapters/dynamodb';

interface Figures {
  files: number;
  lines: number;
  commands: number;
  commandFiles: string[];
  catches: number;
}

function measure(sources: Map<string, string>): Figures {
  let lines = 0;
  let commands = 0;
  let catches = 0;
  const commandFiles: string[] = [];
  for (const [name, text] of sources) {
    lines += text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    const built = text.match(/new [A-Z][A-Za-z]*Command\(/g)?.length ?? 0;
    commands += built;
    if (built > 0) commandFiles.push(name);
    catches += text.match(/\bcatch\s*[({]/g)?.length ?? 0;
  }
  return { files: sources.size, lines, commands, commandFiles, catches };
}

const isSource = (name: string) => name.endsWith('.ts') && !name.endsWith('.test.ts');

function working(root: string): Map<string, string> {
  const dir = join(root, FOLDER);
  return new Map(
    readdirSync(dir)
      .filter(isSource)
      .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
  );
}

function atRevision(root: string, rev: string): Map<string, string> {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
  const names = git('ls-tree', '--name-only', `${rev}:${FOLDER}`).split('\n').filter(isSource);
  return new Map(names.map((f) => [f, git('show', `${rev}:${FOLDER}/${f}`)]));
}

export function dataLayerFigures(root = process.cwd()): void {
  const base = process.env.DATA_LAYER_BASE;
  const now = measure(working(root));
  const before = base ? measure(atRevision(root, base)) : null;
  const row = (label: string, value: (f: Figures) => number | string) =>
    console.log(`${label.padEnd(52)} ${before ? `${value(before)} → ` : ''}${value(now)}`);
  console.log(`DynamoDB adapters (${FOLDER}, no tests)${base ? `: ${base} → working tree` : ''}`);
  row('files', (f) => f.files);
  row('lines', (f) => f.lines);
  row('raw SDK commands built (new …Command)', (f) => f.commands);
  row('files building one', (f) => f.commandFiles.length);
  row('catch blocks', (f) => f.catches);
  console.log(`files building a command now: ${now.commandFiles.join(', ') || 'none'}`);
}
