import type { Server } from 'node:http';
import { createRequire } from 'node:module';

export interface SesLocal {
  /** SES API endpoint (v1 and v2); GET / is the mailbox page, GET /store the messages as JSON. */
  endpoint: string;
  stop(): Promise<void>;
}

// CommonJS with `exports.default`: require() keeps the same shape in tsx and in vitest.
const require = createRequire(import.meta.url);

/** Starts aws-ses-v2-local in this process. Mail is kept in memory. */
export async function startSesLocal(opts: { port: number }): Promise<SesLocal> {
  const ses: typeof import('aws-ses-v2-local') = require('aws-ses-v2-local');
  const server: Server = await ses.default({ host: '127.0.0.1', port: opts.port });
  return {
    endpoint: `http://127.0.0.1:${opts.port}`,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
