import { randomUUID } from 'node:crypto';
import { HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProfileRepository } from '../../functions/adapters/dynamodb/accounts';
import { createSavedSearchRepository } from '../../functions/adapters/dynamodb/alerts';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { createQuestionRepository } from '../../functions/adapters/dynamodb/questions';
import { createReportRepository } from '../../functions/adapters/dynamodb/reports';
import {
  createUniversityRepository,
  createUniversityRequestRepository,
} from '../../functions/adapters/dynamodb/universities';
import { type AppParts, resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
import { ENV } from '../../functions/commons/env';
import type { Moderator } from '../../functions/ports/moderation';
import type { CommentModerator } from '../../functions/ports/questions';
import {
  localS3Client,
  S3_LOCAL_CREDENTIALS,
  type S3Local,
  startS3Local,
} from '../../scripts/local/parts/s3';
import { freePort } from '../../scripts/local/ports';
import { type RouteName, routeList } from '#shared/routes';
import { keys } from '#shared/table';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';
import { apiEvent, type EventOptions, invoke } from '../support/events';
import { flakyTable } from '../support/flaky-table';
import { handlerOf } from '../support/handlers';
import { MemorySearchIndex } from '../support/memory-search-index';

/**
 * The second security review's item 2 (decision 041): a create the client retries — because its
 * answer was lost, the table was paused, or the person pressed twice — is written ONCE and every
 * retry gets the first answer; and the day's (or hour's) count moves with the write itself, so a
 * create that failed, was refused or was a retry costs no slot. Everything runs through the real
 * handlers against DynamoDB Local (and s3rver for photos); a table that refuses writes, or applies
 * one and loses its answer, is the real table behind test/support/flaky-table.ts.
 */
const BUCKET = 'retries-test';
const uni = uniqueUniversity('idem');
let table: TableAccess;
let s3Local: S3Local;
let s3: S3Client;
const saved: Record<string, string | undefined> = {};
let clock = Date.parse('2026-06-01T10:00:00.000Z');

/** Refuses what says 'PROHIBIDO', like the real moderators refuse prohibited content. */
const moderator: Moderator = {
  moderate: async (input) =>
    input.title.includes('PROHIBIDO')
      ? { approved: false, severity: 'high', warnings: ['Contenido prohibido'], suggestions: [] }
      : { approved: true, severity: 'low', warnings: [], suggestions: [] },
};
const commentModerator: CommentModerator = {
  moderateComment: async ({ text }) =>
    text.includes('PROHIBIDO')
      ? {
          approved: false,
          severity: 'high',
          warnings: ['Contenido prohibido'],
          suggestions: [],
          reason: 'Ofensivo',
        }
      : { approved: true, severity: 'low', warnings: [], suggestions: [], reason: '' },
};

/** The context of a test: the real parts, a clock of its own, and the given stand-ins. */
function useParts(parts: Partial<AppParts> = {}) {
  setHandlerContext({
    search: new MemorySearchIndex(),
    moderator,
    commentModerator,
    now: () => new Date(clock),
    ...parts,
  });
}

const claims = (sub: string) => ({ sub, email: `${sub}@correo.com`, token_use: 'id', name: 'Ana Pérez' });
const send = (name: RouteName, opts: EventOptions) => invoke(handlerOf(name), apiEvent(name, opts));
const messageOf = (body: unknown) => (body as { error: { message: string } }).error.message;

async function verifiedStudent(sub: string) {
  const profiles = createProfileRepository(table);
  await profiles.createIfAbsent({
    user_id: sub,
    email: `${sub}@correo.com`,
    full_name: 'Ana Pérez',
    university_email: null,
    university_email_verified: false,
    university_id: null,
    created_at: new Date(clock).toISOString(),
  });
  await profiles.setInstitutional(sub, `${sub}@est.${uni}.edu.ve`, uni, null);
}

const listing = (overrides: Record<string, unknown> = {}) => ({
  title: 'Calculadora Casio fx-570',
  description: 'Poco uso',
  price: 25,
  category: 'electronica',
  whatsapp_number: '0414-123 45 67',
  university_id: uni,
  ...overrides,
});
const publish = (sub: string, body: unknown, idempotencyKey: string | null = randomUUID()) =>
  send('createProduct', { claims: claims(sub), body, idempotencyKey });
const ownProducts = async (sub: string) =>
  (
    (await send('listOwnProducts', { claims: claims(sub) })).body as {
      items: { id: number; title: string; images: string[] }[];
    }
  ).items;

const exists = async (key: string) => {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return true;
  } catch {
    return false;
  }
};
const productPhotoKeys = async () =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'images/products/' }))).Contents ?? [])
    .map((o) => o.Key)
    .sort();

/** A photo uploaded as the browser does (presigned POST); its upload key. */
async function upload(sub: string): Promise<string> {
  const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366aa' } })
    .webp()
    .toBuffer();
  const res = await send('createUpload', {
    claims: claims(sub),
    body: { content_type: 'image/webp', size: bytes.length },
  });
  expect(res.status).toBe(200);
  const { url, fields, key } = res.body as { url: string; fields: Record<string, string>; key: string };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/webp' }), 'foto');
  expect((await fetch(url, { method: 'POST', body: form })).status).toBeLessThan(300);
  return key;
}

beforeAll(async () => {
  table = useTestTable();
  s3Local = await startS3Local({ port: await freePort(), buckets: [BUCKET] });
  s3 = localS3Client(s3Local.endpoint);
  for (const name of [
    ENV.imagesBucket,
    ENV.s3Endpoint,
    ENV.uploadEndpoint,
    'AWS_ACCESS_KEY_ID',
    'AWS_SECRET_ACCESS_KEY',
  ])
    saved[name] = process.env[name];
  Object.assign(process.env, {
    [ENV.imagesBucket]: BUCKET,
    [ENV.s3Endpoint]: s3Local.endpoint,
    [ENV.uploadEndpoint]: s3Local.endpoint,
    AWS_ACCESS_KEY_ID: S3_LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3_LOCAL_CREDENTIALS.secretAccessKey,
  });
  await createUniversityRepository(table).putIfAbsent({
    id: uni,
    name: 'IDEM',
    full_name: 'Universidad de los Reintentos',
    email_domain: `est.${uni}.edu.ve`,
    city: 'Caracas',
    logo: null,
    created_at: '2025-01-01T00:00:00.000Z',
  });
});
beforeEach(() => {
  // Every test starts a fresh day and hour for its own slots.
  clock += 3 * 24 * 3_600_000;
  useParts();
});
afterAll(async () => {
  resetContext();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  s3?.destroy();
  await s3Local?.stop();
});

describe('every idempotent create needs its key', () => {
  const bodies: Record<string, unknown> = {
    createProduct: listing(),
    askQuestion: { question_text: '¿Todavía está disponible?' },
    reportProduct: { report_category: 'spam' },
    createAlert: { university: uni, q: 'calculadora' },
    reviewDeal: { stars: 5 },
    createUniversityRequest: {
      university_name: 'UNEG',
      university_full_name: 'Universidad Nacional Experimental de Guayana',
      email_domain: 'uneg.edu.ve',
      city: 'Puerto Ordaz',
    },
  };

  it('the six creates a client may retry are marked in the route table', () => {
    expect(
      routeList
        .filter((r) => r.idempotent)
        .map((r) => r.name)
        .sort(),
    ).toEqual(Object.keys(bodies).sort());
  });

  it('refuses a create sent without a key, or with a malformed one, with a Spanish 400, writing nothing', async () => {
    const sub = `sin-clave-${randomUUID()}`;
    await verifiedStudent(sub);
    const product = await makeProduct(table, { university_id: uni, owner_id: 'otro-vendedor' });
    for (const name of Object.keys(bodies) as RouteName[]) {
      const opts = { claims: claims(sub), params: { id: product.id }, body: bodies[name] };
      const missing = await send(name, { ...opts, idempotencyKey: null });
      expect(missing.status, name).toBe(400);
      expect(messageOf(missing.body), name).toBe(
        'Falta la clave de la solicitud (cabecera Idempotency-Key). Recarga la página e inténtalo de nuevo.',
      );
      const malformed = await send(name, { ...opts, idempotencyKey: 'clave corta' });
      expect(malformed.status, name).toBe(400);
      expect(messageOf(malformed.body), name).toMatch(/^La clave de la solicitud .* no es válida/);
    }
    expect(await ownProducts(sub)).toEqual([]);
    const questions = await send('listQuestions', { params: { id: product.id } });
    expect((questions.body as { items: unknown[] }).items).toEqual([]);
    expect((await send('getOwnReport', { claims: claims(sub), params: { id: product.id } })).body).toEqual({
      reported: false,
    });
    expect((await send('listAlerts', { claims: claims(sub) })).body).toMatchObject({ items: [] });
  });
});

describe('publishing, retried', () => {
  it('a publish sent twice with one key, one after the other or five at once, lists one product: every answer is the first', async () => {
    const sub = `doble-${randomUUID()}`;
    await verifiedStudent(sub);
    const key = randomUUID();
    const first = await publish(sub, listing(), key);
    expect(first.status).toBe(201);
    const again = await publish(sub, listing(), key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');

    const twinKey = randomUUID();
    const twins = await Promise.all(
      Array.from({ length: 5 }, () => publish(sub, listing({ title: 'Regla de cálculo' }), twinKey)),
    );
    expect(twins.map((t) => t.status)).toEqual([201, 201, 201, 201, 201]);
    for (const twin of twins) expect(twin.body).toEqual(twins[0].body);
    expect((await ownProducts(sub)).map((p) => p.title).sort()).toEqual([
      'Calculadora Casio fx-570',
      'Regla de cálculo',
    ]);
  });

  it('a publish answered 503 whose write landed afterwards (a paused table) is answered on retry with that product and its photos, not a second listing', async () => {
    const sub = `pausa-${randomUUID()}`;
    await verifiedStudent(sub);
    const photo = await upload(sub);
    const flaky = flakyTable(table, 'product');
    useParts({ products: createProductRepository(flaky.access) });
    const key = randomUUID();
    // Act: the write times out at once and lands a moment after the answer.
    flaky.mode = 'landsLater';
    const timedOut = await publish(sub, listing({ images: [photo] }), key);
    expect(timedOut.status).toBe(503);
    await flaky.landed;
    const [stored] = await ownProducts(sub);
    expect(stored).toBeDefined();
    const photosAfterLanding = await productPhotoKeys();
    // The student's retry, with the table answering again.
    flaky.mode = 'ok';
    const retry = await publish(sub, listing({ images: [photo] }), key);
    // Assess: the first product, its photos in place, nothing copied or listed again.
    expect(retry.status).toBe(201);
    expect(retry.body).toMatchObject({ id: stored.id, images: [`/images/products/${stored.id}/1.webp`] });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await ownProducts(sub)).toHaveLength(1);
    expect(await exists(`images/products/${stored.id}/1.webp`)).toBe(true);
    expect(await productPhotoKeys()).toEqual(photosAfterLanding);
  });

  it('a publish whose write landed but whose answer from the table was lost is answered with that product, its photos kept', async () => {
    const sub = `perdida-${randomUUID()}`;
    await verifiedStudent(sub);
    const photo = await upload(sub);
    const flaky = flakyTable(table, 'product');
    useParts({ products: createProductRepository(flaky.access) });
    flaky.mode = 'answerLost';
    const res = await publish(sub, listing({ images: [photo] }));
    expect(res.status).toBe(201);
    const [stored] = await ownProducts(sub);
    expect(res.body).toMatchObject({ id: stored.id });
    expect(await exists(`images/products/${stored.id}/1.webp`)).toBe(true);
    expect(await ownProducts(sub)).toHaveLength(1);
  });

  it('ten publishes refused by moderation or cut off by the table cost none of the 20 daily slots; the 21st listing gets the Spanish 429', async () => {
    const sub = `cupo-${randomUUID()}`;
    await verifiedStudent(sub);
    const flaky = flakyTable(table, 'product');
    useParts({ products: createProductRepository(flaky.access) });
    for (let i = 0; i < 5; i += 1)
      expect((await publish(sub, listing({ title: `Algo PROHIBIDO ${i}` }))).status).toBe(400);
    flaky.mode = 'down';
    for (let i = 0; i < 5; i += 1)
      expect((await publish(sub, listing({ title: `Mesa ${i}` }))).status).toBe(503);
    expect(await ownProducts(sub)).toEqual([]);
    flaky.mode = 'ok';
    for (let i = 0; i < 20; i += 1)
      expect((await publish(sub, listing({ title: `Libro ${i}` }))).status, `listing ${i}`).toBe(201);
    const refused = await publish(sub, listing({ title: 'Libro 21' }));
    expect(refused.status).toBe(429);
    expect(messageOf(refused.body)).toBe(
      'Has alcanzado el límite de 20 publicaciones por día. Inténtalo de nuevo mañana.',
    );
    expect(await ownProducts(sub)).toHaveLength(20);
  });

  it('the same key with another listing is refused (422, in Spanish) and writes nothing', async () => {
    const sub = `otra-${randomUUID()}`;
    await verifiedStudent(sub);
    const key = randomUUID();
    expect((await publish(sub, listing(), key)).status).toBe(201);
    const other = await publish(sub, listing({ title: 'Guitarra', price: 80 }), key);
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      error: {
        code: 'idempotency_key_reused',
        message: 'Esta solicitud ya se envió con otros datos. Recarga el formulario y vuelve a enviarlo.',
      },
    });
    expect((await ownProducts(sub)).map((p) => p.title)).toEqual(['Calculadora Casio fx-570']);
  });

  it("one caller's key is never another's: the same key from two students publishes for each", async () => {
    const [a, b] = [`ana-${randomUUID()}`, `beto-${randomUUID()}`];
    await verifiedStudent(a);
    await verifiedStudent(b);
    const key = randomUUID();
    expect((await publish(a, listing(), key)).status).toBe(201);
    const second = await publish(b, listing(), key);
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(await ownProducts(a)).toHaveLength(1);
    expect(await ownProducts(b)).toHaveLength(1);
  });
});

describe('questions, reports, alerts and university requests, retried', () => {
  it('a question sent twice with one key is asked once; failed and refused questions cost none of the 20 an hour', async () => {
    const asker = `pregunta-${randomUUID()}`;
    const product = await makeProduct(table, { university_id: uni, owner_id: `vendedor-${randomUUID()}` });
    const flaky = flakyTable(table, 'question');
    useParts({ questions: createQuestionRepository(flaky.access) });
    const ask = (text: string, key: string = randomUUID()) =>
      send('askQuestion', {
        claims: claims(asker),
        params: { id: product.id },
        body: { question_text: text },
        idempotencyKey: key,
      });
    const key = randomUUID();
    const first = await ask('¿Incluye el estuche?', key);
    expect(first.status).toBe(201);
    const again = await ask('¿Incluye el estuche?', key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    flaky.mode = 'down';
    for (let i = 0; i < 3; i += 1) expect((await ask(`¿Aceptas cambio ${i}?`)).status).toBe(503);
    flaky.mode = 'ok';
    for (let i = 0; i < 2; i += 1) expect((await ask(`Texto PROHIBIDO ${i}`)).status).toBe(422);
    for (let i = 1; i < 20; i += 1)
      expect((await ask(`¿Pregunta número ${i}?`)).status, `question ${i}`).toBe(201);
    const refused = await ask('¿Una más?');
    expect(refused.status).toBe(429);
    expect(messageOf(refused.body)).toBe(
      'Has hecho demasiadas preguntas en la última hora. Inténtalo de nuevo más tarde.',
    );
    const listed = (await send('listQuestions', { params: { id: product.id } })).body as { items: unknown[] };
    expect(listed.items).toHaveLength(20);
  });

  it("a report sent twice with one key gets the first answer (201), not 'already reported'; failed reports cost none of the 20 a day", async () => {
    const reporter = `reporta-${randomUUID()}`;
    const seller = `vendedor-${randomUUID()}`;
    const products = await Promise.all(
      Array.from({ length: 21 }, () => makeProduct(table, { university_id: uni, owner_id: seller })),
    );
    const flaky = flakyTable(table, 'report');
    useParts({ reports: createReportRepository(flaky.access) });
    const report = (id: number, key: string = randomUUID()) =>
      send('reportProduct', {
        claims: claims(reporter),
        params: { id },
        body: { report_category: 'spam' },
        idempotencyKey: key,
      });
    const key = randomUUID();
    expect(await report(products[0].id, key)).toMatchObject({ status: 201, body: { reported: true } });
    const again = await report(products[0].id, key);
    expect(again).toMatchObject({ status: 201, body: { reported: true } });
    expect(again.headers['idempotent-replayed']).toBe('true');
    // A new submission of the same report is still the information it always was.
    expect((await report(products[0].id)).status).toBe(409);
    flaky.mode = 'down';
    for (const p of products.slice(1, 6)) expect((await report(p.id)).status).toBe(503);
    flaky.mode = 'ok';
    for (const p of products.slice(1, 20)) expect((await report(p.id)).status, `product ${p.id}`).toBe(201);
    const refused = await report(products[20].id);
    expect(refused.status).toBe(429);
    expect(messageOf(refused.body)).toBe('Has enviado demasiados reportes hoy. Inténtalo de nuevo mañana.');
  });

  it("an alert saved twice with one key answers the saved search both times (201), not 'ya existe'; a failed save leaves the 10 in place", async () => {
    const sub = `alerta-${randomUUID()}`;
    const flaky = flakyTable(table, 'savedSearch');
    useParts({ savedSearches: createSavedSearchRepository(flaky.access) });
    const save = (q: string, key: string = randomUUID()) =>
      send('createAlert', { claims: claims(sub), body: { university: uni, q }, idempotencyKey: key });
    const key = randomUUID();
    const first = await save('calculadora', key);
    expect(first.status).toBe(201);
    const again = await save('calculadora', key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    flaky.mode = 'down';
    expect((await save('silla')).status).toBe(503);
    flaky.mode = 'ok';
    for (let i = 1; i < 10; i += 1) expect((await save(`mesa ${i}`)).status).toBe(201);
    expect((await save('lámpara')).status).toBe(409);
    expect(
      ((await send('listAlerts', { claims: claims(sub) })).body as { items: unknown[] }).items,
    ).toHaveLength(10);
  });

  it("a university request sent twice with one key is stored once; failed requests cost none of the account's 3 a day; an anonymous key is its connection's", async () => {
    const sub = `solicita-${randomUUID()}`;
    const flaky = flakyTable(table, 'universityRequest');
    // The optional caller's token, verified as the user pool would (authorization.test.ts checks the real one).
    const token = `token-${sub}`;
    useParts({
      universityRequests: createUniversityRequestRepository(flaky.access),
      tokenVerifier: { verify: async (t) => (t === token ? { sub, token_use: 'id' } : null) },
    });
    const body = (name: string) => ({
      university_name: name,
      university_full_name: `Universidad ${name}`,
      email_domain: `${name.toLowerCase()}.edu.ve`,
      city: 'Mérida',
    });
    const request = (name: string, opts: EventOptions = {}) =>
      send('createUniversityRequest', {
        headers: { authorization: `Bearer ${token}` },
        body: body(name),
        idempotencyKey: randomUUID(),
        ...opts,
      });
    const key = randomUUID();
    const first = await request('ULA', { idempotencyKey: key });
    expect(first.status).toBe(201);
    const again = await request('ULA', { idempotencyKey: key });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const stored = await table.doc.send(
      new GetCommand({
        TableName: table.tableName,
        Key: keys.universityRequest((first.body as { id: string }).id),
      }),
    );
    expect(stored.Item).toBeDefined();
    const mine = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        FilterExpression: 'requester_id = :me',
        ExpressionAttributeValues: { ':pk': keys.universityRequestsPartition, ':me': sub },
      }),
    );
    expect(mine.Items).toHaveLength(1);
    flaky.mode = 'down';
    for (const name of ['UNET', 'UNEFA', 'UPEL']) expect((await request(name)).status).toBe(503);
    flaky.mode = 'ok';
    expect((await request('UNERG')).status).toBe(201);
    expect((await request('UNESR')).status).toBe(201);
    const refused = await request('UNELLEZ');
    expect(refused.status).toBe(429);
    expect(messageOf(refused.body)).toBe(
      'Has enviado demasiadas solicitudes de universidad. Inténtalo de nuevo más tarde.',
    );

    // Anonymous: the key belongs to the connection that sent it.
    const anonymousKey = randomUUID();
    const anonymous = (sourceIp: string) =>
      send('createUniversityRequest', { body: body('UNESUR'), idempotencyKey: anonymousKey, sourceIp });
    const fromHome = await anonymous('10.77.0.1');
    expect(fromHome.status).toBe(201);
    expect((await anonymous('10.77.0.1')).body).toEqual(fromHome.body);
    const elsewhere = await anonymous('10.77.0.2');
    expect(elsewhere.status).toBe(201);
    expect((elsewhere.body as { id: string }).id).not.toBe((fromHome.body as { id: string }).id);
  });
});
