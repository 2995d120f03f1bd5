import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../scripts/local/demo-users';
import { README, README_COMMANDS, ROOT, readmeCommands, shownCommands } from '../support/readme-commands';

/**
 * README.md is the newcomer's guide: every command it shows runs in CI as written (the `serves`
 * ones in test/e2e/readme-start.test.ts), its demo accounts are the local stack's, and its links
 * and the operator pages' links lead somewhere.
 */
const readme = readFileSync(README, 'utf8');

describe('README commands', () => {
  it('shows only commands CI runs as written, and every command listed for it', () => {
    expect(readmeCommands().sort()).toEqual(Object.keys(README_COMMANDS).sort());
  });

  it('finds commands in shell fences and inline code, not in pictures or prose', () => {
    const text = [
      'Run `npm run bench -- web` or `PORT=4000 npm start`; `HOST=0.0.0.0` and `#shared/x` are not commands.',
      '```',
      'npm start  (a picture)',
      '```',
      '```sh',
      '$ npx cdk deploy \\',
      '    -c stage=dev   # a comment',
      '# only a comment',
      '```',
    ].join('\n');
    expect(shownCommands(text)).toEqual([
      'npm run bench -- web',
      'PORT=4000 npm start',
      'npx cdk deploy -c stage=dev',
    ]);
  });

  it('`npm test` is exactly what CI runs (.ci/run)', () => {
    const [ci] = Object.entries(README_COMMANDS).filter(([, kind]) => kind === 'ci');
    const run = readFileSync(join(ROOT, '.ci', 'run'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#') && !/^(set|cd)\s/.test(line));
    expect(run).toEqual([ci[0]]);
    expect(ci[0]).toBe('npm test');
  });

  const offline = Object.entries(README_COMMANDS).filter(([, kind]) => kind === 'exits-0');
  for (const [command] of offline) {
    it(`\`${command}\` exits 0 as written`, () => {
      const run = spawnSync('sh', ['-c', command], { cwd: ROOT, encoding: 'utf8', timeout: 600_000 });
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    }, 600_000);
  }
});

describe('README demo accounts', () => {
  it('are the accounts the local stack creates, each with its password on its row', () => {
    const rows = readme.split('\n').filter((line) => line.startsWith('| `') && line.includes('@'));
    const shown = rows.map((row) => row.match(/`([^`]+@[^`]+)`\s*\|\s*`([^`]+)`/)?.slice(1));
    expect(shown).toEqual(expect.arrayContaining(DEMO_USERS.map((u) => [u.email, u.password])));
    expect(shown).toHaveLength(DEMO_USERS.length);
  });
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

describe('links', () => {
  const pages = [
    README,
    join(ROOT, 'SECURITY.md'),
    ...readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => join(ROOT, 'docs', f)),
  ];
  it.each(pages.map((page) => [page.slice(ROOT.length + 1), page]))(
    'every relative link in %s leads to a file, and to a heading when it names one',
    (_name, page) => {
      const text = readFileSync(page, 'utf8').replace(/```[\s\S]*?```/g, '');
      const broken: string[] = [];
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [path, hash] = target.split('#');
        const file = path ? resolve(dirname(page), path) : page;
        if (!existsSync(file)) {
          broken.push(target);
          continue;
        }
        if (hash && file.endsWith('.md')) {
          const headings = readFileSync(file, 'utf8')
            .split('\n')
            .filter((line) => /^#{1,6} /.test(line))
            .map((line) => anchor(line.replace(/^#+ /, '').trim()));
          if (!headings.includes(hash)) broken.push(target);
        }
      }
      expect(broken).toEqual([]);
    },
  );
});
