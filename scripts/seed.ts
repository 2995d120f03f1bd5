/**
 * `npm run seed` — seeds the demo data into the running local stack (idempotent: what exists stays).
 * `npm run seed -- --export <dir>` — writes the demo data as an export of the earlier app
 * (universities.json + products.json, original column names) instead, e.g. to try
 * `npm run import -- <dir>`. Images are drawn and uploaded only by the seed, not by --export.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { IMPORT_FILES } from '../functions/services/publishing/product-import';
import { generateDemoExport } from './demo/data';
import { NOT_RUNNING, readLocalStack } from './import-support';

// Set before the AWS SDK loads (the seeder is imported dynamically for that reason).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { export: { type: 'string' }, 'data-dir': { type: 'string' } },
  });
  if (values.export) {
    const dir = resolve(values.export);
    const data = generateDemoExport();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, IMPORT_FILES.universities), `${JSON.stringify(data.universities, null, 2)}\n`);
    writeFileSync(join(dir, IMPORT_FILES.products), `${JSON.stringify(data.products, null, 2)}\n`);
    console.log(
      `Wrote ${data.universities.length} universities and ${data.products.length} products to ${dir}`,
    );
    return;
  }
  const stack = readLocalStack(values['data-dir'] ? resolve(values['data-dir']) : undefined);
  const { seedDemoData } = await import('./demo/seed');
  const report = await seedDemoData({
    tableName: stack.tableName,
    imagesBucket: stack.imagesBucket,
    dynamoEndpoint: stack.dynamodbEndpoint,
    s3Endpoint: stack.s3Endpoint,
    log: (m) => console.error(m),
  });
  console.log(JSON.stringify(report, null, 2));
}

main().catch((err: unknown) => {
  const message = (err as Error).message;
  console.error(message.startsWith(NOT_RUNNING) ? NOT_RUNNING : `Seed failed: ${message}`);
  process.exitCode = 1;
});
