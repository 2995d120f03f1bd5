/**
 * `npm run import -- <dir> [--stage <name> --table <table name>] [--region <region>]`
 *
 * Loads an export of the earlier app (<dir>/universities.json and <dir>/products.json, JSON arrays
 * of rows with the original column names) through the import service.
 * - Without --stage: into the running local stack (found through .data/local-stack.json).
 * - With --stage: into that stage's table on AWS, with the default AWS credentials. The table name
 *   is read from the `TableName` output of the CloudFormation stack `Marketplace-<stage>`;
 *   --table <name> overrides the look-up.
 *
 * Prints the report as JSON. Exits 0 when the import ran (even with rejected rows: they are in the
 * report), 1 on fatal errors (unreadable files, no stack, table unreachable), 2 on bad usage.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { importExport } from '../functions/services/publishing/product-import';
import { NOT_RUNNING, openTable, readExportDir, readLocalStack } from './import-support';

// Set before the AWS SDK loads (the adapters are imported dynamically in main for that reason).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

class UsageError extends Error {}

const USAGE = 'Usage: npm run import -- <dir> [--stage <name> [--table <table name>]] [--region <region>]';

function parseCli(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      stage: { type: 'string' },
      table: { type: 'string' },
      region: { type: 'string' },
      'data-dir': { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new UsageError(USAGE);
  if (values.table && !values.stage)
    throw new UsageError(`--table is only for a stage on AWS; add --stage.\n${USAGE}`);
  return { dir: resolve(positionals[0]), ...values };
}

async function main(): Promise<number> {
  let cli: ReturnType<typeof parseCli>;
  try {
    cli = parseCli(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    return 2;
  }
  const input = readExportDir(cli.dir);
  const { createProductRepository } = await import('../functions/adapters/dynamodb/products');
  const { createUniversityRepository } = await import('../functions/adapters/dynamodb/universities');
  const { table, target } = await openTable({ ...cli, dataDir: cli['data-dir'] });
  console.error(
    `Importing ${input.universities.length} universities and ${input.products.length} products from ${cli.dir} into ${target}`,
  );
  try {
    const report = await importExport(
      { products: createProductRepository(table), universities: createUniversityRepository(table) },
      input,
    );
    console.log(JSON.stringify(report, null, 2));
    // Imported photos get their card and gallery sizes from the one-off job (decision 022).
    if (cli.stage) {
      console.error(
        `Imported photos get their sizes from the stage's photo job (output PhotoVariantsJobName of Marketplace-${cli.stage}): see docs/runbook.md.`,
      );
    } else {
      const stack = readLocalStack(cli['data-dir'] ? resolve(cli['data-dir']) : undefined);
      const { localS3Client } = await import('./local/parts/s3');
      const { runLocalPhotoVariantsJob } = await import('./local/photo-variants-job');
      const s3 = localS3Client(stack.s3Endpoint);
      try {
        const job = await runLocalPhotoVariantsJob({ table, s3, bucket: stack.imagesBucket });
        console.error(`Photo sizes: ${job.derived} products derived, ${job.skipped} already done.`);
      } finally {
        s3.destroy();
      }
    }
    const rejected = report.universities.rejected + report.products.rejected;
    console.error(
      `Done: universities ${report.universities.created} created, ${report.universities.unchanged} unchanged; ` +
        `products ${report.products.created} created, ${report.products.unchanged} unchanged; ${rejected} rows rejected.`,
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
    const e = err as Error;
    // A local stack that died since it wrote its file refuses the connection: same advice.
    const refused = !process.argv.includes('--stage') && /ECONNREFUSED/.test(`${e.message} ${e.name}`);
    console.error(e.message.startsWith(NOT_RUNNING) || refused ? NOT_RUNNING : `Import failed: ${e.message}`);
    process.exitCode = 1;
  },
);
