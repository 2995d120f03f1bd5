import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USERS } from '../../scripts/local/demo-users';
import { LOCAL_PORTS } from '../../scripts/local/ports';
import { freshCheckout, README_COMMANDS } from '../support/readme-commands';

/**
 * The README's start commands, run as a newcomer runs them: the exact text, through a shell, in a
 * fresh checkout (its own `.data/`), with only the ports chosen by the test (`PORT` and the local
 * parts' variables, scripts/local/ports.ts: a developer's own `npm start` may hold the defaults). Each must serve the app
 * (`/api/health` 200, the page) with the banner the README describes, and Ctrl-C must stop every
 * process it started (Java included). The e2e project runs after `npm test`'s web build, so the
 * checkout reuses that build instead of making its own.
 */
const serving = Object.entries(README_COMMANDS)
  .filter(([, kind]) => kind === 'serves')
  .map(([command]) => command);
const START_TIMEOUT_MS = 360_000;
const STOP_TIMEOUT_MS = 60_000;

let checkout: string;

beforeAll(() => {
  checkout = freshCheckout();
});

afterAll(() => {
  if (checkout) rmSync(checkout, { recursive: true, force: true });
});

for (const command of serving) {
  it(
    `\`${command}\` as written serves the app with the README's banner, and Ctrl-C stops all it started`,
    async () => {
      const ports = await freePorts(4600, 4699, Object.keys(LOCAL_PORTS).length);
      const port = ports[0];
      const child = spawn('sh', ['-c', command], {
        cwd: checkout,
        env: newcomerEnvironment(ports),
        // Its own process group, as a terminal gives a command: Ctrl-C goes to the whole group.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr?.on('data', (chunk) => {
        output += chunk;
      });
      const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
      try {
        const base = `http://localhost:${port}`;
        const deadline = Date.now() + START_TIMEOUT_MS;
        await waitForHealth(base, child, () => output, deadline);
        // The origin answers while the demo data is still being seeded; the banner comes after it.
        await waitFor(
          () => output.includes(`➜  ${base}`),
          child,
          () => output,
          'the banner',
          deadline,
        );
        for (const user of DEMO_USERS) expect(output).toContain(`${user.email} / ${user.password}`);
        if (command.includes('SEARCH_ENGINE=opensearch'))
          expect(output).toMatch(/OpenSearch:\s+http:\/\/127\.0\.0\.1:\d+/);
        const page = await fetch(`${base}/`);
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toMatch(/^text\/html/);
        const health = await fetch(`${base}/api/health`);
        expect(await health.json()).toEqual({
          status: 'ok',
          parts: { table: 'ok', search: 'ok', auth: 'ok', mail: 'ok', images: 'ok' },
        });

        // Ctrl-C: SIGINT to the foreground process group.
        signalGroup(child, 'SIGINT');
        await Promise.race([exited, sleep(STOP_TIMEOUT_MS)]);
        expect(await groupGoneWithin(child, 10_000), `still running after Ctrl-C:\n${tail(output)}`).toBe(
          true,
        );
        await expect(fetch(`${base}/api/health`)).rejects.toThrow();
      } finally {
        signalGroup(child, 'SIGKILL');
      }
    },
    START_TIMEOUT_MS + STOP_TIMEOUT_MS + 30_000,
  );
}

/** What a newcomer's shell has: no test runner's variables, no AWS settings; the ports set by the test. */
function newcomerEnvironment(ports: number[]): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'USER', 'SHELL', 'LANG', 'LC_ALL', 'TMPDIR', 'JAVA_HOME', 'TERM'];
  const env: NodeJS.ProcessEnv = {};
  for (const name of keep) if (process.env[name] !== undefined) env[name] = process.env[name];
  Object.values(LOCAL_PORTS).forEach((spec, i) => {
    env[spec.variable] = String(ports[i]);
  });
  return env;
}

async function waitForHealth(
  base: string,
  child: ChildProcess,
  output: () => string,
  deadline: number,
): Promise<void> {
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`exited with ${child.exitCode} before serving:\n${tail(output())}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await sleep(500);
  }
  throw new Error(`${base}/api/health did not answer 200 (last: ${last}):\n${tail(output())}`);
}

async function waitFor(
  done: () => boolean,
  child: ChildProcess,
  output: () => string,
  what: string,
  deadline: number,
): Promise<void> {
  while (!done()) {
    if (child.exitCode !== null)
      throw new Error(`exited with ${child.exitCode} before ${what}:\n${tail(output())}`);
    if (Date.now() > deadline)
      throw new Error(`no ${what} within ${START_TIMEOUT_MS} ms:\n${tail(output())}`);
    await sleep(250);
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}

async function groupGoneWithin(child: ChildProcess, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if (child.pid) process.kill(-child.pid, 0);
    } catch {
      return true;
    }
    await sleep(200);
  }
  return false;
}

/** `count` free ports of a range kept away from the defaults (3000, 3101–3107) and the OS's ephemeral ports. */
async function freePorts(from: number, to: number, count: number): Promise<number[]> {
  const found: number[] = [];
  for (let port = from; port <= to && found.length < count; port++) {
    const free = await new Promise<boolean>((done) => {
      const server = createServer();
      server.once('error', () => done(false));
      server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
    });
    if (free) found.push(port);
  }
  if (found.length < count) throw new Error(`Not ${count} free ports in ${from}–${to}`);
  return found;
}

function tail(text: string): string {
  return text.split('\n').slice(-40).join('\n');
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}
