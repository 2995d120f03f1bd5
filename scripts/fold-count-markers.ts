/**
 * `npm run fold-count-markers -- [--stage <name> [--table <table name>]] [--region <region>]`
 *
 * The one-off fold of decision 051: every product's own count marker, written before marker
 * pages, goes into its page, then the table records that none is left, so the stream's settles
 * stop reading them (one read per new product of every batch). Idempotent and safe while the
 * stream runs; an interrupted fold is simply run again.
 * - Without --stage: the running local stack (its start already runs it).
 * - With --stage: that stage's table on AWS, with the default AWS credentials (the table name from
 *   the `TableName` output of `Marketplace-<stage>`, or --table).
 * Exits 0 when done, 1 on failure, 2 on bad usage.
 */
import { parseArgs } from 'node:util';
import { NOT_RUNNING, openTable } from './import-support';

// Set before the AWS SDK loads (the adapters are imported dynamically in main for that reason).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const USAGE =
  'Usage: npm run fold-count-markers -- [--stage <name> [--table <table name>]] [--region <region>]';

async function main(): Promise<number> {
  let values: { stage?: string; table?: string; region?: string; 'data-dir'?: string };
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        stage: { type: 'string' },
        table: { type: 'string' },
        region: { type: 'string' },
        'data-dir': { type: 'string' },
      },
    }));
    if (values.table && !values.stage) throw new Error('--table is only for a stage on AWS; add --stage.');
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const { createCountStore } = await import('../functions/adapters/dynamodb/counts');
  const { createProductRepository } = await import('../functions/adapters/dynamodb/products');
  const { foldProductMarkers } = await import('../functions/services/catalog/listing-counts');
  const { table, target } = await openTable({ ...values, dataDir: values['data-dir'] });
  try {
    const counts = createCountStore(table);
    const already = await counts.productMarkersFolded();
    const folded = await foldProductMarkers({ products: createProductRepository(table), counts });
    console.log(
      already
        ? `The ${target}: the count markers were folded already; nothing to do.`
        : `The ${target}: ${folded} products' own count markers folded into their pages; the fold is recorded.`,
    );
    return 0;
  } finally {
    table.doc.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const message = (err as Error).message;
    console.error(message.startsWith(NOT_RUNNING) ? NOT_RUNNING : `Fold failed: ${message}`);
    process.exitCode = 1;
  },
);
