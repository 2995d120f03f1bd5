/**
 * `LIGHTHOUSE_BASE=<git rev> npm run bench -- lighthouse-ab`: the same Lighthouse runs as
 * `npm run bench -- lighthouse`, side by side for the working tree's build and the build of an
 * earlier commit: two local stacks with the same demo data, pages and builds interleaved run by run
 * (the order of the builds alternating), so that a noisy moment of the shared machine hits both
 * alike. Prints, per page, both builds' medians (performance / LCP / TBT) and each run's TBT, and
 * the TBT on thread time (./main-thread-time.ts: the page's own work, much less the load's).
 * The base is built in a temporary git worktree (this checkout's node_modules linked in) and
 * removed afterwards. LIGHTHOUSE_RUNS (default 5) and LIGHTHOUSE_PAGES as for the lighthouse part.
 * The floor page (scripts/bench/floor, built from the working tree) is measured once in every round,
 * and each row also prints its LCP and TBT as a ratio to the floor's of the same run.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { LocalStack } from '../local/stack';
import { startLocalStack } from '../local/stack';
import { buildWeb, buildWebIfStale } from '../local/web-build';
import { FLOOR_LABEL } from './floor/serve';
import {
  auditWithRetry,
  floorOrigin,
  floorRatios,
  type Page,
  pages,
  type RunFigures,
  THROTTLING,
} from './lighthouse';
import { median } from './stats';

const ROOT = resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

/**
 * The web app of `rev`, built in a worktree of its own: the folder its dist was copied to, and its
 * server render's module when that commit has one (before issue 27 it served the static shell only).
 */
async function buildBase(rev: string): Promise<{ dist: string; renderModule: string | null }> {
  const work = mkdtempSync(join(tmpdir(), 'mercado-ab-'));
  const tree = join(work, 'tree');
  const dist = join(work, 'dist');
  const ssr = join(work, 'dist-ssr');
  execFileSync('git', ['worktree', 'add', '--detach', tree, rev], { cwd: ROOT, stdio: 'ignore' });
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
    await buildWeb({ root: tree });
    cpSync(join(tree, 'web', 'dist'), dist, { recursive: true });
    if (existsSync(join(tree, 'web', 'dist-ssr')))
      cpSync(join(tree, 'web', 'dist-ssr'), ssr, { recursive: true });
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: ROOT, stdio: 'ignore' });
  }
  return { dist, renderModule: existsSync(join(ssr, 'render.mjs')) ? join(ssr, 'render.mjs') : null };
}

export async function lighthouseAb(): Promise<void> {
  const rev = process.env.LIGHTHOUSE_BASE;
  if (!rev) throw new Error('Set LIGHTHOUSE_BASE to the commit to compare the working tree with');
  const sha = execFileSync('git', ['rev-parse', '--short', rev], { cwd: ROOT, encoding: 'utf8' }).trim();
  const base = await buildBase(rev);
  await buildWebIfStale({ quiet: true });
  const builds: { name: string; stack: LocalStack }[] = [];
  let floor: { url: string; close(): Promise<void> } | undefined;
  try {
    builds.push({
      name: sha,
      // Each build as it was served, behind the edge's copies (CloudFront keeps the rendered pages).
      stack: await startLocalStack({
        port: 0,
        seed: true,
        quiet: true,
        webDir: base.dist,
        renderModule: base.renderModule,
        edgeCache: true,
      }),
    });
    builds.push({
      name: 'working tree',
      stack: await startLocalStack({ port: 0, seed: true, quiet: true, edgeCache: true }),
    });
    const lists = await Promise.all(builds.map((b) => pages(b.stack.url)));
    floor = await floorOrigin(builds[1].stack);
    // One warm-up load each, so no measured page pays for the handlers' first import.
    for (const b of builds) await auditWithRetry(`${b.stack.url}/`);
    await auditWithRetry(floor.url);
    const results = new Map<string, RunFigures[]>();
    const floorRuns: RunFigures[] = [];
    for (let run = 0; run < RUNS; run++) {
      floorRuns.push(await auditWithRetry(floor.url));
      for (let i = 0; i < lists[0].length; i++)
        for (const which of run % 2 === 0 ? [0, 1] : [1, 0]) {
          const [label, path, chosen]: Page = lists[which][i];
          const key = `${label}\t${builds[which].name}`;
          if (!results.has(key)) results.set(key, []);
          results.get(key)!.push(await auditWithRetry(`${builds[which].stack.url}${path}`, chosen));
        }
    }
    console.log(
      `\nLighthouse side by side, ${RUNS} runs per page and build, medians (perf / LCP / TBT; ${THROTTLING}):`,
    );
    for (const [key, runs] of results) {
      const [label, name] = key.split('\t');
      const perf = median(runs.map((r) => r.performance));
      const lcp = median(runs.map((r) => r.lcpMs)) / 1000;
      const tbt = median(runs.map((r) => r.tbtMs));
      const threadTbt = median(runs.map((r) => r.threadTbtMs));
      console.log(
        `${label.padEnd(38)} ${name.padEnd(13)} ${perf} / ${lcp.toFixed(2)} s / ${Math.round(tbt)} ms   (TBT runs ${runs.map((r) => Math.round(r.tbtMs)).join(', ')}; on thread time ${Math.round(threadTbt)} ms, runs ${runs.map((r) => Math.round(r.threadTbtMs)).join(', ')})   ${floorRatios(runs, floorRuns)}`,
      );
    }
    console.log(
      `${FLOOR_LABEL}: ${median(floorRuns.map((r) => r.performance))} / ${(median(floorRuns.map((r) => r.lcpMs)) / 1000).toFixed(2)} s / ${Math.round(median(floorRuns.map((r) => r.tbtMs)))} ms   (TBT runs ${floorRuns.map((r) => Math.round(r.tbtMs)).join(', ')}; on thread time ${Math.round(median(floorRuns.map((r) => r.threadTbtMs)))} ms)`,
    );
  } finally {
    await floor?.close();
    for (const b of builds) await b.stack.stop();
    rmSync(resolve(base.dist, '..'), { recursive: true, force: true });
  }
}
