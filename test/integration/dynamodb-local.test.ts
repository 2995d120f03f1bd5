import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type DynamoDbLocal, startDynamoDbLocal } from '../../scripts/local/parts/dynamodb';
import { freePort } from '../../scripts/local/ports';

/**
 * DynamoDB Local's launcher (docs/decisions/015-local-origin-hardening.md): the Java it runs comes
 * from this checkout only, and a start that fails says why.
 */

const ROOT = realpathSync(fileURLToPath(new URL('../..', import.meta.url)));

/** The command lines of this process's `java` children (Linux: /proc). */
function javaChildren(): string[][] {
  const out: string[][] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      if (argv[0]?.endsWith('java')) out.push(argv);
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
}

describe('DynamoDB Local launcher', () => {
  it.skipIf(!existsSync('/proc/self/cmdline'))(
    'runs only code of this checkout: no class path entry in the shared temporary directory',
    async () => {
      let dynamo: DynamoDbLocal | undefined;
      try {
        dynamo = await startDynamoDbLocal({ port: await freePort() });
        const [argv, ...others] = javaChildren();
        expect(others).toEqual([]);
        expect(argv).toBeDefined();
        const cp = argv[argv.indexOf('-cp') + 1] ?? '';
        const entries = [...cp.split(':'), ...argv.filter((a) => a.endsWith('.java'))].filter(Boolean);
        expect(entries.length).toBeGreaterThan(0);
        const shared = realpathSync(tmpdir());
        for (const entry of entries) {
          // Any user of the machine may write in /tmp: a class found there could be anyone's. The
          // checkout itself may live under /tmp (CI clones there); only its own files count then.
          const path = resolve(entry.replace(/\*$/, ''));
          expect(path.startsWith(`${ROOT}${sep}`), path).toBe(true);
          if (!ROOT.startsWith(`${shared}${sep}`))
            expect(path.startsWith(`${shared}${sep}`), path).toBe(false);
        }
        const res = await fetch(`${dynamo.endpoint}/`, { method: 'POST' });
        expect(res.status).toBe(400);
      } finally {
        await dynamo?.stop();
      }
    },
  );

  it('says why when Java cannot start it (the port is taken)', async () => {
    const port = await freePort();
    // Takes the port and hangs up on every connection, as a stray process would.
    const squatter: Server = createServer((socket) => socket.destroy());
    await new Promise<void>((done) => squatter.listen(port, '127.0.0.1', () => done()));
    try {
      await expect(startDynamoDbLocal({ port })).rejects.toThrow(/Address already in use/);
      expect(javaChildren()).toEqual([]);
    } finally {
      await new Promise<void>((done) => squatter.close(() => done()));
    }
  });
});
