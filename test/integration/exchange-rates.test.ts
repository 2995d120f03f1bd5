import { readFileSync } from 'node:fs';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTableAccess, type TableAccess } from '../../functions/adapters/dynamodb/client';
import { resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
import { runExchangeRateJob } from '../../functions/app/jobs/exchange-rate';
import { ENV } from '../../functions/commons/env';
import type { BcvPageSource } from '../../functions/ports/exchange-rates';
import type { AuditEntry } from '#shared/admin';
import type { ExchangeRate } from '#shared/exchange-rate';
import { RATE_MESSAGES, usableRate } from '#shared/exchange-rate';
import { keys } from '#shared/table';
import { ensureDemoRate } from '../../scripts/demo/exchange-rate';
import { ensureTable, localDynamoClient } from '../../scripts/local/parts/dynamodb';
import { useTestTable } from '../support/backend';
import { apiEvent, invoke } from '../support/events';
import { handlerOf } from '../support/handlers';

/**
 * The BCV rate (issue 14, docs/decisions/033) against DynamoDB Local, through the real handlers and
 * the job's entry: an admin's entry and correction with their audit records, the refusals that change
 * nothing, the newest rate the public read answers, and the scheduled job fed the saved BCV pages.
 * The rate's partition is global, so the file has a table of its own.
 */
let table: TableAccess;
let ownTable = '';
let sharedTable = '';
/** The clock every part reads: Monday 23 November 2026, 11:00 in Caracas. */
let now = new Date('2026-11-23T15:00:00Z');

const admin = {
  sub: 'rate-admin',
  email: 'tasa.admin@correo.com',
  token_use: 'id',
  'cognito:groups': ['admin'],
};
const student = { sub: 'rate-student', email: 'estudiante@correo.com', token_use: 'id' };

const fixture = (name: string) => readFileSync(new URL(`../fixtures/bcv/${name}`, import.meta.url), 'utf8');
const pageOf = (name: string): BcvPageSource & { calls: number } => {
  const source = {
    calls: 0,
    async fetchPage() {
      source.calls++;
      return fixture(name);
    },
  };
  return source;
};

const setRate = (body: unknown, claims: Record<string, string | string[]> | null = admin) =>
  invoke(
    handlerOf('adminSetExchangeRate'),
    apiEvent('adminSetExchangeRate', { body, ...(claims ? { claims } : {}) }),
  );
const publicRate = async () => {
  const res = await invoke(handlerOf('getExchangeRate'), apiEvent('getExchangeRate'));
  expect(res.status).toBe(200);
  return res;
};
const history = async () =>
  (await invoke(handlerOf('adminListExchangeRates'), apiEvent('adminListExchangeRates', { claims: admin })))
    .body as { items: ExchangeRate[] };

/** Every rate item of the table and every audit record of the rates, read straight from the table. */
async function stored() {
  const rates = await table.doc.send(
    new QueryCommand({
      TableName: table.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.exchangeRatePartition },
    }),
  );
  const audits = await table.doc.send(
    new QueryCommand({
      TableName: table.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.auditAllPartition },
    }),
  );
  return {
    rates: (rates.Items ?? []) as ExchangeRate[],
    audits: ((audits.Items ?? []) as AuditEntry[]).filter((a) => a.entity_type === 'exchangeRate'),
  };
}

beforeAll(async () => {
  useTestTable();
  sharedTable = process.env[ENV.tableName] ?? '';
  ownTable = `mercado-rates-${Date.now().toString(36)}`;
  const client = localDynamoClient(process.env[ENV.dynamoEndpoint] ?? '');
  try {
    await ensureTable(client, ownTable);
  } finally {
    client.destroy();
  }
  process.env[ENV.tableName] = ownTable;
  table = createTableAccess();
});
beforeEach(() => {
  setHandlerContext({ now: () => now });
});
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

/** A saved page with its date and rate rewritten (the BCV's layout kept). */
const pageWith = (date: string, human: string, rate: string): BcvPageSource => ({
  fetchPage: async () =>
    fixture('bcv-2026-11-20.html')
      .replace('2026-11-20T00:00:00-04:00', `${date}T00:00:00-04:00`)
      .replace('Viernes, 20 Noviembre  2026', human)
      .replace('526,87040000', rate),
});

describe('the BCV rate history', () => {
  it('answers no rate while none is stored', async () => {
    expect((await publicRate()).body).toEqual({ rate: null });
  });

  it("the job stores the page's rate once, dated by its 'Fecha Valor', with its audit record", async () => {
    const page = pageOf('bcv-2026-11-20.html');
    const result = await runExchangeRateJob(page);
    expect(page.calls).toBe(1);
    expect(result.outcome).toBe('stored');
    const { rates, audits } = await stored();
    expect(rates).toHaveLength(1);
    expect(rates[0]).toMatchObject({ date: '2026-11-20', rate: 526.8704, source: 'bcv', recorded_by: null });
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'rate.set',
      entity_id: '2026-11-20',
      actor_id: 'system:bcv-rate-job',
      before: null,
      after: { rate: 526.8704, source: 'bcv', recorded_by: null },
    });

    const res = await publicRate();
    // The stored item as the public reads it: without its keys and without who recorded it.
    const {
      pk: _pk,
      sk: _sk,
      entity: _entity,
      recorded_by: _recordedBy,
      ...rate
    } = rates[0] as ExchangeRate & Record<string, unknown>;
    expect(res.body).toEqual({ rate });
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
  });

  it('is idempotent: a rerun finds the date stored and writes nothing', async () => {
    const before = await stored();
    const result = await runExchangeRateJob(pageOf('bcv-2026-11-20.html'));
    expect(result.outcome).toBe('already-stored');
    expect(await stored()).toEqual(before);
  });

  it('stores nothing when the page changed layout or shows no number, and fails loudly', async () => {
    const before = await stored();
    await expect(runExchangeRateJob(pageOf('bcv-changed-layout.html'))).rejects.toThrow(/dolar/);
    await expect(runExchangeRateJob(pageOf('bcv-rate-unavailable.html'))).rejects.toThrow(/No disponible/);
    await expect(runExchangeRateJob(pageOf('bcv-date-missing.html'))).rejects.toThrow(/Fecha Valor/);
    await expect(
      runExchangeRateJob({
        fetchPage: async () => {
          throw new Error('BCV page answered 503');
        },
      }),
    ).rejects.toThrow(/503/);
    expect(await stored()).toEqual(before);
  });

  it("an admin enters today's rate: stored as the admin's, audited, and the public read follows", async () => {
    const res = await setRate({ date: '2026-11-23', rate: 530.5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      date: '2026-11-23',
      rate: 530.5,
      source: 'admin',
      recorded_by: admin.email,
    });
    const { audits } = await stored();
    const entry = audits.find((a) => a.entity_id === '2026-11-23');
    expect(entry).toMatchObject({
      action: 'rate.set',
      actor_id: admin.sub,
      actor_email: admin.email,
      before: null,
      after: { rate: 530.5, source: 'admin', recorded_by: admin.email },
    });
    const read = ((await publicRate()).body as { rate: ExchangeRate }).rate;
    expect(read).toMatchObject({ date: '2026-11-23', rate: 530.5, source: 'admin' });
    // Anyone reads the rate; the admin who entered it stays in the admin area and the audit.
    expect(read).not.toHaveProperty('recorded_by');
    expect(JSON.stringify(read)).not.toContain(admin.email);
  });

  it('an admin corrects it: one item per date, the correction audited with before and after', async () => {
    const res = await setRate({ date: '2026-11-23', rate: 531.25 });
    expect(res.status).toBe(200);
    const { rates, audits } = await stored();
    expect(rates.filter((r) => r.date === '2026-11-23')).toHaveLength(1);
    const corrections = audits.filter((a) => a.action === 'rate.correct');
    expect(corrections).toHaveLength(1);
    expect(corrections[0]).toMatchObject({
      before: { rate: 530.5 },
      after: { rate: 531.25 },
      entity_id: '2026-11-23',
    });
    expect((await history()).items.map((r) => [r.date, r.rate])).toEqual([
      ['2026-11-23', 531.25],
      ['2026-11-20', 526.8704],
    ]);
  });

  it('refuses a zero, negative, absurd or future rate with a Spanish 400 and changes nothing', async () => {
    const before = await stored();
    const cases: [unknown, string][] = [
      [{ date: '2026-11-23', rate: 0 }, RATE_MESSAGES.ratePositive],
      [{ date: '2026-11-23', rate: -530 }, RATE_MESSAGES.ratePositive],
      [{ date: '2026-11-23', rate: 900 }, RATE_MESSAGES.rateJump('526,87')],
      [{ date: '2026-11-23', rate: 200, confirm: false }, RATE_MESSAGES.rateJump('526,87')],
      [{ date: '2026-11-24', rate: 531 }, RATE_MESSAGES.dateInFuture],
      [{ date: '2026-02-30', rate: 531 }, RATE_MESSAGES.dateInvalid],
      [{ date: '2026-11-23', rate: '531,25' }, RATE_MESSAGES.rateRequired],
      [{ date: '2026-11-23', rate: 531.123456789 }, RATE_MESSAGES.rateTooPrecise],
    ];
    for (const [body, message] of cases) {
      const res = await setRate(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(body)).toContain(message);
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses anyone but an admin, changing nothing', async () => {
    const before = await stored();
    expect((await setRate({ date: '2026-11-23', rate: 531 }, student)).status).toBe(403);
    expect((await setRate({ date: '2026-11-23', rate: 531 }, null)).status).toBe(401);
    const list = await invoke(
      handlerOf('adminListExchangeRates'),
      apiEvent('adminListExchangeRates', { claims: student }),
    );
    expect(list.status).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('takes a jump of more than 50 % when the admin confirms it, and says so in the audit', async () => {
    // A minute later than the earlier corrections: records of one instant have no order between them.
    const at = new Date(now.getTime() + 60_000);
    setHandlerContext({ now: () => at });
    const res = await setRate({ date: '2026-11-23', rate: 900, confirm: true });
    expect(res.status).toBe(200);
    const { audits } = await stored();
    const last = audits
      .filter((a) => a.action === 'rate.correct')
      .sort((a, b) => a.at.localeCompare(b.at))
      .at(-1);
    expect(last?.at).toBe(at.toISOString());
    expect(last).toMatchObject({
      before: { rate: 531.25 },
      after: { rate: 900 },
      notes: 'Cambio mayor al 50 % confirmado',
    });
    // Back to a believable figure (compared with the 20th's rate, so no confirmation needed).
    expect((await setRate({ date: '2026-11-23', rate: 531.25 })).status).toBe(200);
  });

  it("never overwrites an admin's rate with the job's", async () => {
    const result = await runExchangeRateJob(
      pageWith('2026-11-23', 'Lunes, 23 Noviembre  2026', '529,10000000'),
    );
    expect(result.outcome).toBe('already-stored');
    expect(result.rate).toMatchObject({ source: 'admin', rate: 531.25 });
  });

  it('refuses a page whose rate is more than 50 % away from the last one: nothing stored', async () => {
    const before = await stored();
    await expect(runExchangeRateJob(pageOf('bcv-2026-11-24-thousands.html'))).rejects.toThrow(
      /more than 50 %/,
    );
    expect(await stored()).toEqual(before);
  });

  it("stores tomorrow's 'Fecha Valor' and shows it only from its day; the page hides a stale rate", async () => {
    const result = await runExchangeRateJob(
      pageWith('2026-11-24', 'Martes, 24 Noviembre  2026', '533,40000000'),
    );
    expect(result).toMatchObject({ outcome: 'stored', rate: { date: '2026-11-24', rate: 533.4 } });
    expect(((await publicRate()).body as { rate: ExchangeRate }).rate.date).toBe('2026-11-23');
    now = new Date('2026-11-24T13:00:00Z');
    setHandlerContext({ now: () => now });
    const tuesday = ((await publicRate()).body as { rate: ExchangeRate }).rate;
    expect(tuesday.date).toBe('2026-11-24');
    expect(usableRate(tuesday, now)).toEqual(tuesday);
    // Nothing newer by Monday 30 November, 4 business days later: still the newest, but too old to show.
    now = new Date('2026-11-30T13:00:00Z');
    setHandlerContext({ now: () => now });
    const monday = ((await publicRate()).body as { rate: ExchangeRate }).rate;
    expect(monday.date).toBe('2026-11-24');
    expect(usableRate(monday, now)).toBeNull();
  });

  it("the demo's rate is dated relative to today: written when the newest is stale, left alone when recent", async () => {
    now = new Date('2026-12-03T13:00:00Z'); // Thursday: the 24th's rate is 7 business days old.
    setHandlerContext({ now: () => now });
    const written = await ensureDemoRate(table, now);
    expect(written).toMatchObject({ date: '2026-12-03', rate: 533.4, source: 'bcv' });
    expect(await ensureDemoRate(table, now)).toBeNull();
    const shown = ((await publicRate()).body as { rate: ExchangeRate }).rate;
    expect(shown.date).toBe('2026-12-03');
    expect(usableRate(shown, now)).toEqual(shown);
    // On a Sunday the last business day is Friday's.
    const sunday = new Date('2026-12-20T15:00:00Z');
    expect(await ensureDemoRate(table, sunday)).toMatchObject({ date: '2026-12-18' });
  });
});
