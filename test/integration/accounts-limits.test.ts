import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import { resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
import { ENV } from '../../functions/commons/env';
import { VIEWER_ADDRESS_HEADER } from '../../functions/http/client-ip';
import type { RouteName } from '#shared/routes';
import { type AccountParts, startAccountParts } from '../support/accounts';
import { uniqueUniversity, useTestTable } from '../support/backend';
import { apiEvent, type EventOptions, invoke } from '../support/events';
import { handlerOf } from '../support/handlers';
import { MemorySearchIndex } from '../support/memory-search-index';
import { startTestStream, type TestStream } from '../support/stream';

/**
 * Issue 12, item 4: one account, or one client, cannot make the service mail any number of
 * addresses. Institutional codes are limited per account as well as per address; the public
 * routes that mail (sign-up, sign-up code, password reset) per client address too, without
 * telling addresses apart. Real DynamoDB Local, cognito-local, the SES emulator and the stream.
 */
let table: TableAccess;
let parts: AccountParts;
let stream: TestStream;
const university = uniqueUniversity('lim');
const domain = `est.${university}.edu.ve`;
let seq = 0;
const fresh = () => `limite${++seq}-${Date.now()}@correo.com`;
const errorOf = (body: unknown) => (body as { error: { message: string } }).error.message;
const FROM_CLIENT = 'Demasiadas solicitudes desde tu conexión. Inténtalo de nuevo en una hora.';
let ip = 0;
/** A client address no other test of this run uses. */
const newClient = () => `198.18.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

beforeAll(async () => {
  table = useTestTable();
  parts = await startAccountParts();
  stream = await startTestStream(table);
  await createUniversityRepository(table).putIfAbsent({
    id: university,
    name: 'Límite',
    full_name: 'Universidad del Límite',
    email_domain: domain,
    city: 'Caracas',
    logo: null,
    created_at: '2025-01-01T00:00:00.000Z',
  });
});
beforeEach(() => setHandlerContext({ search: new MemorySearchIndex() }));
afterEach(() => {
  delete process.env[ENV.clientIpHeader];
});
afterAll(async () => {
  await stream?.stop();
  resetContext();
  await parts?.stop();
});

const call = (route: RouteName, body: unknown, opts: EventOptions = {}) =>
  invoke(handlerOf(route), apiEvent(route, { body, ...opts }));
/**
 * The i-th of the public routes that mail, in turn: a registration, a new code for a registration
 * (made first from another connection, so only the resend counts for this one), a reset.
 */
const publicMail = async (i: number, email: string, opts: EventOptions) => {
  const route = (['signUp', 'requestSignUpCode', 'requestPasswordReset'] as const)[i % 3];
  const details = { email, full_name: 'Ana Límite', national_id: 'V-1234567', university_id: '' };
  if (route === 'signUp') return call(route, details, opts);
  if (route === 'requestSignUpCode') {
    const made = await call('signUp', details, { sourceIp: newClient() });
    return call(route, { registration: (made.body as { registration: string }).registration }, opts);
  }
  return call(route, { email }, opts);
};

describe('the public routes that mail, per client address', () => {
  it('take 60 an hour from one client, together, then answer 429 in Spanish; other clients go on', async () => {
    const client = newClient();
    for (let i = 0; i < 60; i++)
      expect((await publicMail(i, fresh(), { sourceIp: client })).status, `request ${i + 1}`).toBe(202);
    for (let i = 0; i < 3; i++) {
      const refused = await publicMail(i, fresh(), { sourceIp: client });
      expect(refused.status).toBe(429);
      expect(errorOf(refused.body)).toBe(FROM_CLIENT);
    }
    expect((await publicMail(0, fresh(), { sourceIp: newClient() })).status).toBe(202);
    await stream.settle();
  });

  it('answer the same at the limit whether the address has an account or not', async () => {
    const client = newClient();
    for (let i = 0; i < 60; i++) await publicMail(2, fresh(), { sourceIp: client });
    const confirmed = fresh();
    await parts.createAccount(confirmed, 'Clave-limite-1');
    const withAccount = await call('requestPasswordReset', { email: confirmed }, { sourceIp: client });
    const without = await call('requestPasswordReset', { email: fresh() }, { sourceIp: client });
    expect(withAccount).toEqual(without);
    expect(withAccount.status).toBe(429);
    await stream.settle();
    expect(await parts.mailTo(confirmed)).toEqual([]);
  });

  it('count the connection locally: a client cannot dodge the limit with a forged header', async () => {
    const client = newClient();
    for (let i = 0; i < 60; i++)
      await publicMail(i, fresh(), { sourceIp: client, headers: { [VIEWER_ADDRESS_HEADER]: newClient() } });
    const forged = await publicMail(0, fresh(), {
      sourceIp: client,
      headers: { [VIEWER_ADDRESS_HEADER]: newClient() },
    });
    expect(forged.status).toBe(429);
    await stream.settle();
  });

  it("count CloudFront's viewer address in AWS, not the edge's (every request arrives from an edge)", async () => {
    process.env[ENV.clientIpHeader] = VIEWER_ADDRESS_HEADER;
    const edge = newClient();
    const viewer = newClient();
    for (let i = 0; i < 60; i++)
      await publicMail(i, fresh(), { sourceIp: edge, headers: { [VIEWER_ADDRESS_HEADER]: viewer } });
    expect(
      (await publicMail(0, fresh(), { sourceIp: edge, headers: { [VIEWER_ADDRESS_HEADER]: viewer } })).status,
    ).toBe(429);
    // Another viewer behind the same edge is another client.
    expect(
      (await publicMail(0, fresh(), { sourceIp: edge, headers: { [VIEWER_ADDRESS_HEADER]: newClient() } }))
        .status,
    ).toBe(202);
    await stream.settle();
  });
});

describe('institutional codes, per account', () => {
  const claims = (sub: string) => ({ sub, email: `${sub}@correo.com`, token_use: 'id' });
  const request = (sub: string, email: string) =>
    call('requestInstitutionalCode', { university_id: university, email }, { claims: claims(sub) });

  it('go to at most 10 addresses of one account in 24 hours, then 429 in Spanish; other accounts go on', async () => {
    const account = `inst-limit-${Date.now()}`;
    const addresses = Array.from({ length: 12 }, (_, i) => `alumno${i}-${Date.now()}@${domain}`);
    for (const address of addresses.slice(0, 10)) expect((await request(account, address)).status).toBe(202);
    for (const address of addresses.slice(10)) {
      const refused = await request(account, address);
      expect(refused.status).toBe(429);
      expect(errorOf(refused.body)).toBe(
        'Has solicitado demasiados códigos de verificación institucional. Inténtalo de nuevo en 24 horas.',
      );
      expect(await parts.mailTo(address)).toEqual([]);
    }
    expect((await request(`${account}-otra`, addresses[11])).status).toBe(202);
    expect(await parts.mailTo(addresses[11])).toHaveLength(1);
  });
});
