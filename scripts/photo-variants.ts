/**
 * `npx tsx scripts/photo-variants.ts [--data-dir <dir>]`
 *
 * The one-off photo job (docs/decisions/022) against the running local stack: gives every product
 * photo stored before responsive photos its WebP sizes (320, 640, 1280 px wide, never wider than
 * the photo), and each card photo without it its link-preview JPEG (decision 053), and records them
 * on the product. Idempotent and resumable: done products are skipped,
 * so an interrupted run is simply run again. Prints its progress as JSON.
 *
 * In AWS the same job is the stack's photo job function (output `PhotoVariantsJobName`); the
 * runbook (docs/runbook.md) says how to invoke it until it reports `done`.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { NOT_RUNNING, readLocalStack } from './import-support';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

async function main(): Promise<void> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { 'data-dir': { type: 'string' } } });
  const stack = readLocalStack(values['data-dir'] ? resolve(values['data-dir']) : undefined);
  const { createTableAccess } = await import('../functions/adapters/dynamodb/client');
  const { localS3Client } = await import('./local/parts/s3');
  const { runLocalPhotoVariantsJob } = await import('./local/photo-variants-job');
  const table = createTableAccess({
    endpoint: stack.dynamodbEndpoint,
    tableName: stack.tableName,
    region: stack.region,
  });
  const s3 = localS3Client(stack.s3Endpoint);
  try {
    const progress = await runLocalPhotoVariantsJob({
      table,
      s3,
      bucket: stack.imagesBucket,
      log: (m) => console.error(m),
    });
    console.log(JSON.stringify(progress, null, 2));
  } finally {
    table.doc.destroy();
    s3.destroy();
  }
}

main().catch((err: unknown) => {
  const message = (err as Error).message;
  console.error(message.startsWith(NOT_RUNNING) ? NOT_RUNNING : `Photo job failed: ${message}`);
  process.exitCode = 1;
});
