import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProfileRepository } from '../../functions/adapters/dynamodb/accounts';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import { createRebuildableEmbeddedIndex } from '../../functions/adapters/search/embedded';
import { resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
import type { AuditEntry } from '#shared/admin';
import type { RouteName } from '#shared/routes';
import type { Product } from '#shared/schemas';
import { keys } from '#shared/table';
import { type MeetingPoint, type Seller, TRUST_MESSAGES } from '#shared/trust';
import {
  DEMO_MEETING_POINTS,
  DEMO_SELLER_MEMBER_SINCE,
  DEMO_SELLER_VERIFIED_AT,
  seedDemoTrust,
} from '../../scripts/demo/trust';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';
import { apiEvent, type EventOptions, invoke } from '../support/events';
import { handlerOf } from '../support/handlers';

/**
 * Issue 14 through the real handlers against DynamoDB Local (docs/decisions/032): a university's
 * meeting points (public read; admin CRUD, audited, refused to students and anonymous callers;
 * bad input changes nothing) and the public seller page (exact counts under concurrent publishing
 * and selling, nothing private in its JSON, unknown sellers a 404, the hide-sold switch).
 * Permissions of every route through HTTP are in authorization.test.ts as well.
 */
let table: TableAccess;
const run = Date.now().toString(36);
const ADMIN = `admin-tr-${run}`;
const STUDENT = `student-tr-${run}`;

const claims = (sub: string, groups: string[] = []) => ({
  sub,
  email: `${sub}@correo.com`,
  token_use: 'id',
  ...(groups.length ? { 'cognito:groups': groups } : {}),
});
type Caller = 'admin' | 'none' | string;
const call = (name: RouteName, opts: EventOptions & { as?: Caller } = {}) => {
  const { as = 'admin', ...rest } = opts;
  const who = as === 'none' ? {} : { claims: as === 'admin' ? claims(ADMIN, ['admin']) : claims(as) };
  return invoke(handlerOf(name), apiEvent(name, { ...rest, ...who }));
};
const errorOf = (body: unknown) => (body as { error: { message: string } }).error;

async function newUniversity(prefix: string): Promise<string> {
  const id = uniqueUniversity(prefix);
  const ok = await createUniversityRepository(table).putIfAbsent({
    id,
    name: `U${prefix.toUpperCase()}`,
    full_name: `Universidad ${prefix}`,
    email_domain: `${id}.edu.ve`,
    created_at: new Date().toISOString(),
  });
  if (!ok) throw new Error('university exists');
  return id;
}

const points = async (uni: string) => {
  const res = await call('listMeetingPoints', { as: 'none', params: { id: uni } });
  expect(res.status).toBe(200);
  return (res.body as { items: MeetingPoint[] }).items;
};
const audit = async (uni: string) => {
  const res = await call('adminListAudit', { query: { entity_type: 'university', entity_id: uni } });
  expect(res.status).toBe(200);
  return (res.body as { items: AuditEntry[] }).items;
};

beforeAll(() => {
  table = useTestTable();
});
beforeEach(() => setHandlerContext({ search: createRebuildableEmbeddedIndex() }));
afterAll(() => resetContext());

describe("a university's meeting points", () => {
  it('are added, edited and deleted by an admin, each change audited; anyone reads them', async () => {
    const uni = await newUniversity('mp');
    expect(await points(uni)).toEqual([]);

    const created = await call('adminCreateMeetingPoint', {
      params: { id: uni },
      body: {
        name: '  Entrada de la Biblioteca Central ',
        description: 'Frente a los torniquetes',
        hours: '7:00 a 18:00',
      },
    });
    expect(created.status).toBe(201);
    const point = created.body as MeetingPoint;
    expect(point).toMatchObject({
      university_id: uni,
      name: 'Entrada de la Biblioteca Central',
      description: 'Frente a los torniquetes',
      hours: '7:00 a 18:00',
    });
    const second = await call('adminCreateMeetingPoint', {
      params: { id: uni },
      body: { name: 'Cafetín de Ingeniería' },
    });
    expect(second.status).toBe(201);
    expect((second.body as MeetingPoint).description).toBeNull();

    // Public read: anonymous, sorted by name, briefly cacheable.
    const list = await call('listMeetingPoints', { as: 'none', params: { id: uni } });
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect((list.body as { items: MeetingPoint[] }).items.map((p) => p.name)).toEqual([
      'Cafetín de Ingeniería',
      'Entrada de la Biblioteca Central',
    ]);

    const edited = await call('adminUpdateMeetingPoint', {
      params: { id: uni, pointId: point.id },
      body: { name: 'Entrada de la Biblioteca', description: null, hours: 'Lunes a viernes, 7:00 a 18:00' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: point.id, name: 'Entrada de la Biblioteca', description: null });
    expect((await points(uni)).find((p) => p.id === point.id)?.hours).toBe('Lunes a viernes, 7:00 a 18:00');

    const removed = await call('adminDeleteMeetingPoint', { params: { id: uni, pointId: point.id } });
    expect(removed.status).toBe(200);
    expect((await points(uni)).map((p) => p.name)).toEqual(['Cafetín de Ingeniería']);
    // Deleting again: 404, nothing else changes.
    const again = await call('adminDeleteMeetingPoint', { params: { id: uni, pointId: point.id } });
    expect(again.status).toBe(404);
    expect(errorOf(again.body).message).toBe(TRUST_MESSAGES.meetingPointNotFound);

    // The university's history holds every change, with who, before and after.
    const history = await audit(uni);
    expect(history.map((e) => e.action).sort()).toEqual([
      'meeting_point.create',
      'meeting_point.create',
      'meeting_point.delete',
      'meeting_point.update',
    ]);
    const update = history.find((e) => e.action === 'meeting_point.update')!;
    expect(update.actor_id).toBe(ADMIN);
    expect(update.before).toMatchObject({
      meeting_point_id: point.id,
      name: 'Entrada de la Biblioteca Central',
    });
    expect(update.after).toMatchObject({ name: 'Entrada de la Biblioteca', description: null });
    const deletion = history.find((e) => e.action === 'meeting_point.delete')!;
    expect(deletion.before).toMatchObject({ name: 'Entrada de la Biblioteca' });
    expect(deletion.after).toBeNull();
  });

  it('refuse students (403) and anonymous callers (401) on the admin routes, changing nothing', async () => {
    const uni = await newUniversity('mq');
    const kept = await call('adminCreateMeetingPoint', {
      params: { id: uni },
      body: { name: 'Plaza central' },
    });
    const id = (kept.body as MeetingPoint).id;
    for (const as of [STUDENT, 'none']) {
      const status = as === 'none' ? 401 : 403;
      expect(
        (await call('adminCreateMeetingPoint', { as, params: { id: uni }, body: { name: 'Otro' } })).status,
      ).toBe(status);
      expect(
        (
          await call('adminUpdateMeetingPoint', {
            as,
            params: { id: uni, pointId: id },
            body: { name: 'Otro' },
          })
        ).status,
      ).toBe(status);
      expect((await call('adminDeleteMeetingPoint', { as, params: { id: uni, pointId: id } })).status).toBe(
        status,
      );
    }
    expect((await points(uni)).map((p) => p.name)).toEqual(['Plaza central']);
    expect((await audit(uni)).length).toBe(1);
  });

  it('refuse bad input with a clear Spanish message and change nothing', async () => {
    const uni = await newUniversity('mr');
    const kept = await call('adminCreateMeetingPoint', {
      params: { id: uni },
      body: { name: 'Plaza central' },
    });
    const id = (kept.body as MeetingPoint).id;
    const cases: [RouteName, EventOptions, number, string][] = [
      [
        'adminCreateMeetingPoint',
        { params: { id: uni }, body: { name: '   ' } },
        400,
        TRUST_MESSAGES.meetingPointNameRequired,
      ],
      [
        'adminCreateMeetingPoint',
        { params: { id: uni }, body: {} },
        400,
        TRUST_MESSAGES.meetingPointNameRequired,
      ],
      [
        'adminCreateMeetingPoint',
        { params: { id: uni }, body: { name: 'x'.repeat(201) } },
        400,
        TRUST_MESSAGES.meetingPointNameTooLong,
      ],
      [
        'adminUpdateMeetingPoint',
        { params: { id: uni, pointId: id }, body: { name: 'x'.repeat(201) } },
        400,
        TRUST_MESSAGES.meetingPointNameTooLong,
      ],
      [
        'adminCreateMeetingPoint',
        { params: { id: `nada-${run}`.slice(0, 20) }, body: { name: 'Plaza' } },
        404,
        'Universidad no encontrada',
      ],
      [
        'adminUpdateMeetingPoint',
        { params: { id: uni, pointId: 'no-existe' }, body: { name: 'Plaza' } },
        404,
        TRUST_MESSAGES.meetingPointNotFound,
      ],
    ];
    for (const [name, opts, status, message] of cases) {
      const res = await call(name, opts);
      expect(res.status, `${name} ${JSON.stringify(opts.body)}`).toBe(status);
      expect(errorOf(res.body).message).toBe(message);
    }
    // A 200-character name is the limit, not over it.
    const longest = await call('adminCreateMeetingPoint', {
      params: { id: uni },
      body: { name: 'y'.repeat(200) },
    });
    expect(longest.status).toBe(201);
    expect((await points(uni)).map((p) => p.name)).toEqual(['Plaza central', 'y'.repeat(200)]);
    expect((await audit(uni)).length).toBe(2);
    // The public read of an unknown university is a 404 too.
    const unknown = await call('listMeetingPoints', {
      as: 'none',
      params: { id: `nada-${run}`.slice(0, 20) },
    });
    expect(unknown.status).toBe(404);
  });
  it('go with their university when its deletion job removes it', async () => {
    const uni = await newUniversity('md');
    const kept = await call('adminCreateMeetingPoint', {
      params: { id: uni },
      body: { name: 'Plaza central' },
    });
    const id = (kept.body as MeetingPoint).id;
    // As the deletion job finds it once its products are gone: marked deleting by the job.
    await table.doc.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: keys.university(uni),
        UpdateExpression: 'SET deleting_job_id = :j',
        ExpressionAttributeValues: { ':j': 'job-md' },
      }),
    );
    await createUniversityRepository(table).remove(uni, 'job-md');
    const left = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.meetingPoint(uni, id), ConsistentRead: true }),
    );
    expect(left.Item).toBeUndefined();
    expect((await call('listMeetingPoints', { as: 'none', params: { id: uni } })).status).toBe(404);
    // Re-created under the same id, the university starts with none.
    await createUniversityRepository(table).putIfAbsent({
      id: uni,
      name: 'Otra',
      full_name: 'Otra universidad',
      email_domain: `${uni}.edu.ve`,
      created_at: new Date().toISOString(),
    });
    expect(await points(uni)).toEqual([]);
  });
});

describe('the seller page', () => {
  const SELLER_EMAIL = `vendedora-${run}@correo.com`;
  let INSTITUTIONAL = '';
  const PHONE = '+584241112233';
  const NATIONAL_ID = 'V19876543';

  async function newSeller(uni: string, sub: string): Promise<void> {
    const profiles = createProfileRepository(table);
    // One account per institutional address: each seller of this file has their own.
    INSTITUTIONAL = `${sub}@${uni}.edu.ve`;
    await profiles.createIfAbsent({
      user_id: sub,
      email: SELLER_EMAIL,
      full_name: 'Ana Vendedora',
      university_email: null,
      university_email_verified: false,
      university_id: null,
      created_at: '2025-03-14T10:00:00.000Z',
    });
    // Verified the way the institutional code does it (which records when).
    expect(await profiles.setInstitutional(sub, INSTITUTIONAL, uni, null)).toMatchObject({
      university_email_verified: true,
    });
    // A national id on the profile item must never reach the page either.
    await table.doc.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: keys.profile(sub),
        UpdateExpression: 'SET national_id = :n, phone = :p',
        ExpressionAttributeValues: { ':n': NATIONAL_ID, ':p': PHONE },
      }),
    );
  }
  const productOf = (uni: string, sub: string, extra: Partial<Product> = {}) =>
    makeProduct(table, {
      university_id: uni,
      owner_id: sub,
      seller_name: 'Ana Vendedora',
      seller_email: INSTITUTIONAL,
      whatsapp_number: PHONE,
      ...extra,
    });
  const seller = async (id: string) => {
    const res = await call('getSeller', { as: 'none', params: { id } });
    return res;
  };

  it('counts exactly under 20 concurrent publishes and 10 concurrent sales', async () => {
    const uni = await newUniversity('sc');
    const sub = `seller-c-${run}`;
    await newSeller(uni, sub);
    const before = await Promise.all(Array.from({ length: 10 }, () => productOf(uni, sub)));
    await productOf(uni, sub, { status: 'reserved' }); // on offer: counted active
    await productOf(uni, sub, { status: 'inactive' }); // neither
    await productOf(uni, sub, { held_at: new Date().toISOString() }); // hidden for review: neither
    // Act: 20 publishes and 10 sales at once (the sales through the owner's own route).
    const sells = before.map((p) =>
      call('setOwnProductStatus', { as: sub, params: { id: p.id }, body: { status: 'sold' } }),
    );
    const [sold] = await Promise.all([
      Promise.all(sells),
      Promise.all(Array.from({ length: 20 }, () => productOf(uni, sub))),
    ]);
    expect(sold.map((r) => r.status)).toEqual(Array(10).fill(200));
    // Assess: the owner index is read on each request (eventually consistent by a few ms).
    let page: Seller | undefined;
    for (let i = 0; i < 50; i++) {
      const res = await seller(sub);
      expect(res.status).toBe(200);
      page = res.body as Seller;
      if (page.active_count === 21 && page.sold_count === 10) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(page?.active_count).toBe(21);
    expect(page?.sold_count).toBe(10);
    expect(page?.listings.length).toBe(21);
    expect(page?.sold_listings.length).toBe(10);
    expect(page?.listings.every((p) => p.status === 'active' || p.status === 'reserved')).toBe(true);
  });

  it('shows what earns trust and nothing private; cached like other public reads', async () => {
    const uni = await newUniversity('sp');
    const sub = `seller-p-${run}`;
    await newSeller(uni, sub);
    const listed = await productOf(uni, sub, { title: 'Calculadora científica' });
    await productOf(uni, sub, { status: 'sold', title: 'Libro de cálculo' });

    const res = await seller(sub);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const page = res.body as Seller;
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect(page).toMatchObject({
      id: sub,
      display_name: 'Ana Vendedora',
      university_id: uni,
      university_name: 'USP',
      verified: true,
      verified_month: thisMonth,
      member_since: '2025-03',
      active_count: 1,
      sold_count: 1,
      sold_hidden: false,
    });
    expect(page.listings.map((p) => p.title)).toEqual(['Calculadora científica']);
    expect(page.sold_listings.map((p) => p.title)).toEqual(['Libro de cálculo']);
    // Nothing private, under any key.
    const json = JSON.stringify(res.body);
    for (const secret of [SELLER_EMAIL, INSTITUTIONAL, PHONE, NATIONAL_ID, '@', '4241112233'])
      expect(json).not.toContain(secret);
    for (const key of [
      'email',
      'university_email',
      'seller_email',
      'whatsapp_number',
      'phone',
      'national_id',
    ])
      expect(json).not.toContain(`"${key}"`);

    // The product page names the seller's page, still without the e-mail or phone.
    const detail = await call('getProduct', { as: 'none', params: { id: listed.id } });
    expect(detail.status).toBe(200);
    expect((detail.body as { seller_id: string }).seller_id).toBe(sub);
    expect(JSON.stringify(detail.body)).not.toContain(PHONE);
    expect(JSON.stringify(detail.body)).not.toContain(INSTITUTIONAL);
  });

  it('hides the sold listing when the seller says so (the count stays)', async () => {
    const uni = await newUniversity('sh');
    const sub = `seller-h-${run}`;
    await newSeller(uni, sub);
    await productOf(uni, sub, { status: 'sold' });
    const initial = await call('getSellerPageSettings', { as: sub });
    expect(initial.body).toEqual({ hide_sold: false });
    expect((await call('updateSellerPageSettings', { as: sub, body: { hide_sold: true } })).body).toEqual({
      hide_sold: true,
    });
    expect((await call('getSellerPageSettings', { as: sub })).body).toEqual({ hide_sold: true });
    const page = (await seller(sub)).body as Seller;
    expect(page).toMatchObject({ sold_hidden: true, sold_count: 1, sold_listings: [] });
    // Bad input: refused, nothing changed.
    const bad = await call('updateSellerPageSettings', { as: sub, body: { hide_sold: 'sí' } });
    expect(bad.status).toBe(400);
    expect(errorOf(bad.body).message).toBe(TRUST_MESSAGES.hideSoldRequired);
    expect((await call('getSellerPageSettings', { as: sub })).body).toEqual({ hide_sold: true });
    expect((await call('getSellerPageSettings', { as: 'none' })).status).toBe(401);
  });

  it('answers 404 "Vendedor no encontrado" for an unknown or malformed id', async () => {
    for (const id of [`nadie-${run}`, 'a b', 'x'.repeat(129)]) {
      const res = await seller(id);
      expect(res.status, id).toBe(404);
      expect(errorOf(res.body).message).toBe('Vendedor no encontrado');
    }
  });

  it('records when an admin verifies an address, and forgets it when the verification is removed', async () => {
    const uni = await newUniversity('sv');
    const sub = `seller-v-${run}`;
    const profiles = createProfileRepository(table);
    await profiles.createIfAbsent({
      user_id: sub,
      email: `v-${run}@correo.com`,
      full_name: 'Verificada',
      university_email: `v-${run}@${uni}.edu.ve`,
      university_email_verified: false,
      university_id: uni,
      created_at: new Date().toISOString(),
    });
    const stored = async () =>
      (await table.doc.send(new GetCommand({ TableName: table.tableName, Key: keys.profile(sub) }))).Item;
    expect(
      (
        await call('adminSetUserVerification', {
          params: { userId: sub },
          body: { university_email_verified: true },
        })
      ).status,
    ).toBe(200);
    expect((await stored())?.university_email_verified_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(((await seller(sub)).body as Seller).verified_month).toBe(new Date().toISOString().slice(0, 7));
    await call('adminSetUserVerification', {
      params: { userId: sub },
      body: { university_email_verified: false },
    });
    expect((await stored())?.university_email_verified_at).toBeNull();
    expect(((await seller(sub)).body as Seller).verified).toBe(false);
  });
});

describe('the demo seed', () => {
  it('gives each demo university 2 or 3 meeting points and verifies the demo seller once', async () => {
    // The demo's UCAB exists (as the demo seed's import writes it); the other demo universities get
    // their points only where they exist.
    await createUniversityRepository(table).putIfAbsent({
      id: 'ucab',
      name: 'UCAB',
      full_name: 'Universidad Católica Andrés Bello',
      email_domain: 'est.ucab.edu.ve',
      created_at: '2025-01-15T12:00:00.000Z',
    });
    const sub = `demo-seller-${run}`;
    const email = `demo-${run}@est.ucab.edu.ve`;
    await createProfileRepository(table).createIfAbsent({
      user_id: sub,
      email,
      full_name: 'Carlos Demo',
      university_email: null,
      university_email_verified: false,
      university_id: null,
      created_at: new Date().toISOString(),
    });
    const first = await seedDemoTrust(table, { seller: { id: sub, email, universityId: 'ucab' } });
    expect(first.sellerVerified).toBe(true);
    for (const [uni, expected] of Object.entries(DEMO_MEETING_POINTS)) {
      expect(expected.length).toBeGreaterThanOrEqual(2);
      expect(expected.length).toBeLessThanOrEqual(3);
      const exists = await createUniversityRepository(table).get(uni);
      if (!exists && uni !== 'ucab') continue;
      const names = (await points(uni)).map((p) => p.name);
      for (const p of expected) expect(names).toContain(p.name);
    }
    const again = await seedDemoTrust(table, { seller: { id: sub, email, universityId: 'ucab' } });
    expect(again).toEqual({ meetingPoints: 0, sellerVerified: false });
    const stored = (
      await table.doc.send(new GetCommand({ TableName: table.tableName, Key: keys.profile(sub) }))
    ).Item;
    expect(stored).toMatchObject({
      university_email: email,
      university_email_verified: true,
      university_email_verified_at: DEMO_SELLER_VERIFIED_AT,
      created_at: DEMO_SELLER_MEMBER_SINCE,
    });
  });
});
