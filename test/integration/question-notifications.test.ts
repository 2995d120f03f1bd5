import { randomBytes } from 'node:crypto';
import { marshall } from '@aws-sdk/util-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createProfileRepository } from '../../functions/adapters/dynamodb/accounts';
import { resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
import { handler as dispatchStream } from '../../functions/app/stream';
import { ENV } from '../../functions/commons/env';
import type { StoredQuestion } from '../../functions/ports/questions';
import { signUnsubscribeToken } from '../../functions/services/notifications/unsubscribe-tokens';
import type { NotificationSweeper } from '../../scripts/local/notification-sweeper';
import { NOTIFICATION_MESSAGES } from '#shared/notification-schemas';
import { keys } from '#shared/table';
import {
  type AccountParts,
  APP_URL,
  type ProfilePerson,
  profilePerson,
  startAccountParts,
} from '../support/accounts';
import { useTestTable } from '../support/backend';
import { apiEvent, invoke, lambdaContext } from '../support/events';
import { handlerOf } from '../support/handlers';
import { MemorySearchIndex } from '../support/memory-search-index';
import { eventually, type Mail, mailTo } from '../support/mailbox';
import {
  answerQuestion,
  questionId,
  startTestSweeper,
  useNotifySecret,
  writeQuestion,
} from '../support/notifications';
import { startTestStream, type TestStream } from '../support/stream';

/**
 * Question and answer mails against the local parts (docs/decisions/020): question items written
 * straight into DynamoDB Local in the questions area's shape, the local stream poller feeding the
 * real dispatcher, the local sweeper closing windows (2 seconds long here), and the SES emulator's
 * mailbox; the settings and unsubscribe routes through the accounts area's handler.
 */
const WINDOW_SECONDS = 2;
let table: TableAccess;
let parts: AccountParts;
let stream: TestStream;
let sweeper: NotificationSweeper;
let secret: string;

const getSettings = handlerOf('getNotificationSettings');
const putSettings = handlerOf('updateNotificationSettings');
const unsubscribe = handlerOf('unsubscribeNotifications');

type Person = ProfilePerson;
const person = (name: string) => profilePerson(table, name);

beforeAll(async () => {
  table = useTestTable();
  parts = await startAccountParts();
  secret = useNotifySecret();
  process.env[ENV.notifyWindowSeconds] = String(WINDOW_SECONDS);
  setHandlerContext({ search: new MemorySearchIndex() });
  stream = await startTestStream(table);
  sweeper = startTestSweeper();
});
afterAll(async () => {
  await sweeper?.stop();
  await stream?.stop();
  delete process.env[ENV.notifyWindowSeconds];
  resetContext();
  await parts?.stop();
});

let seller: Person;
let asker: Person;
let productId: number;

beforeEach(async () => {
  seller = await person('Carlos');
  asker = await person('Ana');
  productId = 900_000 + Math.floor(Math.random() * 90_000);
});
afterEach(() => stream.resume());

const mails = (p: Person) => mailTo(parts.ses.endpoint, p.email);

async function ask(text: string, by: Person = asker): Promise<StoredQuestion> {
  const q: StoredQuestion = {
    id: questionId(),
    product_id: productId,
    product_title: 'Calculadora Casio fx-991',
    seller_id: seller.id,
    asker_id: by.id,
    asker_name: by.name,
    question_text: text,
    created_at: new Date().toISOString(),
  };
  await writeQuestion(table, q);
  return q;
}

const tokenIn = (mail: Mail) => mail.text.match(/\/notificaciones\/baja#token=([\w.-]+)/)?.[1] ?? '';
const errorMessage = (body: unknown) => (body as { error: { message: string } }).error.message;
const settingsOf = async (p: Person) =>
  (await invoke(getSettings, apiEvent('getNotificationSettings', { claims: p.claims }))).body;

describe('the seller is mailed a new question', () => {
  it('with the question, the product link and an unsubscribe link (page and one-click headers)', async () => {
    await ask('¿Todavía la tienes? ¿Incluye el estuche?');
    await stream.settle();
    const [mail, ...more] = await mails(seller);
    expect(more).toEqual([]);
    expect(mail.subject).toBe('Nueva pregunta sobre «Calculadora Casio fx-991»');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Hola, Carlos:');
      expect(body).toContain('Ana preguntó sobre tu producto');
      expect(body).toContain('¿Todavía la tienes? ¿Incluye el estuche?');
      expect(body).toContain(`${APP_URL}/product/${productId}`);
      expect(body).toContain(`${APP_URL}/notificaciones/baja#token=`);
    }
    const token = tokenIn(mail);
    expect(mail.headers['list-unsubscribe']).toBe(
      `<${APP_URL}/api/notifications/unsubscribe?token=${token}>`,
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(await mails(asker)).toEqual([]);
  });

  it('three questions within the window: one mail at once, and one mail gathering the other two when it closes', async () => {
    await ask('Primera: ¿acepta pago móvil?');
    await stream.settle();
    const opened = Date.now();
    await ask('Segunda: ¿la puedo ver en la universidad?');
    await ask('Tercera: ¿tiene garantía?');
    await stream.settle();
    expect((await mails(seller)).map((m) => m.subject)).toEqual([
      'Nueva pregunta sobre «Calculadora Casio fx-991»',
    ]);
    const all = await eventually(
      'the gathered mail',
      () => mails(seller),
      (m) => m.length >= 2,
    );
    // Not before the window closed, and only one more.
    expect(Date.now() - opened).toBeGreaterThanOrEqual(WINDOW_SECONDS * 1000 - 500);
    expect(all).toHaveLength(2);
    expect(all[1].subject).toBe('2 preguntas nuevas sobre «Calculadora Casio fx-991»');
    expect(all[1].text).toContain('Segunda: ¿la puedo ver en la universidad?');
    expect(all[1].text).toContain('Tercera: ¿tiene garantía?');
    expect(all[1].text).not.toContain('Primera');
    // The next window gathers nothing: nothing more is sent.
    await new Promise((r) => setTimeout(r, (WINDOW_SECONDS + 1) * 1000));
    expect(await mails(seller)).toHaveLength(2);
  });

  it('never when the asker is the seller', async () => {
    await ask('Pregunta en mi propio producto', seller);
    await stream.settle();
    await sweeper.sweepNow();
    expect(await mails(seller)).toEqual([]);
  });

  it('a replayed stream record mails nothing twice', async () => {
    const q = await ask('¿Hace envíos a Caracas?');
    await stream.settle();
    expect(await mails(seller)).toHaveLength(1);
    const item = (
      await table.doc.send(
        new GetCommand({ TableName: table.tableName, Key: keys.question(productId, q.id) }),
      )
    ).Item!;
    // The same record again, as Lambda redelivers a batch (same image, same sequence number).
    const record: DynamoDBStreamEvent = {
      Records: [
        {
          eventID: 'replayed',
          eventName: 'INSERT',
          eventSource: 'aws:dynamodb',
          dynamodb: {
            Keys: marshall(keys.question(productId, q.id)) as never,
            NewImage: marshall(item) as never,
            SequenceNumber: '1',
            StreamViewType: 'NEW_AND_OLD_IMAGES',
          },
        },
      ],
    };
    for (let i = 0; i < 3; i += 1) await dispatchStream(record, lambdaContext('stream'));
    await new Promise((r) => setTimeout(r, (WINDOW_SECONDS + 1) * 1000));
    expect(await mails(seller)).toHaveLength(1);
  });
});

describe('a seller the table has no profile of', () => {
  it('is found in the user pool by id, mailed, and given a profile (where their switch lives)', async () => {
    const email = `sin.perfil-${randomBytes(3).toString('hex')}@correo.com`;
    const sub = await parts.createAccount(email, 'Clave12345', 'Pedro Pérez');
    seller = { id: sub, email, name: 'Pedro Pérez', claims: { sub, email } };
    await ask('¿Todavía está disponible?');
    await stream.settle();
    const [mail] = await mailTo(parts.ses.endpoint, email);
    expect(mail.subject).toBe('Nueva pregunta sobre «Calculadora Casio fx-991»');
    expect(mail.text).toContain('Hola, Pedro Pérez:');
    // Made by the mail's sender (read before any route could make it from a token).
    const profile = await createProfileRepository(table).get(sub);
    expect(profile).toMatchObject({ user_id: sub, email, full_name: 'Pedro Pérez' });
    expect(await settingsOf(seller)).toEqual({ questions: true });
  });
});

describe('a restart', () => {
  it('loses no gathered question: a window that closed while nothing swept is mailed by the first sweep after', async () => {
    await sweeper.stop();
    try {
      await ask('Antes del reinicio: ¿sigue disponible?');
      await stream.settle();
      await ask('Durante la ventana: ¿acepta cambios?');
      await stream.settle();
      await new Promise((r) => setTimeout(r, (WINDOW_SECONDS + 0.5) * 1000));
      expect(await mails(seller)).toHaveLength(1);
    } finally {
      sweeper = startTestSweeper();
    }
    const all = await eventually(
      'the gathered mail after the restart',
      () => mails(seller),
      (m) => m.length >= 2,
    );
    expect(all[1].text).toContain('Durante la ventana: ¿acepta cambios?');
  });
});

describe('the asker is mailed the answer', () => {
  it('with their question, the answer and the product link', async () => {
    const q = await ask('¿Funciona con pilas o solar?');
    await stream.settle();
    await answerQuestion(table, q, 'Tiene las dos: pila y panel solar.');
    await stream.settle();
    const [mail, ...more] = await mails(asker);
    expect(more).toEqual([]);
    expect(mail.subject).toBe('Respondieron tu pregunta sobre «Calculadora Casio fx-991»');
    expect(mail.text).toContain('Hola, Ana:');
    expect(mail.text).toContain('¿Funciona con pilas o solar?');
    expect(mail.text).toContain('Tiene las dos: pila y panel solar.');
    expect(mail.text).toContain(`${APP_URL}/product/${productId}`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The seller got the question only, never the answer they wrote.
    expect((await mails(seller)).map((m) => m.subject)).toEqual([
      'Nueva pregunta sobre «Calculadora Casio fx-991»',
    ]);
  });
});

describe('the switch in /settings → Notificaciones', () => {
  it('is on by default; turned off, no mail goes out; turned on again, mails come back', async () => {
    expect(await settingsOf(seller)).toEqual({ questions: true });
    const off = await invoke(
      putSettings,
      apiEvent('updateNotificationSettings', { claims: seller.claims, body: { questions: false } }),
    );
    expect(off).toMatchObject({ status: 200, body: { questions: false } });
    expect(await settingsOf(seller)).toEqual({ questions: false });
    await ask('¿Sigue disponible?');
    await stream.settle();
    await sweeper.sweepNow();
    expect(await mails(seller)).toEqual([]);

    await invoke(
      putSettings,
      apiEvent('updateNotificationSettings', { claims: seller.claims, body: { questions: true } }),
    );
    await ask('¿Y ahora?');
    await stream.settle();
    expect((await mails(seller)).map((m) => m.text).join()).toContain('¿Y ahora?');
  });

  it('needs a session (401) and only ever changes the caller’s own switch', async () => {
    expect((await invoke(getSettings, apiEvent('getNotificationSettings'))).status).toBe(401);
    expect(
      (await invoke(putSettings, apiEvent('updateNotificationSettings', { body: { questions: false } })))
        .status,
    ).toBe(401);
    // Naming someone else is not part of the request: refused, and nothing changes.
    const naming = await invoke(
      putSettings,
      apiEvent('updateNotificationSettings', {
        claims: asker.claims,
        body: { questions: false, user_id: seller.id },
      }),
    );
    expect(naming.status).toBe(400);
    const asAsker = await invoke(
      putSettings,
      apiEvent('updateNotificationSettings', { claims: asker.claims, body: { questions: false } }),
    );
    expect(asAsker.status).toBe(200);
    expect(await settingsOf(seller)).toEqual({ questions: true });
    expect(await settingsOf(asker)).toEqual({ questions: false });
  });

  it('refuses anything but true or false with a Spanish 400, changing nothing', async () => {
    for (const body of [{ questions: 'no' }, {}, { questions: null }, 'not json']) {
      const res = await invoke(
        putSettings,
        apiEvent('updateNotificationSettings', { claims: seller.claims, body }),
      );
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const res = await invoke(
      putSettings,
      apiEvent('updateNotificationSettings', { claims: seller.claims, body: { questions: 'no' } }),
    );
    expect(errorMessage(res.body)).toBe(NOTIFICATION_MESSAGES.switchRequired);
    expect(await settingsOf(seller)).toEqual({ questions: true });
  });
});

describe('the unsubscribe link', () => {
  const post = (token: string, init: { sourceIp?: string; form?: boolean } = {}) =>
    invoke(
      unsubscribe,
      apiEvent('unsubscribeNotifications', {
        query: { token },
        sourceIp: init.sourceIp,
        ...(init.form
          ? {
              body: 'List-Unsubscribe=One-Click',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
            }
          : {}),
      }),
    );

  it('turns the mails off without a session, for good: no more mails', async () => {
    await ask('¿Cuánto es lo menos?');
    await stream.settle();
    const [mail] = await mails(seller);
    const res = await post(tokenIn(mail));
    expect(res).toMatchObject({ status: 200, body: { ok: true, notifications: { questions: false } } });
    expect(await settingsOf(seller)).toEqual({ questions: false });
    // Again (a reload, the mail provider's one-click after the page): still fine, nothing else changes.
    expect((await post(tokenIn(mail))).status).toBe(200);
    await new Promise((r) => setTimeout(r, (WINDOW_SECONDS + 0.5) * 1000));
    await ask('¿Sigue en venta?');
    await stream.settle();
    await sweeper.sweepNow();
    expect(await mails(seller)).toHaveLength(1);
  });

  it("works as the mail provider's one-click POST to the List-Unsubscribe URL (a form body)", async () => {
    await ask('¿Me la apartas?');
    await stream.settle();
    const [mail] = await mails(seller);
    const url = new URL(mail.headers['list-unsubscribe'].slice(1, -1));
    const res = await post(url.searchParams.get('token')!, { form: true });
    expect(res.status).toBe(200);
    expect(await settingsOf(seller)).toEqual({ questions: false });
  });

  it('refuses tampered, foreign, wrong-purpose and malformed tokens with a Spanish 400, changing nothing', async () => {
    const good = signUnsubscribeToken(Buffer.from(secret), seller.id, new Date());
    const [payload, mac] = good.split('.');
    const forged = `${Buffer.from(JSON.stringify({ sub: seller.id, pur: 'unsubscribe:questions', iat: 2 })).toString('base64url')}.${mac}`;
    const bad = [
      `${payload}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      forged,
      signUnsubscribeToken(randomBytes(48), seller.id, new Date()),
      signUnsubscribeToken(Buffer.from(secret), seller.id, new Date(), 'unsubscribe:everything'),
      'not-a-token',
      '',
    ];
    const client = `10.77.${Math.floor(Math.random() * 250)}.1`;
    for (const token of bad) {
      const res = await post(token, { sourceIp: client });
      expect(res.status, token).toBe(400);
      expect(errorMessage(res.body)).toBe(NOTIFICATION_MESSAGES.invalidUnsubscribeLink);
    }
    expect(await settingsOf(seller)).toEqual({ questions: true });
  });

  it('limits refused links per client address (429 in Spanish), while valid links keep working from there', async () => {
    const client = `10.88.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const wrongKey = randomBytes(48);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1)
      statuses.push(
        (await post(signUnsubscribeToken(wrongKey, `x${i}`, new Date()), { sourceIp: client })).status,
      );
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    const limited = await post(signUnsubscribeToken(wrongKey, 'y', new Date()), { sourceIp: client });
    expect(limited.status).toBe(429);
    expect(errorMessage(limited.body)).toContain('Demasiadas solicitudes');
    const valid = await post(signUnsubscribeToken(Buffer.from(secret), seller.id, new Date()), {
      sourceIp: client,
    });
    expect(valid.status).toBe(200);
  });
});
