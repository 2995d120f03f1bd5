import { watchJava } from './java-process';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import {
  ensureOpenSearchArtifacts,
  LAUNCHER_CLASS,
  OPENSEARCH_JVM_OPTIONS,
} from './opensearch/artifacts.mjs';

/**
 * A real single-node OpenSearch 2.19 on 127.0.0.1 (docs/decisions/044-a-real-opensearch-node.md):
 * the tests' engine, and the local stack's with SEARCH_ENGINE=opensearch. Its Java classes come from
 * Maven Central on first use (./opensearch/artifacts.mjs); the launcher (./opensearch/OpenSearchLoopback.java)
 * starts the server with the modules production uses (HTTP, analysis-common, mapper-extras, the
 * percolator). No security plugin: requests are unsigned (the adapters' `unsigned` option).
 */
export interface OpenSearchLocal {
  endpoint: string;
  version: string;
  pid: number;
  /** From spawning Java to the cluster's health answering yellow. */
  readyInMs: number;
  heapMb: number;
  /** Whether the JVM mapped the warm-up's class-data archive (artifacts.mjs) or loaded every class. */
  classData: 'archive' | 'loaded one by one';
  /** SIGSTOP: the node holds every connection and answers nothing (a hung engine). */
  pause(): void;
  /** SIGCONT: it answers again, the held requests first. */
  resume(): void;
  stop(): Promise<void>;
}

/** The suite asks at most ~60 MB of it (the integration teardown prints the peak); 256 MB leaves room. */
export const OPENSEARCH_HEAP_MB = 256;
/** A start on a loaded machine without the class-data archive took 35 s. */
const READY_TIMEOUT_MS = 180_000;
const OUTPUT_KEPT = 16 * 1024;

export async function startOpenSearchLocal(opts: {
  port: number;
  /** The node's home (data under it), kept on stop. @default a temporary folder, removed on stop */
  home?: string;
  heapMb?: number;
  log?: (message: string) => void;
}): Promise<OpenSearchLocal> {
  const artifacts = ensureOpenSearchArtifacts({ log: opts.log });
  const ownHome = opts.home === undefined;
  const home = opts.home ? resolve(opts.home) : mkdtempSync(join(tmpdir(), 'mercado-opensearch-'));
  mkdirSync(home, { recursive: true });
  const heapMb = opts.heapMb ?? OPENSEARCH_HEAP_MB;
  const args = [
    '-Xms128m',
    `-Xmx${heapMb}m`,
    ...OPENSEARCH_JVM_OPTIONS,
    ...(artifacts.archive ? [`-XX:SharedArchiveFile=${artifacts.archive}`] : []),
    '-cp',
    artifacts.classPath.join(delimiter),
    LAUNCHER_CLASS,
    home,
    String(opts.port),
    '--owned',
  ];
  const started = Date.now();
  // stdin stays open and unwritten: when this process is gone it closes, and the node stops.
  const child: ChildProcess = spawn('java', args, { cwd: home, stdio: ['pipe', 'pipe', 'pipe'] });
  const java = watchJava(child, 'OpenSearch', OUTPUT_KEPT);
  const { exit, failed } = java;
  const cleanUp = () => {
    if (ownHome) rmSync(home, { recursive: true, force: true });
  };
  const endpoint = `http://127.0.0.1:${opts.port}`;
  const deadline = started + READY_TIMEOUT_MS;
  for (;;) {
    const outcome = await Promise.race([
      fetch(`${endpoint}/_cluster/health?wait_for_status=yellow&timeout=1s`, {
        signal: AbortSignal.timeout(3000),
      }).then(
        (res) => (res.status === 200 ? ('up' as const) : new Error(`health answered ${res.status}`)),
        (err: Error) => err,
      ),
      exit.then((why) => ({ exited: why })),
    ]);
    if (outcome === 'up') break;
    if ('exited' in outcome) {
      // Java's last words may still be in the pipe.
      await new Promise((r) => setTimeout(r, 50));
      cleanUp();
      throw failed(outcome.exited);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exit;
      cleanUp();
      throw failed(
        `no healthy answer on ${endpoint} within ${READY_TIMEOUT_MS / 1000} s: ${outcome.message}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const readyInMs = Date.now() - started;
  // An archive this JVM cannot use (another Java build) says so, and is dropped: the next
  // ensureOpenSearchArtifacts writes a new one.
  if (artifacts.archive && /\[cds\]|shared archive/i.test(java.output()))
    rmSync(artifacts.archive, { force: true });
  // Started: from now on the output is only drained.
  java.drain();
  return {
    endpoint,
    version: artifacts.version,
    pid: child.pid ?? 0,
    readyInMs,
    heapMb,
    classData: artifacts.archive ? 'archive' : 'loaded one by one',
    pause: () => {
      if (!java.exited()) child.kill('SIGSTOP');
    },
    resume: () => {
      if (!java.exited()) child.kill('SIGCONT');
    },
    stop: async () => {
      if (!java.exited()) {
        // A paused JVM would hold the TERM signal until it runs again.
        child.kill('SIGCONT');
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exit;
        clearTimeout(timer);
      }
      cleanUp();
    },
  };
}
