#!/usr/bin/env node
// `npm test` (after scripts/ensure.mjs): every check in order, stopping at the first failure.
// The very last line is always `tests: N passed, M failed` — CI reads that plain line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const env = {
  ...process.env,
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
  CI: process.env.CI ?? '1',
};
const reports = mkdtempSync(join(tmpdir(), 'mercado-test-'));
const totals = { passed: 0, failed: 0 };
const timings = [];
// CI keeps only the output's tail: the failed tests and their first error lines are repeated there.
const failures = [];

function finish(code) {
  rmSync(reports, { recursive: true, force: true });
  process.stdout.write('\n');
  for (const f of failures.slice(0, 12)) process.stdout.write(`  ✗ ${f}\n`);
  if (failures.length > 12) process.stdout.write(`  … and ${failures.length - 12} more\n`);
  for (const t of timings) process.stdout.write(`  ${t}\n`);
  if (code === 0 && totals.passed === 0) {
    process.stdout.write('No test ran: the suite must not be empty.\n');
    code = 1;
  }
  process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed\n`);
  process.exit(code);
}

function step(title, cmd, args) {
  process.stdout.write(`\n━━ ${title}\n`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const code = r.error ? 1 : (r.status ?? 1);
  timings.push(`${code === 0 ? 'ok  ' : 'FAIL'} ${title} (${seconds} s)`);
  if (r.error) process.stderr.write(`${r.error.message}\n`);
  return code;
}

/** An error's first three lines, without colours, short enough for a line of the summary. */
function firstLines(message = '') {
  const plain = stripVTControlCharacters(String(message));
  const lines = plain
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 2)
    .join(' ⏎ ');
  return lines.length > 400 ? `${lines.slice(0, 400)}…` : lines;
}

function vitestProject(project) {
  const output = join(reports, `${project}.json`);
  const code = step(`vitest: ${project}`, bin('vitest'), [
    'run',
    '--project',
    project,
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ]);
  let passed = 0;
  let failed = 0;
  if (existsSync(output)) {
    const report = JSON.parse(readFileSync(output, 'utf8'));
    passed = Number(report.numPassedTests ?? 0);
    failed = Number(report.numFailedTests ?? 0);
    for (const file of report.testResults ?? []) {
      const where = relative(root, file.name ?? '');
      if (file.status === 'failed' && file.message) failures.push(`${where}: ${firstLines(file.message)}`);
      for (const t of file.assertionResults ?? [])
        if (t.status === 'failed')
          failures.push(`${where} › ${t.title}: ${firstLines(t.failureMessages?.[0])}`);
    }
  }
  // A failure outside any test (setup, a file that does not load) still counts as one failure.
  if (code !== 0 && failed === 0) failed = 1;
  totals.passed += passed;
  totals.failed += failed;
  return code;
}

const steps = [
  () => step('type check (tsc --noEmit)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']),
  () => step('lint (biome lint .)', bin('biome'), ['lint', '.']),
  () => vitestProject('unit'),
  () => vitestProject('integration'),
  () => vitestProject('infra'),
  // The whole web build (client, server render, static shells), as `npm run build:web` makes it.
  () => step('web build (npm run build:web)', bin('tsx'), ['scripts/local/web-build.ts']),
  () => vitestProject('e2e'),
];

for (const run of steps) {
  const code = run();
  if (code !== 0) finish(code);
}
finish(0);
