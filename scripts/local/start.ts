// `npm start` (built SPA) and `npm run dev` (Vite, hot reload): the whole marketplace on one origin.
// SEARCH_ENGINE=opensearch searches with a real OpenSearch node instead of the embedded engine
// (docs/decisions/044).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ADMIN, DEMO_SELLER, DEMO_STUDENT } from './demo-users';
import { DEMO_GOOGLE_USER } from './parts/hosted-ui';
import {
  type LocalStack,
  LocalStackStartError,
  SEARCH_ENGINES,
  type SearchEngine,
  startLocalStack,
} from './stack';
import { buildWebIfStale } from './web-build';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dev = process.argv.includes('--dev');

function searchEngine(): SearchEngine {
  const asked = process.env.SEARCH_ENGINE || 'embedded';
  if ((SEARCH_ENGINES as readonly string[]).includes(asked)) return asked as SearchEngine;
  throw new LocalStackStartError(
    `SEARCH_ENGINE must be one of ${SEARCH_ENGINES.join(', ')} (found '${asked}').`,
  );
}

async function main() {
  const started = Date.now();
  if (!dev) await buildWebIfStale();
  let stack: LocalStack | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n[local] ${signal}: stopping…\n`);
    await stack?.stop();
    process.exit(signal === 'crash' ? 1 : 0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A crash must not leave DynamoDB Local's Java process behind.
  process.on('uncaughtException', (err) => {
    console.error('[local] uncaught error:', err);
    void shutdown('crash').finally(() => process.exit(1));
  });
  process.on('unhandledRejection', (err) => {
    console.error('[local] unhandled rejection:', err);
  });

  stack = await startLocalStack({
    dataDir: join(ROOT, '.data'),
    seed: true,
    // The same ports at every start (scripts/local/ports.ts): signed-in users stay signed in.
    stablePorts: true,
    dev,
    searchEngine: searchEngine(),
  });
  if (stopping) return;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const line = '─'.repeat(64);
  process.stdout.write(
    [
      '',
      line,
      `  Mercado Universitario${dev ? ' (dev, hot reload)' : ''} — ready in ${seconds} s`,
      '',
      `  ➜  ${stack.url}`,
      '',
      `  Demo student:   ${DEMO_STUDENT.email} / ${DEMO_STUDENT.password}`,
      `  Demo admin:     ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
      `  Demo seller:    ${DEMO_SELLER.email} / ${DEMO_SELLER.password} (answers questions)`,
      `  Google:         'Continuar con Google' → ${DEMO_GOOGLE_USER.email}, through ${stack.hostedUiUrl}`,
      '                  (a local stand-in; the browser warns about its certificate once: proceed)',
      `  Mailbox:        ${stack.mailboxUrl}`,
      `  Push:           ${stack.pushReceiverUrl}/`,
      ...(stack.search.endpoint ? [`  OpenSearch:     ${stack.search.endpoint}`] : []),
      '',
      '  Data in .data/ (delete it to start over). Ctrl-C stops everything.',
      line,
      '',
    ].join('\n'),
  );
}

main().catch((err) => {
  if (err instanceof LocalStackStartError) console.error(`[local] ${err.message}`);
  else console.error('[local] could not start the local stack:', err);
  process.exit(1);
});
