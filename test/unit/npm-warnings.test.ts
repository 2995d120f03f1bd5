// The install step of `npm test` fails when npm warns about the dependencies (decision 049):
// the check over captured npm output, and scripts/ensure.mjs run on a fresh copy with an `npm`
// that replays such output (and an `apt-get`, for its Chromium install).
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dependencyWarnings, warningKinds, warningsMessage } from '../../scripts/npm-warnings.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const fixture = (name: string) => readFileSync(join(ROOT, 'test', 'fixtures', 'npm', name), 'utf8');

/** `npm ci` on Node 20.20 / npm 11 before decision 049: React 18 peer ranges and Node ≥ 22 engines. */
const BEFORE = fixture('ci-before-decision-049.txt');
/** The same command after it. */
const QUIET = fixture('ci-quiet.txt');
const DEPRECATED = [
  'npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory. Do not use it.',
  'npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported',
  '',
  'added 12 packages in 3s',
].join('\n');
/** The machine's ~/.npmrc, not the project's choices. */
const MACHINE_CONFIG = [
  'npm warn Unknown user config "always-auth". This will stop working in the next major version of npm.',
  'npm warn config production Use `--omit=dev` instead.',
  'added 12 packages in 3s',
].join('\n');

describe('dependencyWarnings', () => {
  it('finds every warning of the install before decision 049, by kind (React 18 peer ranges, Node ≥ 22 engines)', () => {
    const lines = dependencyWarnings(BEFORE);
    expect(lines).toHaveLength(53);
    expect(Object.fromEntries(warningKinds(lines))).toEqual({ ERESOLVE: 38, EBADENGINE: 15 });
    const message = warningsMessage(lines) ?? '';
    expect(message).toContain('`npm ci` printed 53 `npm warn` line(s)');
    expect(message).toContain('ERESOLVE 38, EBADENGINE 15');
    expect(message).toContain('docs/decisions/049-a-quiet-install.md');
    expect(message).toContain('peer react@"^16.8.0 || ^17.0.0 || ^18.0.0" from @xstate/react@3.2.2');
    expect(message).toContain('… 33 more');
  });

  it('finds none in the install after it', () => {
    expect(QUIET).toMatch(/added \d+ packages/);
    expect(dependencyWarnings(QUIET)).toEqual([]);
    expect(warningsMessage(dependencyWarnings(QUIET))).toBeUndefined();
  });

  it("counts deprecations, in npm's upper-case and coloured forms too", () => {
    expect(dependencyWarnings(DEPRECATED)).toHaveLength(2);
    expect(Object.fromEntries(warningKinds(dependencyWarnings(DEPRECATED)))).toEqual({ deprecated: 2 });
    const older =
      '\u001b[33mnpm\u001b[39m \u001b[33mWARN\u001b[39m deprecated rimraf@3.0.2: Rimraf versions prior to v4 are no longer supported';
    expect(dependencyWarnings(older)).toEqual([
      'npm WARN deprecated rimraf@3.0.2: Rimraf versions prior to v4 are no longer supported',
    ]);
  });

  it("ignores warnings about the machine's npm configuration", () => {
    expect(dependencyWarnings(MACHINE_CONFIG)).toEqual([]);
  });
});

/**
 * scripts/ensure.mjs in a fresh copy of the project's skeleton (no node_modules), with an `npm`
 * first on PATH that prints the given output, makes node_modules and exits 0, as an install that
 * succeeded with warnings does.
 */
function ensureOnFreshClone(npmOutput: string, args: string[], apt?: { lines: number; status: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'ensure-'));
  dirs.push(dir);
  for (const file of [
    'scripts/ensure.mjs',
    'scripts/npm-warnings.mjs',
    'scripts/local/parts/opensearch/artifacts.mjs',
  ]) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    cpSync(join(ROOT, file), join(dir, file));
  }
  writeFileSync(join(dir, 'package.json'), '{"name":"fresh-clone","private":true}\n');
  writeFileSync(join(dir, 'package-lock.json'), '{"name":"fresh-clone","lockfileVersion":3,"packages":{}}\n');
  writeFileSync(join(dir, 'npm-output.txt'), npmOutput);
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(
    join(bin, 'npm'),
    `#!/bin/sh\necho "$@" > "${dir}/npm-args.txt"\nmkdir -p "${dir}/node_modules"\ncat "${dir}/npm-output.txt" >&2\nexit 0\n`,
  );
  chmodSync(join(bin, 'npm'), 0o755);
  // An apt-get as chatty as Debian's (a line per package) that installs "Chromium" at CHROME_PATH
  // when it succeeds, and a sudo that runs it (ensure.mjs uses sudo when it is not root).
  const chromium = join(dir, 'chromium');
  if (apt) {
    writeFileSync(
      join(bin, 'apt-get'),
      `#!/bin/sh\necho "$@" >> "${dir}/apt-args.txt"\ni=0\nwhile [ $i -lt ${apt.lines} ]; do echo "Unpacking libfoo$i (1.0) ..."; i=$((i+1)); done\n[ "$1" = install ] && [ ${apt.status} -eq 0 ] && touch "${chromium}"\n[ "$1" = install ] && exit ${apt.status}\nexit 0\n`,
    );
    writeFileSync(join(bin, 'sudo'), '#!/bin/sh\n[ "$1" = -n ] && shift\nexec "$@"\n');
    for (const tool of ['apt-get', 'sudo']) chmodSync(join(bin, tool), 0o755);
  }
  const run = spawnSync(process.execPath, [join(dir, 'scripts', 'ensure.mjs'), ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}`, CHROME_PATH: chromium },
    timeout: 30_000,
  });
  return {
    status: run.status,
    out: `${run.stdout}${run.stderr}`,
    npmArgs: readFileSync(join(dir, 'npm-args.txt'), 'utf8').trim(),
    aptArgs: existsSync(join(dir, 'apt-args.txt'))
      ? readFileSync(join(dir, 'apt-args.txt'), 'utf8').trim()
      : '',
    stamped: existsSync(join(dir, 'node_modules', '.install-stamp')),
    chromium: existsSync(chromium),
  };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('scripts/ensure.mjs on a fresh clone', () => {
  it('--quiet-install (npm test): fails when npm ci warns about the dependencies, says why, and stamps nothing', () => {
    const run = ensureOnFreshClone(BEFORE, ['--quiet-install']);
    expect(run.npmArgs).toMatch(/^ci\b/);
    expect(run.status).toBe(1);
    expect(run.out).toContain('Cannot continue');
    expect(run.out).toContain('`npm ci` printed 53 `npm warn` line(s)');
    expect(run.stamped).toBe(false);
  });

  it('--quiet-install: fails on a deprecation too', () => {
    const run = ensureOnFreshClone(DEPRECATED, ['--quiet-install']);
    expect(run.status).toBe(1);
    expect(run.out).toContain('deprecated 2');
  });

  it('--quiet-install: a quiet install passes, with its progress and no npm output', () => {
    const run = ensureOnFreshClone(QUIET, ['--quiet-install']);
    expect(run.status).toBe(0);
    expect(run.out).toMatch(/\[ensure\] installing dependencies \(npm ci\): done in \d+ s \(\d+ packages\)/);
    expect(run.out).not.toContain('npm warn');
    expect(run.stamped).toBe(true);
  });

  it("--quiet-install: passes when the only warnings are about the machine's npm configuration", () => {
    const run = ensureOnFreshClone(MACHINE_CONFIG, ['--quiet-install']);
    expect(run.status).toBe(0);
    expect(run.stamped).toBe(true);
  });

  it('without it (npm start): shows the warnings and goes on', () => {
    const run = ensureOnFreshClone(BEFORE, []);
    expect(run.status).toBe(0);
    expect(run.out).toContain('`npm ci` printed 53 `npm warn` line(s)');
    expect(run.stamped).toBe(true);
  });
});

describe('scripts/ensure.mjs --browser on a machine without Chromium', () => {
  it("installs it with apt-get and prints one line for apt's hundreds", () => {
    const run = ensureOnFreshClone(QUIET, ['--quiet-install', '--browser'], { lines: 400, status: 0 });
    expect(run.status).toBe(0);
    expect(run.aptArgs).toBe('--version\nupdate\ninstall -y --no-install-recommends chromium');
    expect(run.chromium).toBe(true);
    expect(run.out).toMatch(/\[ensure\] Chromium installed in \d+ s/);
    expect(run.out).not.toContain('Unpacking');
  });

  it('shows what apt printed when it fails, and fails', () => {
    const run = ensureOnFreshClone(QUIET, ['--quiet-install', '--browser'], { lines: 3, status: 100 });
    expect(run.status).not.toBe(0);
    expect(run.out).toContain('Unpacking libfoo2 (1.0) ...');
    expect(run.out).toContain('apt-get install -y --no-install-recommends chromium exited with 100');
    expect(run.chromium).toBe(false);
  });
});
