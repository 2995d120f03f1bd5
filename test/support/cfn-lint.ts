import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The CloudFormation linter (cfn-lint from PyPI), installed by `node scripts/ensure.mjs --cfn-lint`
 * into .venv/ from scripts/python/requirements.txt (docs/decisions/045-cloudformation-linter.md).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const VENV = join(root, '.venv');
const REQUIREMENTS = join(root, 'scripts', 'python', 'requirements.txt');
const CFN_LINT = join(VENV, 'bin', 'cfn-lint');

/** One finding of cfn-lint's `--format json`. */
interface Match {
  Filename: string;
  Level: 'Error' | 'Warning' | 'Informational';
  Message: string;
  Rule: { Id: string };
  Location: { Path: (string | number)[] };
}

/** Fails with the command to run when the environment is missing or built from other pins. */
function assertInstalled(): void {
  const wanted = createHash('sha256').update(readFileSync(REQUIREMENTS)).digest('hex');
  const stamp = join(VENV, '.requirements-stamp');
  const installed = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
  if (installed !== wanted || !existsSync(CFN_LINT)) {
    throw new Error(
      'cfn-lint is not installed at the pinned version: run `node scripts/ensure.mjs --cfn-lint` (npm test does).',
    );
  }
}

export interface CfnLintRun {
  /**
   * Every finding as `<template> <rule> <level> <path>: <message>`, e.g.
   * `prod W3005 Warning Resources/Api/DependsOn/0: …`. Rejects when cfn-lint cannot run.
   */
  readonly findings: Promise<string[]>;
  /** Ends the run if it is still going (a test file that finished without awaiting it). */
  stop(): void;
}

/**
 * Starts one cfn-lint run over CloudFormation templates in the background (a process of its own,
 * so it takes the other core while the tests go on; its start-up is paid once for all templates).
 * Acknowledgements are the templates' own `Metadata.cfn-lint.config.ignore_checks` on a resource
 * (infra/cfn-lint.ts): cfn-lint drops those findings itself.
 */
export function startCfnLint(templates: Record<string, unknown>, regions: readonly string[]): CfnLintRun {
  let stop = () => {};
  const findings = new Promise<string[]>((resolve, reject) => {
    assertInstalled();
    const dir = mkdtempSync(join(tmpdir(), 'cfn-lint-'));
    const files = Object.entries(templates).map(([name, template]) => {
      const file = join(dir, `${name}.json`);
      writeFileSync(file, JSON.stringify(template));
      return file;
    });
    const child = spawn(CFN_LINT, ['--format', 'json', '--regions', ...regions, '--', ...files], {
      // Its own folder and home: no .cfnlintrc of the developer's changes what is checked.
      cwd: dir,
      env: { ...process.env, HOME: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    stop = () => child.kill();
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (err) => {
      rmSync(dir, { recursive: true, force: true });
      reject(err);
    });
    child.on('close', (status) => {
      rmSync(dir, { recursive: true, force: true });
      // Exit status is a bit mask of the levels found (2 error, 4 warning, 8 informational); 1 is a crash.
      if (status === 1 || status === null || !stdout.trim().startsWith('[')) {
        reject(new Error(`cfn-lint failed (status ${status}): ${stderr || stdout}`));
        return;
      }
      const nameOf = (file: string) => file.slice(dir.length + 1).replace(/\.json$/, '');
      resolve(
        (JSON.parse(stdout) as Match[]).map(
          (m) => `${nameOf(m.Filename)} ${m.Rule.Id} ${m.Level} ${m.Location.Path.join('/')}: ${m.Message}`,
        ),
      );
    });
  });
  // A run nobody awaits (its test filtered out) must not fail the file as an unhandled rejection.
  findings.catch(() => {});
  return { findings, stop: () => stop() };
}
