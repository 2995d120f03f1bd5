/**
 * What `SEARCH_ENGINE=opensearch npm start` costs beside the default embedded engine (issue 26;
 * docs/decisions/044): the local stack's start, from nothing running to ready (health answering,
 * the index rebuilt from the table), and the memory of everything it started (the RSS of the whole
 * process tree: Node, DynamoDB Local, cognito-local, the OpenSearch node), a few seconds after ready.
 * The demo data is seeded once into a data folder; each round then starts each engine on a fresh
 * copy of it (a restart, as a developer meets it), engines taking turns so the machine's noise hits
 * both alike. Free ports, temporary folders: it never touches .data/ nor a running `npm start`.
 * Run: `npm run bench -- start` (BENCH_START_ROUNDS, default 3). Linux only (reads /proc).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from '../local/web-build';
import { SEARCH_ENGINES, type SearchEngine, startLocalStack } from '../local/stack';
import { percentile } from './stats';

const SELF = fileURLToPath(import.meta.url);
const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 3);
/** How long after ready the memory is read: the start's own peaks have passed by then. */
const SETTLE_MS = 5000;

/** The child: starts one stack on the given folder, says when it is ready, stops on SIGTERM. */
async function child(engine: SearchEngine, dataDir: string, seed: boolean) {
  const started = performance.now();
  const stack = await startLocalStack({ dataDir, seed, port: 0, quiet: true, searchEngine: engine });
  process.stdout.write(`READY ${performance.now() - started}\n`);
  process.once('SIGTERM', () => void stack.stop().then(() => process.exit(0)));
}

/** Resident memory of a process and all its descendants, in MB (from /proc). */
function treeRssMb(root: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const pid = Number(name);
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      rss.set(pid, Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0));
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      // The process ended while being read.
    }
  }
  let kb = 0;
  const walk = (pid: number) => {
    kb += rss.get(pid) ?? 0;
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(root);
  return kb / 1024;
}

function startChild(engine: SearchEngine, dataDir: string, seed: boolean) {
  const proc = spawn(process.execPath, ['--import', 'tsx', SELF, '--child', engine, dataDir, seed ? 'seed' : ''], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  const ready = new Promise<number>((resolve, reject) => {
    let out = '';
    proc.stdout?.on('data', (chunk) => {
      out += chunk;
      const m = /READY ([\d.]+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    proc.once('exit', (code) => reject(new Error(`the ${engine} stack exited (${code}) before ready`)));
  });
  return { proc, ready };
}

async function stop(proc: ChildProcess) {
  const exited = new Promise((done) => proc.once('exit', done));
  proc.kill('SIGTERM');
  await Promise.race([exited, new Promise((done) => setTimeout(done, 20_000))]);
  if (proc.exitCode === null) proc.kill('SIGKILL');
}

export async function localStartFigures(line: (label: string, value: string) => void) {
  await buildWebIfStale();
  const seeded = mkdtempSync(join(tmpdir(), 'bench-start-seeded-'));
  const folders: string[] = [seeded];
  try {
    const first = startChild('embedded', seeded, true);
    await first.ready;
    await stop(first.proc);
    const figures = new Map<SearchEngine, { ms: number[]; mb: number[] }>(
      SEARCH_ENGINES.map((e) => [e, { ms: [], mb: [] }]),
    );
    for (let round = 0; round < ROUNDS; round++) {
      for (const engine of round % 2 === 0 ? SEARCH_ENGINES : [...SEARCH_ENGINES].reverse()) {
        const dir = mkdtempSync(join(tmpdir(), `bench-start-${engine}-`));
        folders.push(dir);
        cpSync(seeded, dir, { recursive: true });
        const run = startChild(engine, dir, false);
        const ms = await run.ready;
        await new Promise((done) => setTimeout(done, SETTLE_MS));
        const mb = treeRssMb(run.proc.pid ?? 0);
        await stop(run.proc);
        figures.get(engine)?.ms.push(ms);
        figures.get(engine)?.mb.push(mb);
      }
    }
    const median = (xs: number[]) => percentile(xs, 50);
    const e = figures.get('embedded')!;
    const o = figures.get('opensearch')!;
    line(
      `Local stack start to ready, embedded / OpenSearch (p50 of ${ROUNDS})`,
      `${(median(e.ms) / 1000).toFixed(1)} / ${(median(o.ms) / 1000).toFixed(1)} s (${(median(o.ms) / median(e.ms)).toFixed(2)}×)`,
    );
    line(
      'Its memory (RSS of the process tree), embedded / OpenSearch',
      `${median(e.mb).toFixed(0)} / ${median(o.mb).toFixed(0)} MB (+${(median(o.mb) - median(e.mb)).toFixed(0)} MB)`,
    );
  } finally {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  void child(process.argv[3] as SearchEngine, process.argv[4], process.argv[5] === 'seed');
}
