import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { randomBytes } from 'node:crypto';
import { createSendCounter } from '../../functions/adapters/dynamodb/send-windows';
import { createTableAccess } from '../../functions/adapters/dynamodb/client';
import { createExpiryStore } from '../../functions/adapters/dynamodb/listing-expiry';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { createSesMailer } from '../../functions/adapters/mail/ses';
import { createSigningKeySource } from '../../functions/adapters/secrets/signing-key';
import { ENV } from '../../functions/commons/env';
import { runExpiry } from '../../functions/services/publishing/listing-expiry';
import type { Product } from '#shared/schemas';
import { ensureTable, localDynamoClient, startDynamoDbLocal } from '../local/parts/dynamodb';
import { writeProducts } from '../local/table-fill';
import { startSesLocal } from '../local/parts/ses';
import { freePort } from '../local/ports';

const DAY = 86_400_000;
/** Due listings per run (half past their expiry, half due a reminder), whatever the table holds. */
const DUE = Number(process.env.BENCH_EXPIRY_DUE ?? 500);
const SIZES = [2_000, 20_000];

/**
 * `npm run bench -- expiry` (decision 030): one run of the expiry job over the same number of due
 * listings in a table of 2,000 and of 20,000 listings (DynamoDB Local, the SES emulator). The job
 * Queries gsi7 for what is due, so its time follows the due listings, not the table's size.
 */
export async function runExpiryBench(line: (label: string, value: string, verdict?: boolean) => void) {
  const dynamo = await startDynamoDbLocal({ port: await freePort() });
  const ses = await startSesLocal({ port: await freePort() });
  Object.assign(process.env, {
    [ENV.runtime]: 'local',
    [ENV.dynamoEndpoint]: dynamo.endpoint,
    [ENV.sesEndpoint]: ses.endpoint,
    [ENV.mailFrom]: 'no-reply@mercado.test',
    [ENV.notifySecret]: randomBytes(48).toString('base64url'),
  });
  const client = localDynamoClient(dynamo.endpoint);
  const times: number[] = [];
  try {
    for (const size of SIZES) {
      const tableName = `bench-expiry-${size}`;
      await ensureTable(client, tableName);
      process.env[ENV.tableName] = tableName;
      const table = createTableAccess();
      const now = new Date();
      const items: Product[] = [];
      for (let i = 1; i <= size; i++) {
        const due = i <= DUE;
        const offset = due ? (i % 2 === 0 ? -DAY : DAY) : 10 * DAY + (i % 40) * DAY;
        items.push({
          id: i,
          title: `Producto ${i}`,
          description: null,
          price: 10,
          category: 'libros',
          condition: 'usado',
          career: null,
          image: null,
          images: [],
          tags: [],
          seller_name: 'Vendedor',
          seller_email: `vendedor-${i}@est.ucab.edu.ve`,
          whatsapp_number: null,
          university_id: 'bench',
          status: 'active',
          owner_id: `owner-${i}`,
          created_at: new Date(now.getTime() - 50 * DAY).toISOString(),
          expires_at: new Date(now.getTime() + offset).toISOString(),
        });
      }
      await writeProducts(items, table);
      const started = performance.now();
      const result = await runExpiry({
        products: createProductRepository(table),
        expiryStore: createExpiryStore(table),
        sendCounter: createSendCounter(table),
        mailer: createSesMailer(),
        appUrl: () => 'http://localhost:3000',
        unsubscribeKey: createSigningKeySource(),
        now: () => now,
        listingExpiryDays: 60,
      });
      const ms = performance.now() - started;
      times.push(ms);
      line(
        `expiry job, ${DUE} due of ${size.toLocaleString('en')} listings`,
        `${ms.toFixed(0)} ms (read ${result.due}, expired ${result.expired}, reminded ${result.reminded})`,
      );
      await client.send(new DeleteTableCommand({ TableName: tableName }));
    }
    line(
      `expiry job ${SIZES[1].toLocaleString('en')} ÷ ${SIZES[0].toLocaleString('en')} listings`,
      `${(times[1] / times[0]).toFixed(2)}×`,
      times[1] / times[0] <= 1.5,
    );
  } finally {
    client.destroy();
    await ses.stop();
    await dynamo.stop();
  }
}
