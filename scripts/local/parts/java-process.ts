import type { ChildProcess } from 'node:child_process';

/**
 * A Java part's process as its start needs it (DynamoDB Local, the OpenSearch node): the tail of
 * what it printed, kept so that a failed start can say why; when it ended and why; the error to
 * throw when the start fails; and `drain()` once it started, after which its output is only read.
 */
export interface WatchedJava {
  /** The kept tail of its output. */
  output(): string;
  /** Settles with why the process ended ('exit 1', 'java was not found: …'). */
  exit: Promise<string>;
  exited(): boolean;
  /** The start's failure, with Java's own last words. */
  failed(why: string): Error;
  /** Started: stop keeping its output, keep draining the pipes. */
  drain(): void;
}

export function watchJava(child: ChildProcess, part: string, kept: number): WatchedJava {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-kept);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exit = new Promise<string>((done) => {
    child.once('error', (err: NodeJS.ErrnoException) => {
      exited = true;
      done(err.code === 'ENOENT' ? `java was not found: ${part} needs Java 17 or later` : err.message);
    });
    child.once('exit', (code, signal) => {
      exited = true;
      done(`exit ${signal ?? code}`);
    });
  });
  return {
    output: () => output,
    exit,
    exited: () => exited,
    failed: (why) => {
      const says = javaSays(output);
      return new Error(`${part} did not start (${why})${says ? `: ${says}` : ''}`);
    },
    drain: () => {
      for (const stream of [child.stdout, child.stderr]) {
        stream?.off('data', keep);
        stream?.resume();
      }
    },
  };
}

/** The gist of a Java failure: its exception lines, without stack frames or the JVM's notices. */
function javaSays(output: string): string {
  return output
    .split('\n')
    .map((line) => line.trim())
    .filter(
      (line) => line && !line.startsWith('at ') && !line.startsWith('... ') && !line.startsWith('Picked up'),
    )
    .slice(-6)
    .join(' | ');
}
