import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProfileRepository } from '../../functions/adapters/dynamodb/accounts';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { createQuestionRepository } from '../../functions/adapters/dynamodb/questions';
import { resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
import type { CommentModerator, QuestionRepository, StoredQuestion } from '../../functions/ports/questions';
import { deleteProductQuestions } from '../../functions/services/questions/questions';
import type { LocalServer } from '../../scripts/local/server';
import { COMMENT_MODERATION_FALLBACK } from '#shared/comment-moderation';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/idempotency';
import { makeQuestionId, QUESTION_LIMITS, QUESTION_MESSAGES } from '#shared/questions';
import type { Product } from '#shared/schemas';
import { keys } from '#shared/table';
import { type AccountParts, startAccountParts, startApiServer } from '../support/accounts';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';
import { apiEvent, invoke } from '../support/events';
import { handlerOf } from '../support/handlers';
import { decodeJwtPayload } from '../support/local-cognito';
import { MemorySearchIndex } from '../support/memory-search-index';
import { startTestStream, type TestStream } from '../support/stream';

/**
 * Questions and answers through the real local parts: the local server (the functions verify
 * tokens, the optional caller of the public list included) with cognito-local's tokens, the
 * real handlers and the rule comment moderator against DynamoDB Local, and the table's stream
 * feeding the real dispatcher. The moderator is replaced only to make it fail.
 */
const password = 'Clave12345';
const user = (email: string, name: string, nationalId: string) => ({
  email,
  password,
  name,
  nationalId,
  universityId: 'ucab',
  groups: [],
});
const SELLER = user('vendedora.q@correo.com', 'Valeria Vendedora', 'V70000001');
const ASKER = user('preguntona.q@correo.com', 'Ana Preguntona', 'V70000002');
const OTHER = user('otro.q@correo.com', 'Otro Estudiante', 'V70000003');
// Signed in but never opened /profile (as a Google account may be): no profile item yet.
const NEWCOMER = user('Nuevo.Q@correo.com', 'Nico Nuevo', 'V70000004');

let table: TableAccess;
let parts: AccountParts;
let server: LocalServer;
let stream: TestStream;
let questions: QuestionRepository;
const uni = uniqueUniversity('qa');
const token = { seller: '', asker: '', other: '', newcomer: '' };
const sub = { seller: '', asker: '', other: '', newcomer: '' };

type Who = keyof typeof token | 'anonymous';

async function api(who: Who, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(who !== 'anonymous' ? { authorization: `Bearer ${token[who]}` } : {}),
      // Asking is an idempotent create (decision 041): a client sends a key per submission.
      ...(method === 'POST' ? { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } : {}),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}
const list = (who: Who, productId: number) => api(who, 'GET', `/api/products/${productId}/questions`);
const ask = (who: Who, productId: number, text: unknown) =>
  api(who, 'POST', `/api/products/${productId}/questions`, { question_text: text });
const answer = (who: Who, productId: number, questionId: string, text: unknown) =>
  api(who, 'PUT', `/api/products/${productId}/questions/${questionId}/answer`, { answer_text: text });
const remove = (who: Who, productId: number, questionId: string) =>
  api(who, 'DELETE', `/api/products/${productId}/questions/${questionId}`);
const message = (body: unknown) => (body as { error: { message: string } }).error.message;
const code = (body: unknown) => (body as { error: { code: string } }).error.code;

/** The raw items of a product's partition that are questions (exactly what the table holds). */
async function storedItems(productId: number): Promise<Record<string, unknown>[]> {
  const res = await table.doc.send(
    new QueryCommand({
      TableName: table.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :q)',
      ExpressionAttributeValues: { ':pk': keys.productPartition(productId), ':q': keys.questionPrefix },
      ConsistentRead: true,
    }),
  );
  return res.Items ?? [];
}

const sellersProduct = (overrides: Partial<Product> = {}) =>
  makeProduct(table, {
    university_id: uni,
    owner_id: sub.seller,
    title: 'Calculadora Casio fx-570',
    ...overrides,
  });

/** Puts a question straight into the table (arranging data, not the behaviour under test). */
async function storeQuestion(productId: number, n: number, over: Partial<StoredQuestion> = {}) {
  const q: StoredQuestion = {
    id: makeQuestionId(Date.parse('2026-01-01T00:00:00Z') + n, n.toString(16).padStart(12, '0')),
    product_id: productId,
    product_title: 'Producto',
    seller_id: sub.seller,
    asker_id: `asker-${n}`,
    asker_name: `Persona ${n}`,
    question_text: `¿Pregunta número ${n}?`,
    created_at: new Date(Date.parse('2026-01-01T00:00:00Z') + n).toISOString(),
    ...over,
  };
  expect(await questions.create(q)).toBe(true);
  return q;
}

beforeAll(async () => {
  table = useTestTable();
  questions = createQuestionRepository(table);
  parts = await startAccountParts([SELLER, ASKER, OTHER, NEWCOMER]);
  server = await startApiServer(parts, 'questions');
  for (const [who, u] of [
    ['seller', SELLER],
    ['asker', ASKER],
    ['other', OTHER],
  ] as const) {
    token[who] = (await parts.cognito.signIn(u.email, u.password)).idToken;
    sub[who] = String(decodeJwtPayload(token[who]).sub);
    // As a confirmed sign-up leaves it: the profile holds the full name askers are shown by.
    await createProfileRepository(table).createIfAbsent({
      user_id: sub[who],
      email: u.email,
      full_name: u.name,
      university_email: null,
      university_email_verified: false,
      university_id: null,
      created_at: new Date().toISOString(),
    });
  }
  token.newcomer = (await parts.cognito.signIn(NEWCOMER.email, NEWCOMER.password)).idToken;
  sub.newcomer = String(decodeJwtPayload(token.newcomer).sub);
  stream = await startTestStream(table);
});
beforeEach(() => {
  // The stream's product handlers reach the search index: the in-memory one stands in for it.
  setHandlerContext({ search: new MemorySearchIndex() });
});
afterAll(async () => {
  await stream?.stop();
  await server?.close();
  await parts?.stop();
  resetContext();
});

describe('who may do what, on every route', () => {
  it('lets anyone read, the asker and other users ask, only the seller answer (once), only the asker delete', async () => {
    const product = await sellersProduct();
    // Nobody has asked yet: anyone reads an empty list; the anonymous answer may be cached briefly.
    const empty = await list('anonymous', product.id);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ items: [], is_seller: false, can_ask: false, closed_reason: null });
    expect(empty.headers.get('cache-control')).toMatch(/^public, max-age=30/);
    expect(empty.headers.get('vary')).toBe('Authorization');

    // Asking needs a session; the seller may not ask on their own product (403, Spanish).
    expect((await ask('anonymous', product.id, '¿Todavía está disponible?')).status).toBe(401);
    const own = await ask('seller', product.id, '¿Alguien lo quiere?');
    expect(own.status).toBe(403);
    expect(message(own.body)).toBe(QUESTION_MESSAGES.ownProduct);
    const asked = await ask('asker', product.id, '¿Todavía está disponible?');
    expect(asked.status).toBe(201);
    const question = asked.body as { id: string };
    expect(asked.body).toMatchObject({
      product_id: product.id,
      asker_name: 'Ana Preguntona',
      question_text: '¿Todavía está disponible?',
      answer_text: null,
      answered_at: null,
      mine: true,
      can_answer: false,
    });
    expect((await ask('other', product.id, '¿Acepta pago móvil?')).status).toBe(201);

    // Each reader gets their own flags, never cached.
    const asSeller = await list('seller', product.id);
    expect(asSeller.headers.get('cache-control')).toBe('private, no-store');
    expect(asSeller.body).toMatchObject({ is_seller: true, can_ask: false, closed_reason: null });
    const sellerItems = (asSeller.body as { items: { mine: boolean; can_answer: boolean }[] }).items;
    expect(sellerItems.map((q) => [q.mine, q.can_answer])).toEqual([
      [false, true],
      [false, true],
    ]);
    const asAsker = await list('asker', product.id);
    expect(asAsker.body).toMatchObject({ is_seller: false, can_ask: true });
    expect((asAsker.body as { items: { mine: boolean }[] }).items.map((q) => q.mine)).toEqual([true, false]);
    // Public answers never carry account ids.
    for (const reader of ['anonymous', 'asker', 'other', 'seller'] as const) {
      const text = JSON.stringify((await list(reader, product.id)).body);
      for (const id of Object.values(sub)) expect(text, reader).not.toContain(id);
    }

    // Only the seller answers, once.
    expect((await answer('anonymous', product.id, question.id, 'Sí, sigue disponible.')).status).toBe(401);
    for (const who of ['asker', 'other'] as const) {
      const refused = await answer(who, product.id, question.id, 'Sí, sigue disponible.');
      expect(refused.status, who).toBe(403);
      expect(message(refused.body)).toBe(QUESTION_MESSAGES.onlySeller);
    }
    const answered = await answer('seller', product.id, question.id, 'Sí, sigue disponible.');
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ answer_text: 'Sí, sigue disponible.', can_answer: false });
    const again = await answer('seller', product.id, question.id, 'Ya te respondí.');
    expect(again.status).toBe(409);
    expect(message(again.body)).toBe(QUESTION_MESSAGES.alreadyAnswered);

    // Only the asker deletes.
    expect((await remove('anonymous', product.id, question.id)).status).toBe(401);
    for (const who of ['seller', 'other'] as const) {
      const refused = await remove(who, product.id, question.id);
      expect(refused.status, who).toBe(403);
      expect(message(refused.body)).toBe(QUESTION_MESSAGES.onlyAsker);
    }
    expect((await remove('asker', product.id, question.id)).body).toEqual({ id: question.id, deleted: true });
    expect((await remove('asker', product.id, question.id)).status).toBe(404);
    const after = (await list('anonymous', product.id)).body as { items: { question_text: string }[] };
    expect(after.items.map((q) => q.question_text)).toEqual(['¿Acepta pago móvil?']);
  });

  it('stores exactly the attributes the contract names, in the product partition', async () => {
    const product = await sellersProduct({ title: 'Guitarra acústica Yamaha C40' });
    const asked = await ask('asker', product.id, '¿Incluye el\u200B estuche?\u0000');
    const id = (asked.body as { id: string }).id;
    expect(id).toMatch(/^\d{13}-[0-9a-f]{12}$/);
    const key = keys.question(product.id, id);
    expect(key).toEqual({ pk: `PRODUCT#${product.id}`, sk: `QUESTION#${id}` });
    const read = async () =>
      (await table.doc.send(new GetCommand({ TableName: table.tableName, Key: key, ConsistentRead: true })))
        .Item;
    const item = await read();
    expect(Object.keys(item ?? {}).sort()).toEqual(
      [
        'entity',
        'pk',
        'sk',
        'id',
        'product_id',
        'product_title',
        'seller_id',
        'asker_id',
        'asker_name',
        'question_text',
        'created_at',
      ].sort(),
    );
    expect(item).toMatchObject({
      entity: 'question',
      id,
      product_id: product.id,
      product_title: 'Guitarra acústica Yamaha C40',
      seller_id: sub.seller,
      asker_id: sub.asker,
      asker_name: 'Ana Preguntona',
      // Stored clean: no zero-width or control characters.
      question_text: '¿Incluye el estuche?',
    });
    expect(new Date(String(item?.created_at)).toISOString()).toBe(item?.created_at);
    await answer('seller', product.id, id, 'Sí, con su estuche y cuerdas de repuesto.');
    const answered = await read();
    expect(Object.keys(answered ?? {})).toEqual(expect.arrayContaining(['answer_text', 'answered_at']));
    expect(Object.keys(answered ?? {})).toHaveLength(13);
    expect(answered?.answer_text).toBe('Sí, con su estuche y cuerdas de repuesto.');
  });
});

describe('the asker without a profile', () => {
  it('gets one from the token on asking, so the answer can be mailed to them', async () => {
    const profiles = createProfileRepository(table);
    expect(await profiles.get(sub.newcomer)).toBeNull();
    const product = await sellersProduct({ title: 'Lámpara de escritorio LED' });
    const asked = await ask('newcomer', product.id, '¿La lámpara tiene regulador de intensidad?');
    expect(asked.status).toBe(201);
    const profile = await profiles.get(sub.newcomer);
    expect(profile).toMatchObject({
      user_id: sub.newcomer,
      email: 'nuevo.q@correo.com',
      university_email_verified: false,
    });
    // cognito-local's ID tokens carry no `name` claim (Cognito's do): the name is the token's, if any.
    const claimed = decodeJwtPayload(token.newcomer).name;
    expect(profile?.full_name ?? null).toBe(typeof claimed === 'string' ? claimed : null);
    expect((asked.body as { asker_name: string }).asker_name).toBe(profile?.full_name ?? 'Usuario');
    // Asking again reads the profile it made (nothing is created twice or overwritten).
    expect((await ask('newcomer', product.id, '¿Y la base es ajustable en altura?')).status).toBe(201);
    expect(await profiles.get(sub.newcomer)).toEqual(profile);
  });
});

describe('state of the product', () => {
  it('reads a sold or inactive product’s questions for its seller only, and takes no new ones (409)', async () => {
    for (const status of ['sold', 'inactive'] as const) {
      const product = await sellersProduct({ status });
      const q = await storeQuestion(product.id, 1);
      expect((await list('anonymous', product.id)).status).toBe(404);
      expect((await list('asker', product.id)).status).toBe(404);
      const seller = await list('seller', product.id);
      expect(seller.status).toBe(200);
      expect(seller.body).toMatchObject({
        is_seller: true,
        can_ask: false,
        closed_reason: QUESTION_MESSAGES.notOnSale,
      });
      expect((seller.body as { items: { can_answer: boolean }[] }).items.map((i) => i.can_answer)).toEqual([
        false,
      ]);
      const asked = await ask('asker', product.id, '¿Todavía está disponible?');
      expect(asked.status).toBe(409);
      expect(message(asked.body)).toBe(QUESTION_MESSAGES.notOnSale);
      expect((await answer('seller', product.id, q.id, 'Ya se vendió.')).status).toBe(409);
      expect(await storedItems(product.id)).toHaveLength(1);
    }
  });

  it('hides a product held for review (three verified reports) like an inactive one: seller only, no new questions', async () => {
    const product = await sellersProduct({});
    const q = await storeQuestion(product.id, 1);
    expect((await list('asker', product.id)).status).toBe(200);
    expect(await createProductRepository(table).hold(product.id, new Date().toISOString(), null)).toBe(true);
    expect((await list('anonymous', product.id)).status).toBe(404);
    expect((await list('asker', product.id)).status).toBe(404);
    expect((await list('seller', product.id)).status).toBe(200);
    expect((await ask('asker', product.id, '¿Todavía está disponible?')).status).toBe(409);
    expect((await answer('seller', product.id, q.id, 'Sí, disponible.')).status).toBe(409);
    expect(await storedItems(product.id)).toHaveLength(1);
  });

  it('takes no question for an imported listing whose seller has no account yet', async () => {
    const product = await makeProduct(table, { university_id: uni, owner_id: null });
    const read = await list('asker', product.id);
    expect(read.body).toMatchObject({
      can_ask: false,
      is_seller: false,
      closed_reason: QUESTION_MESSAGES.noSeller,
    });
    const asked = await ask('asker', product.id, '¿Todavía está disponible?');
    expect(asked.status).toBe(409);
    expect(message(asked.body)).toBe(QUESTION_MESSAGES.noSeller);
    expect(await storedItems(product.id)).toEqual([]);
  });

  it('answers 404 for unknown products and questions, and for malformed ids of either', async () => {
    const product = await sellersProduct();
    const q = await storeQuestion(product.id, 2);
    const unknownProduct = 999_999_999;
    expect((await list('anonymous', unknownProduct)).status).toBe(404);
    expect((await ask('asker', unknownProduct, '¿Sigue disponible?')).status).toBe(404);
    expect((await answer('seller', unknownProduct, q.id, 'Sí.')).status).toBe(404);
    const unknownQuestion = makeQuestionId(Date.now(), 'abcdefabcdef');
    expect((await answer('seller', product.id, unknownQuestion, 'Sí, disponible.')).status).toBe(404);
    expect((await remove('asker', product.id, unknownQuestion)).status).toBe(404);
    for (const bad of [
      'abc',
      `${q.id}x`,
      q.id.toUpperCase().replace(/-/, '_'),
      'QUESTION%23x',
      '..%2F..%2Fx',
      '0',
    ])
      for (const res of [
        await answer('seller', product.id, bad, 'Sí, disponible.'),
        await remove('asker', product.id, bad),
      ]) {
        expect(res.status, bad).toBe(404);
        expect(message(res.body)).toBe(QUESTION_MESSAGES.notFound);
      }
    for (const bad of ['0x10', '1e1', '00001', '-1'])
      expect((await api('anonymous', 'GET', `/api/products/${bad}/questions`)).status, bad).toBe(404);
    expect(await storedItems(product.id)).toHaveLength(1);
  });
});

describe('what is written', () => {
  it('refuses malformed, oversized and hostile input with a 4xx and the spec messages, changing nothing', async () => {
    const product = await sellersProduct();
    const q = await storeQuestion(product.id, 3);
    const post = (body: unknown) => api('asker', 'POST', `/api/products/${product.id}/questions`, body);
    const cases: [unknown, number, string | null][] = [
      ['{"question_text": ', 400, 'El cuerpo de la solicitud no es un JSON válido.'],
      [{}, 400, null],
      [{ question_text: 42 }, 400, null],
      [{ question_text: '¿Sigue?', extra: true }, 400, null],
      [{ question_text: 'ok' }, 400, 'Contenido demasiado corto'],
      [{ question_text: ' \u200B\u200Bab\u0000 ' }, 400, 'Contenido demasiado corto'],
      [{ question_text: `¿${'palabra '.repeat(150)}?` }, 400, 'Contenido repetitivo detectado'],
      [{ question_text: 'x'.repeat(2001) }, 400, 'Contenido demasiado largo'],
      // Past the API's body limit the router refuses the body itself (decision 043).
      [{ question_text: 'y'.repeat(100_000) }, 413, 'La solicitud es demasiado grande.'],
      [{ question_text: 'Escríbeme al WhatsApp' }, 400, 'Patrón de spam detectado'],
      [{ question_text: 'Llámame al 04141234567' }, 400, 'Patrón de spam detectado'],
      [{ question_text: 'Mira https://estafa.example' }, 400, 'Patrón de spam detectado'],
      [{ question_text: '¿Sigue disponible?!!!!!!!!!!!' }, 400, 'Patrón de spam detectado'],
    ];
    for (const [body, status, text] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      if (text) expect(message(res.body)).toBe(text);
    }
    // The same checks on answers; an answer body with a question's field is not an answer.
    for (const body of [
      { answer_text: 'no' },
      { question_text: 'Sí, disponible.' },
      { answer_text: 'wasap 0414' },
    ]) {
      const res = await api('seller', 'PUT', `/api/products/${product.id}/questions/${q.id}/answer`, body);
      expect(res.status).toBe(400);
    }
    expect((await storedItems(product.id)).map((i) => [i.id, i.answer_text])).toEqual([[q.id, undefined]]);
  });

  it('stores markup as plain text (the page shows it as text)', async () => {
    const product = await sellersProduct();
    const hostile = '<img src=x onerror="alert(1)"> ¿sigue disponible?';
    const res = await ask('asker', product.id, hostile);
    expect(res.status).toBe(201);
    expect((await storedItems(product.id))[0].question_text).toBe(hostile);
  });

  it('saves nothing the comment moderator refuses, and says why (422)', async () => {
    const product = await sellersProduct();
    const q = await storeQuestion(product.id, 4);
    for (const text of [
      'Cállate idiota',
      'Escríbeme al cero cuatro catorce, uno dos tres',
      'Búscame en insta',
    ]) {
      const res = await ask('other', product.id, text);
      expect(res.status, text).toBe(422);
      expect(code(res.body)).toBe('content_rejected');
    }
    const rude = await answer('seller', product.id, q.id, 'Qué pregunta tan estúpida');
    expect(rude.status).toBe(422);
    expect(message(rude.body)).toBe('Lenguaje ofensivo o irrespetuoso');
    expect((await storedItems(product.id)).map((i) => [i.id, i.answer_text])).toEqual([[q.id, undefined]]);
  });

  it("saves nothing when the moderator fails: 'Error de moderación' (503), and the same request works later", async () => {
    const product = await sellersProduct();
    const q = await storeQuestion(product.id, 5);
    const failing: CommentModerator = { moderateComment: async () => COMMENT_MODERATION_FALLBACK };
    setHandlerContext({ search: new MemorySearchIndex(), commentModerator: failing });
    const asked = await ask('asker', product.id, '¿Acepta pago móvil?');
    expect(asked.status).toBe(503);
    expect(code(asked.body)).toBe('moderation_error');
    expect(message(asked.body)).toBe(QUESTION_MESSAGES.moderationUnavailable);
    expect((await answer('seller', product.id, q.id, 'Sí, acepto pago móvil.')).status).toBe(503);
    expect((await storedItems(product.id)).map((i) => [i.id, i.answer_text])).toEqual([[q.id, undefined]]);

    setHandlerContext({ search: new MemorySearchIndex() });
    expect((await ask('asker', product.id, '¿Acepta pago móvil?')).status).toBe(201);
    expect((await answer('seller', product.id, q.id, 'Sí, acepto pago móvil.')).status).toBe(200);
  });

  it('lets exactly one of two concurrent answers win; the other is a 409', async () => {
    const product = await sellersProduct();
    for (let round = 0; round < 5; round += 1) {
      const q = await storeQuestion(product.id, 100 + round);
      const [a, b] = await Promise.all([
        answer('seller', product.id, q.id, 'Sí, sigue disponible.'),
        answer('seller', product.id, q.id, 'No, ya está apartado.'),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const winner = (a.status === 200 ? a : b).body as { answer_text: string };
      const stored = (await questions.get(product.id, q.id))?.answer_text;
      expect(stored).toBe(winner.answer_text);
    }
  });

  it('lists a product’s questions oldest first (one Query of its partition)', async () => {
    const product = await sellersProduct();
    let clock = Date.parse('2026-03-01T12:00:00.000Z');
    const handler = handlerOf('askQuestion');
    setHandlerContext({ search: new MemorySearchIndex(), now: () => new Date(clock) });
    const texts = ['¿Primera pregunta?', '¿Segunda pregunta?', '¿Tercera pregunta?', '¿Cuarta pregunta?'];
    for (const text of texts) {
      // The creation time is the id's prefix (the sort key): later questions sort after, whatever
      // their random suffix.
      const res = await invoke(
        handler,
        apiEvent('askQuestion', {
          params: { id: product.id },
          claims: { sub: `orden-${clock}-${text.length}`, token_use: 'id', name: 'Orden' },
          body: { question_text: text },
        }),
      );
      expect(res.status).toBe(201);
      clock += 1000;
    }
    const read = (await list('anonymous', product.id)).body as {
      items: { question_text: string; created_at: string }[];
    };
    expect(read.items.map((q) => q.question_text)).toEqual(texts);
  });
});

describe('limits', () => {
  it(`takes ${QUESTION_LIMITS.questionsPerHour} questions an hour per account, then a Spanish 429 with nothing saved`, async () => {
    const product = await sellersProduct();
    const handler = handlerOf('askQuestion');
    let clock = Date.parse('2026-04-01T08:00:00.000Z');
    setHandlerContext({ search: new MemorySearchIndex(), now: () => new Date(clock) });
    const asker = `limite-${Date.now()}`;
    const ask1 = (text: string) =>
      invoke(
        handler,
        apiEvent('askQuestion', {
          params: { id: product.id },
          claims: { sub: asker, token_use: 'id', name: 'Límite' },
          body: { question_text: text },
        }),
      );
    for (let i = 1; i <= QUESTION_LIMITS.questionsPerHour; i += 1) {
      clock += 60_000;
      expect((await ask1(`¿Pregunta ${i} sobre el producto?`)).status).toBe(201);
    }
    const refused = await ask1('¿Una pregunta más?');
    expect(refused.status).toBe(429);
    expect(message(refused.body)).toBe(QUESTION_MESSAGES.tooManyQuestions);
    expect(await storedItems(product.id)).toHaveLength(QUESTION_LIMITS.questionsPerHour);
    // The window slides: an hour after the first question, one more is taken.
    clock = Date.parse('2026-04-01T08:00:00.000Z') + 60 * 60_000 + 60_001;
    expect((await ask1('¿Y ahora sí?')).status).toBe(201);
  });

  it(`takes ${QUESTION_LIMITS.answersPerHour} answers an hour per seller, then a Spanish 429 with nothing saved`, async () => {
    const seller = `vendedor-limite-${Date.now()}`;
    const product = await makeProduct(table, { university_id: uni, owner_id: seller });
    const handler = handlerOf('answerQuestion');
    setHandlerContext({ search: new MemorySearchIndex(), now: () => new Date('2026-04-02T08:00:00.000Z') });
    const stored: StoredQuestion[] = [];
    for (let i = 0; i <= QUESTION_LIMITS.answersPerHour; i += 1)
      stored.push(await storeQuestion(product.id, 1000 + i, { seller_id: seller }));
    const reply = (q: StoredQuestion) =>
      invoke(
        handler,
        apiEvent('answerQuestion', {
          params: { id: product.id, questionId: q.id },
          claims: { sub: seller, token_use: 'id' },
          body: { answer_text: `Respuesta a ${q.question_text}` },
        }),
      );
    for (const q of stored.slice(0, QUESTION_LIMITS.answersPerHour))
      expect((await reply(q)).status).toBe(200);
    const last = stored[QUESTION_LIMITS.answersPerHour];
    const refused = await reply(last);
    expect(refused.status).toBe(429);
    expect(message(refused.body)).toBe(QUESTION_MESSAGES.tooManyAnswers);
    expect((await questions.get(product.id, last.id))?.answer_text).toBeUndefined();
  });
});

describe("a product's deletion", () => {
  it('removes its questions through the table stream, and only its own', async () => {
    const product = await sellersProduct();
    const neighbour = await sellersProduct();
    expect((await ask('asker', product.id, '¿Todavía está disponible?')).status).toBe(201);
    // More than one batch of deletes (25 a batch).
    for (let i = 0; i < 30; i += 1) await storeQuestion(product.id, 2000 + i);
    await storeQuestion(neighbour.id, 3000);
    expect(await storedItems(product.id)).toHaveLength(31);

    await createProductRepository(table).deleteOwned(product.id, sub.seller);
    await stream.settle();
    expect(await storedItems(product.id)).toEqual([]);
    expect(await storedItems(neighbour.id)).toHaveLength(1);
    // Replays change nothing (the record may be delivered again).
    expect(await deleteProductQuestions({ questions }, product.id)).toBe(0);
    expect((await list('anonymous', product.id)).status).toBe(404);
  });
});
