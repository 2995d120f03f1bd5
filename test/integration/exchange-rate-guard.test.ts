import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTableAccess, type TableAccess } from '../../functions/adapters/dynamodb/client';
import { resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
import { ENV } from '../../functions/commons/env';
import type { ExchangeRate } from '#shared/exchange-rate';
import { RATE_MESSAGES } from '#shared/exchange-rate';
import { keys } from '#shared/table';
import { ensureTable, localDynamoClient } from '../../scripts/local/parts/dynamodb';
import { useTestTable } from '../support/backend';
import { apiEvent, invoke } from '../support/events';
import { handlerOf } from '../support/handlers';

/**
 * The 50 % guard of the BCV rate (issue 25 item 5, docs/decisions/042) through the real handler
 * against DynamoDB Local: a rate is compared with the stored rates around its date — the date's own
 * rate when it is corrected included — so a typo needs the explicit confirmation however few rates
 * exist. The rate's partition is global, so the file has a table of its own (empty at its start).
 */
let table: TableAccess;
let ownTable = '';
let sharedTable = '';
/** Monday 23 November 2026, 11:00 in Caracas. */
const now = new Date('2026-11-23T15:00:00Z');
const admin = {
  sub: 'guard-admin',
  email: 'guardia@correo.com',
  token_use: 'id',
  'cognito:groups': ['admin'],
};

const setRate = (body: unknown) =>
  invoke(handlerOf('adminSetExchangeRate'), apiEvent('adminSetExchangeRate', { body, claims: admin }));
const errorOf = (body: unknown) => (body as { error: { message: string } }).error.message;

/** The stored rates, oldest first, as [date, rate]. */
async function rates(): Promise<[string, number][]> {
  const out = await table.doc.send(
    new QueryCommand({
      TableName: table.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.exchangeRatePartition },
    }),
  );
  return ((out.Items ?? []) as ExchangeRate[]).map((r) => [r.date, r.rate]);
}

beforeAll(async () => {
  useTestTable();
  sharedTable = process.env[ENV.tableName] ?? '';
  ownTable = `mercado-guard-${Date.now().toString(36)}`;
  const client = localDynamoClient(process.env[ENV.dynamoEndpoint] ?? '');
  try {
    await ensureTable(client, ownTable);
  } finally {
    client.destroy();
  }
  process.env[ENV.tableName] = ownTable;
  table = createTableAccess();
});
beforeEach(() => setHandlerContext({ now: () => now }));
afterAll(async () => {
  resetContext();
  const client = localDynamoClient(process.env[ENV.dynamoEndpoint] ?? '');
  try {
    await client.send(new DeleteTableCommand({ TableName: ownTable }));
  } finally {
    client.destroy();
    process.env[ENV.tableName] = sharedTable;
  }
});

describe('the rate guard', () => {
  it('a jump of the only rate needs confirmation: 526.87 → 5,268.70 refused, then 52.68 refused too', async () => {
    // The first rate of all: nothing to compare it with.
    expect((await setRate({ date: '2026-11-23', rate: 526.87 })).status).toBe(200);
    // The attack: the only stored rate corrected tenfold, then a tenth, without the confirmation.
    const tenfold = await setRate({ date: '2026-11-23', rate: 5268.7 });
    expect(tenfold.status).toBe(400);
    expect(errorOf(tenfold.body)).toBe(RATE_MESSAGES.rateJump('526,87'));
    const tenth = await setRate({ date: '2026-11-23', rate: 52.68 });
    expect(tenth.status).toBe(400);
    expect(errorOf(tenth.body)).toBe(RATE_MESSAGES.rateJump('526,87'));
    expect(await rates()).toEqual([['2026-11-23', 526.87]]);
    // A believable correction needs nothing; a confirmed jump is taken, and judged from then on.
    expect((await setRate({ date: '2026-11-23', rate: 530.1 })).status).toBe(200);
    expect((await setRate({ date: '2026-11-23', rate: 5301, confirm: true })).status).toBe(200);
    expect((await setRate({ date: '2026-11-23', rate: 530.1 })).status).toBe(400);
    expect((await setRate({ date: '2026-11-23', rate: 530.1, confirm: true })).status).toBe(200);
    expect(await rates()).toEqual([['2026-11-23', 530.1]]);
  });

  it('a correction of a past date is compared with the rates on both sides of it', async () => {
    // An earlier, confirmed devaluation: 300 on the 16th, 530.10 on the 23rd.
    expect((await setRate({ date: '2026-11-16', rate: 300, confirm: true })).status).toBe(200);
    // 200 on the 20th is within 50 % of the day before it, but not of the day after it.
    const between = await setRate({ date: '2026-11-20', rate: 200 });
    expect(between.status).toBe(400);
    expect(errorOf(between.body)).toBe(RATE_MESSAGES.rateJump('530,10'));
    // A rate within 50 % of both neighbours is taken as it is.
    expect((await setRate({ date: '2026-11-20', rate: 420 })).status).toBe(200);
    expect((await setRate({ date: '2026-11-16', rate: 310 })).status).toBe(200);
    expect(await rates()).toEqual([
      ['2026-11-16', 310],
      ['2026-11-20', 420],
      ['2026-11-23', 530.1],
    ]);
  });
});
