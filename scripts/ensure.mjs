#!/usr/bin/env node
// Makes a fresh clone runnable before anything is installed: plain Node, no dependencies.
// `npm start` / `npm test` call it first. A fast no-op when everything is present.
//
//   node scripts/ensure.mjs               dependencies + Java check
//   node scripts/ensure.mjs --browser     also Chromium (/usr/bin/chromium, or CHROME_PATH) for the
//                                         e2e tests, installed with apt-get when missing
//   node scripts/ensure.mjs --cfn-lint    also cfn-lint in .venv/ for the infra tests (decision 045)
//   node scripts/ensure.mjs --opensearch  also the OpenSearch node's artifacts (Maven Central, first
//                                         use only), for the tests; SEARCH_ENGINE=opensearch too
//   node scripts/ensure.mjs --quiet-install  fail when the install prints an `npm warn` line about
//                                         the dependencies (`npm test`; decision 049). Without it
//                                         (`npm start`) the lines are shown and the start goes on.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureOpenSearchArtifacts, OpenSearchArtifactsError } from './local/parts/opensearch/artifacts.mjs';
import { dependencyWarnings, warningsMessage } from './npm-warnings.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wantBrowser = process.argv.includes('--browser');
const wantCfnLint = process.argv.includes('--cfn-lint');
const quietInstall = process.argv.includes('--quiet-install');
// The integration tests run against a real OpenSearch node, as `npm start` does when asked to.
const wantOpenSearch = process.argv.includes('--opensearch') || process.env.SEARCH_ENGINE === 'opensearch';
// CHROME_PATH: the name chrome-launcher and the benches read too (test/support/browser.ts).
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// Written after a successful install: the lock file's hash at that time.
const STAMP = join(root, 'node_modules', '.install-stamp');
// The project's Python tools (cfn-lint): a virtualenv built from the hash-pinned requirements,
// stamped like node_modules. test/support/cfn-lint.ts reads the same stamp.
const PYTHON_REQUIREMENTS = join(root, 'scripts', 'python', 'requirements.txt');
const VENV = join(root, '.venv');
const VENV_STAMP = join(VENV, '.requirements-stamp');
// networkx, which cfn-lint needs, supports Python 3.11 and newer.
const PYTHON_MIN = [3, 11];

const problems = [];

function log(message) {
  process.stdout.write(`[ensure] ${message}\n`);
}

/**
 * Runs a command to its end; throws when it fails. `quiet`: its output is kept back and shown only
 * when it fails (apt's hundreds of lines for Chromium: a first `npm test` stays a few lines long).
 */
function run(cmd, args, { quiet = false, env = process.env } = {}) {
  const r = quiet
    ? spawnSync(cmd, args, { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    : spawnSync(cmd, args, { cwd: root, env, stdio: 'inherit' });
  if (r.error) throw r.error;
  if (r.status !== 0) {
    if (quiet) {
      process.stdout.write(r.stdout ?? '');
      process.stderr.write(r.stderr ?? '');
    }
    throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status}`);
  }
}

/**
 * Runs npm with its output captured (to read its warnings) and a progress line instead: elapsed
 * seconds rewritten in place on a terminal, a line every 30 s elsewhere (CI). Resolves with the
 * output; on a non-zero exit prints it whole and rejects.
 */
function runNpm(args, label) {
  const started = Date.now();
  const tty = process.stdout.isTTY;
  const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;
  if (tty) process.stdout.write(`[ensure] ${label}…`);
  else log(`${label}…`);
  const timer = setInterval(
    () =>
      tty ? process.stdout.write(`\r\x1b[K[ensure] ${label}… ${elapsed()}`) : log(`${label}… ${elapsed()}`),
    tty ? 1000 : 30_000,
  );
  return new Promise((done, fail) => {
    // No colours and no spinner: the output is read, not shown (a failure shows it).
    const child = spawn('npm', [...args, '--color=false', '--progress=false'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', (err) => {
      clearInterval(timer);
      fail(err);
    });
    child.once('close', (code) => {
      clearInterval(timer);
      if (tty) process.stdout.write('\r\x1b[K');
      if (code === 0) {
        const added = /added (\d+) packages?/.exec(output)?.[1];
        log(`${label}: done in ${elapsed()}${added ? ` (${added} packages)` : ''}`);
        done(output);
      } else {
        process.stderr.write(output);
        fail(new Error(`npm ${args.join(' ')} exited with ${code}`));
      }
    });
  });
}

async function ensureDependencies() {
  const lock = join(root, 'package-lock.json');
  const hasLock = existsSync(lock);
  const wanted = hasLock
    ? createHash('sha256').update(readFileSync(lock)).digest('hex')
    : createHash('sha256')
        .update(readFileSync(join(root, 'package.json')))
        .digest('hex');
  const modules = join(root, 'node_modules');
  const installed = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
  if (existsSync(modules) && installed === wanted) return;
  // A tree installed by hand (no stamp yet): npm writes node_modules/.package-lock.json on every
  // install, so if it is newer than the lock the tree matches it; adopt it instead of reinstalling.
  const hidden = join(modules, '.package-lock.json');
  if (!installed && hasLock && existsSync(hidden) && statSync(hidden).mtimeMs >= statSync(lock).mtimeMs) {
    writeFileSync(STAMP, `${wanted}\n`);
    return;
  }
  // The lock holds every platform's optional packages, so `npm ci` accepts it anywhere
  // (test/unit/dependencies.test.ts keeps it so; docs/decisions/010-dependencies.md).
  const args = hasLock ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'];
  const command = `npm ${args[0]}`;
  const output = await runNpm(args, `installing dependencies (${command})`);
  const message = warningsMessage(dependencyWarnings(output), command);
  if (message && quietInstall) {
    // No stamp: the next run installs again and fails again until the cause is fixed.
    throw new Error(message);
  }
  if (message) process.stdout.write(`[ensure] ${message}\n`);
  writeFileSync(STAMP, `${wanted}\n`);
}

function ensureJava() {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    problems.push(
      'Java 17 or newer is required by DynamoDB Local and was not found. Install it, e.g. `sudo apt-get install -y openjdk-17-jre-headless`.',
    );
    return;
  }
  // `java -version` prints to stderr: openjdk version "17.0.15" / java version "1.8.0_392".
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${r.stderr}${r.stdout}`);
  const major = match ? (match[1] === '1' ? Number(match[2]) : Number(match[1])) : 0;
  if (major < 17) {
    problems.push(
      `Java 17 or newer is required by DynamoDB Local; found Java ${major || 'of unknown version'}. Install e.g. openjdk-17-jre-headless.`,
    );
  }
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasSudo = !isRoot && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!hasApt || (!isRoot && !hasSudo)) {
    problems.push(
      `Chromium is needed at ${CHROMIUM} for the end-to-end tests. Install it with \`sudo apt-get install -y chromium\` (Debian/Ubuntu).`,
    );
    return;
  }
  log('installing Chromium (apt-get install -y chromium)…');
  const started = Date.now();
  const prefix = isRoot ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => {
    const [cmd, ...rest] = [...prefix, 'apt-get', ...args];
    run(cmd, rest, { quiet: true, env });
  };
  apt(['update']);
  apt(['install', '-y', '--no-install-recommends', 'chromium']);
  if (!existsSync(CHROMIUM)) problems.push(`apt-get installed chromium but ${CHROMIUM} does not exist.`);
  else log(`Chromium installed in ${Math.round((Date.now() - started) / 1000)} s`);
}

function ensureCfnLint() {
  const wanted = createHash('sha256').update(readFileSync(PYTHON_REQUIREMENTS)).digest('hex');
  const installed = existsSync(VENV_STAMP) ? readFileSync(VENV_STAMP, 'utf8').trim() : '';
  if (installed === wanted && existsSync(join(VENV, 'bin', 'cfn-lint'))) return;
  const python = process.env.PYTHON ?? 'python3';
  // Prints the version; fails below the minimum or without venv/ensurepip (Debian's python3-venv).
  const check = spawnSync(
    python,
    [
      '-c',
      `import sys, venv, ensurepip; print(sys.version.split()[0]); sys.exit(sys.version_info < (${PYTHON_MIN}))`,
    ],
    { encoding: 'utf8' },
  );
  if (check.error || check.status !== 0) {
    const found = check.error ? 'was not found' : `is ${check.stdout.trim() || 'missing venv/ensurepip'}`;
    problems.push(
      `Python ${PYTHON_MIN.join('.')} or newer with venv is required for cfn-lint (the infra tests); \`${python}\` ${found}. Install it, e.g. \`sudo apt-get install -y python3 python3-venv\`, or name another with PYTHON=/path/to/python3.`,
    );
    return;
  }
  // A stale or half-made environment is rebuilt from scratch: nothing outside the pins lingers.
  log('installing cfn-lint into .venv (pinned in scripts/python/requirements.txt)…');
  rmSync(VENV, { recursive: true, force: true });
  run(python, ['-m', 'venv', VENV]);
  run(join(VENV, 'bin', 'python'), [
    '-m',
    'pip',
    'install',
    '--quiet',
    '--disable-pip-version-check',
    '--no-input',
    '--require-hashes',
    '--requirement',
    PYTHON_REQUIREMENTS,
  ]);
  writeFileSync(VENV_STAMP, `${wanted}\n`);
}

/** The node's jars, launcher and class-data archive: a no-op once they are in .cache/opensearch/. */
function ensureOpenSearch() {
  try {
    ensureOpenSearchArtifacts({ log });
  } catch (err) {
    if (!(err instanceof OpenSearchArtifactsError)) throw err;
    problems.push(err.message);
  }
}

try {
  await ensureDependencies();
  ensureJava();
  // Java is needed first (a problem with it is reported already).
  if (wantOpenSearch && problems.length === 0) ensureOpenSearch();
  if (wantBrowser) ensureChromium();
  if (wantCfnLint) ensureCfnLint();
} catch (err) {
  problems.push(err instanceof Error ? err.message : String(err));
}

if (problems.length > 0) {
  process.stderr.write(`\n[ensure] Cannot continue:\n${problems.map((p) => `  - ${p}`).join('\n')}\n\n`);
  process.exit(1);
}
