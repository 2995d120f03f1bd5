import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createFavoriteRepository,
  createProfileRepository,
} from '../../functions/adapters/dynamodb/accounts';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createSavedSearchRepository } from '../../functions/adapters/dynamodb/alerts';
import { createCountStore } from '../../functions/adapters/dynamodb/counts';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import { reportEntity } from '../../functions/adapters/dynamodb/entities';
import { createRebuildableEmbeddedIndex } from '../../functions/adapters/search/embedded';
import { createEmbeddedSavedSearchIndex } from '../../functions/adapters/search/embedded-alerts';
import { resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
import type { SearchIndex } from '../../functions/ports/search-index';
import type { AdminJob, AdminUniversity, AuditEntry } from '#shared/admin';
import { ADMIN_MESSAGES } from '#shared/admin-messages';
import type { ProductReport } from '#shared/reports';
import type { RouteName } from '#shared/routes';
import type { Product } from '#shared/schemas';
import { ADMIN_COUNTS, keys } from '#shared/table';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';
import { apiEvent, type EventOptions, invoke } from '../support/events';
import { handlerOf } from '../support/handlers';
import { startTestStream, type TestStream } from '../support/stream';

/**
 * The admin area's routes through the real handlers against DynamoDB Local, with the table's stream
 * dispatched by the real dispatcher (as `npm start` runs it) and the embedded search engine as the
 * index (issue 10; docs/decisions/025 and 026). The jobs run in this process as the local runner
 * runs them. Permissions through HTTP and the pool are in authorization.test.ts (every route);
 * the role change, which needs the user pool, in admin-roles.test.ts.
 */
let table: TableAccess;
let stream: TestStream;
let search: SearchIndex;
const run = Date.now().toString(36);
const ADMIN = `admin-${run}`;
const STUDENT = `student-${run}`;
const launched: string[] = [];

const claims = (sub: string, groups: string[] = []) => ({
  sub,
  email: `${sub}@correo.com`,
  token_use: 'id',
  ...(groups.length ? { 'cognito:groups': groups } : {}),
});
const errorOf = (body: unknown) => (body as { error: { code: string; message: string } }).error;

async function call(
  name: RouteName,
  opts: EventOptions & { as?: 'admin' | 'student' | 'super' | 'none' } = {},
) {
  const { as = 'admin', ...rest } = opts;
  const who =
    as === 'none'
      ? {}
      : {
          claims:
            as === 'admin'
              ? claims(ADMIN, ['admin'])
              : as === 'super'
                ? claims(`super-${run}`, ['admin', 'super_admin'])
                : claims(STUDENT),
        };
  return invoke(handlerOf(name), apiEvent(name, { ...rest, ...who }));
}

async function auditOf(entityType: string, entityId: string): Promise<AuditEntry[]> {
  const res = await call('adminListAudit', { query: { entity_type: entityType, entity_id: entityId } });
  expect(res.status).toBe(200);
  return (res.body as { items: AuditEntry[] }).items;
}

beforeAll(async () => {
  table = useTestTable();
  search = createRebuildableEmbeddedIndex();
  stream = await startTestStream(table);
});
beforeEach(() => {
  launched.length = 0;
  setHandlerContext({ search, jobLauncher: { launch: async (id) => void launched.push(id) } });
});
afterAll(async () => {
  await stream?.stop();
  resetContext();
});

describe('who may use the admin routes', () => {
  it('a student is refused (403) on every admin route, with nothing changed; an admin is served', async () => {
    const p = await makeProduct(table, { university_id: uniqueUniversity('perm') });
    const asStudent = await call('adminSetProductStatus', {
      as: 'student',
      params: { id: p.id },
      body: { status: 'inactive' },
    });
    expect(asStudent.status).toBe(403);
    expect((await createProductRepository(table).get(p.id))?.status).toBe('active');
    expect((await call('adminDashboard', { as: 'student' })).status).toBe(403);
    expect((await call('adminDashboard', { as: 'none' })).status).toBe(401);
    expect((await call('adminDashboard')).status).toBe(200);
  });
});

describe('Productos', () => {
  it('lists every product of every status newest first, filters by status and university, finds by id and title', async () => {
    const uni = uniqueUniversity('ap');
    const a = await makeProduct(table, { university_id: uni, title: 'Calculadora científica Casio' });
    const b = await makeProduct(table, { university_id: uni, title: 'Libro de cálculo', status: 'inactive' });
    const c = await makeProduct(table, { university_id: uni, title: 'Silla de escritorio', status: 'sold' });
    const page = await call('adminListProducts', { query: { university: uni } });
    expect(page.status).toBe(200);
    expect((page.body as { items: Product[] }).items.map((p) => p.id)).toEqual([c.id, b.id, a.id]);
    const inactive = await call('adminListProducts', { query: { university: uni, status: 'inactive' } });
    expect((inactive.body as { items: Product[] }).items.map((p) => p.id)).toEqual([b.id]);
    const byTitle = await call('adminListProducts', { query: { university: uni, q: 'CALCULO' } });
    expect((byTitle.body as { items: Product[] }).items.map((p) => p.id)).toEqual([b.id]);
    const byId = await call('adminListProducts', { query: { q: String(c.id) } });
    expect((byId.body as { items: Product[] }).items.map((p) => p.id)).toEqual([c.id]);
    // Pages of one: a cursor leads through all three, and a tampered cursor is a 400.
    const first = await call('adminListProducts', { query: { university: uni, limit: '1' } });
    const next = (first.body as { nextCursor: string }).nextCursor;
    expect(next).toBeTruthy();
    const second = await call('adminListProducts', { query: { university: uni, limit: '1', cursor: next } });
    expect((second.body as { items: Product[] }).items.map((p) => p.id)).toEqual([b.id]);
    expect((await call('adminListProducts', { query: { cursor: 'abc' } })).status).toBe(400);
    expect((await call('adminListProducts', { query: { status: 'borrado' } })).status).toBe(400);
  });

  it('reads an inactive product (the public page answers 404), toggles it with an audit record, and the index follows', async () => {
    const p = await makeProduct(table, { university_id: uniqueUniversity('at'), title: 'Guitarra acústica' });
    await stream.settle();
    const off = await call('adminSetProductStatus', { params: { id: p.id }, body: { status: 'inactive' } });
    expect(off.status).toBe(200);
    expect((off.body as Product).status).toBe('inactive');
    await stream.settle();
    expect(await search.ids?.()).not.toContain(p.id);
    expect((await call('getProduct', { params: { id: p.id }, as: 'none' })).status).toBe(404);
    const read = await call('adminGetProduct', { params: { id: p.id } });
    expect(read.status).toBe(200);
    expect((read.body as Product).status).toBe('inactive');
    const on = await call('adminSetProductStatus', { params: { id: p.id }, body: { status: 'active' } });
    expect((on.body as Product).status).toBe('active');
    await stream.settle();
    expect(await search.ids?.()).toContain(p.id);
    const history = await auditOf('product', String(p.id));
    expect(history.map((h) => [h.action, h.before, h.after, h.actor_id])).toEqual([
      ['product.status', { status: 'inactive' }, { status: 'active' }, ADMIN],
      ['product.status', { status: 'active' }, { status: 'inactive' }, ADMIN],
    ]);
  });

  it('refuses bad input with nothing changed: a sold product, an unknown id, a non-canonical id, another status', async () => {
    const sold = await makeProduct(table, { university_id: uniqueUniversity('as'), status: 'sold' });
    const res = await call('adminSetProductStatus', { params: { id: sold.id }, body: { status: 'active' } });
    expect(res.status).toBe(409);
    expect(errorOf(res.body).message).toBe(ADMIN_MESSAGES.soldStatus);
    expect(
      (await call('adminSetProductStatus', { params: { id: 999999999 }, body: { status: 'active' } })).status,
    ).toBe(404);
    expect((await call('adminGetProduct', { params: { id: '012' } })).status).toBe(404);
    const bad = await call('adminSetProductStatus', { params: { id: sold.id }, body: { status: 'sold' } });
    expect(bad.status).toBe(400);
    expect(await auditOf('product', String(sold.id))).toEqual([]);
  });

  it('deletes a product with its favorites and questions; its reports keep their snapshot', async () => {
    const p = await makeProduct(table, { university_id: uniqueUniversity('ad'), title: 'Bicicleta' });
    await createFavoriteRepository(table).add(`fan-${run}`, p.id, new Date().toISOString());
    await table.doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: {
          ...keys.question(p.id, `${Date.now()}-abcdefabcdef`),
          entity: 'question',
          id: `${Date.now()}-abcdefabcdef`,
          product_id: p.id,
          asker_id: 'asker',
          question_text: '¿Sigue disponible?',
          answer_text: null,
          created_at: new Date().toISOString(),
          answered_at: null,
        },
      }),
    );
    await putReport(p, `reporter-${run}-del`);
    const res = await call('adminDeleteProduct', { params: { id: p.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: p.id, deleted: true });
    await stream.settle();
    expect(await createProductRepository(table).get(p.id)).toBeNull();
    expect(await createFavoriteRepository(table).listProducts(`fan-${run}`)).toEqual([]);
    const fav = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.favorite(`fan-${run}`, p.id) }),
    );
    expect(fav.Item).toBeUndefined();
    const report = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.report(p.id, `reporter-${run}-del`) }),
    );
    expect(report.Item?.product_title).toBe('Bicicleta');
    const [audit] = await auditOf('product', String(p.id));
    expect(audit).toMatchObject({ action: 'product.delete', after: null, before: { title: 'Bicicleta' } });
    expect((await call('adminDeleteProduct', { params: { id: p.id } })).status).toBe(404);
  });
});

async function putReport(p: Product, reporterId: string, overrides: Partial<ProductReport> = {}) {
  const report: ProductReport = {
    id: `${reporterId}-r`,
    product_id: p.id,
    reporter_id: reporterId,
    reporter_name: `Reportero ${reporterId}`,
    reporter_university_email: `${reporterId}@est.ucab.edu.ve`,
    reporter_verified: true,
    report_category: 'spam',
    additional_comments: null,
    status: 'pending',
    admin_notes: null,
    reviewed_at: null,
    created_at: new Date().toISOString(),
    product_title: p.title,
    product_price: p.price,
    product_category: p.category,
    product_status: p.status,
    product_university_id: p.university_id,
    seller_id: p.owner_id,
    seller_name: p.seller_name,
    ...overrides,
  };
  await table.doc.send(new PutCommand({ TableName: table.tableName, Item: reportEntity.item(report) }));
  return report;
}

describe('Reportes', () => {
  it('lists pending reports with the product title and seller, resolves one deactivating the product, refuses a second decision', async () => {
    const p = await makeProduct(table, { university_id: uniqueUniversity('ar'), title: 'Entradas falsas' });
    const r = await putReport(p, `rep-${run}-a`);
    const list = await call('adminListReports', { query: { status: 'pending', limit: '60' } });
    const found = (list.body as { items: (ProductReport & { product: unknown })[] }).items.find(
      (x) => x.product_id === p.id,
    );
    expect(found).toMatchObject({
      product_title: 'Entradas falsas',
      seller_name: 'Vendedor',
      product: { status: 'active', held: false },
    });

    const tooLong = await call('adminDecideReport', {
      params: { id: p.id, reporterId: r.reporter_id },
      body: { status: 'resolved', admin_notes: 'x'.repeat(1001) },
    });
    expect(tooLong.status).toBe(400);
    const decided = await call('adminDecideReport', {
      params: { id: p.id, reporterId: r.reporter_id },
      body: { status: 'resolved', admin_notes: 'Es una estafa', deactivate_product: true },
    });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({
      status: 'resolved',
      admin_notes: 'Es una estafa',
      product: { status: 'inactive' },
    });
    expect((decided.body as ProductReport).reviewed_at).toBeTruthy();
    expect((await createProductRepository(table).get(p.id))?.status).toBe('inactive');
    const again = await call('adminDecideReport', {
      params: { id: p.id, reporterId: r.reporter_id },
      body: { status: 'rejected' },
    });
    expect(again.status).toBe(409);
    expect(errorOf(again.body).message).toBe(ADMIN_MESSAGES.reportNotPending);
    expect((await auditOf('report', `${p.id}:${r.reporter_id}`)).map((a) => a.action)).toEqual([
      'report.decide',
    ]);
    expect((await auditOf('product', String(p.id)))[0]).toMatchObject({
      action: 'product.status',
      after: { status: 'inactive' },
    });
    const unknown = await call('adminDecideReport', {
      params: { id: p.id, reporterId: 'nadie' },
      body: { status: 'rejected' },
    });
    expect(unknown.status).toBe(404);
  });

  it('rejecting a report of a held product lifts the hold: listed again', async () => {
    const p = await makeProduct(table, {
      university_id: uniqueUniversity('ah'),
      held_at: new Date().toISOString(),
    });
    const r = await putReport(p, `rep-${run}-h`);
    const res = await call('adminDecideReport', {
      params: { id: p.id, reporterId: r.reporter_id },
      body: { status: 'rejected', admin_notes: 'No infringe las normas' },
    });
    expect(res.status).toBe(200);
    const after = await createProductRepository(table).get(p.id);
    expect(after?.held_at ?? null).toBeNull();
    expect(after?.hold_released_at).toBeTruthy();
    expect(after?.status).toBe('active');
  });
});

describe('Usuarios', () => {
  it('lists profiles by e-mail prefix with roles, and toggles the verification (audited; claim kept exact)', async () => {
    const profiles = createProfileRepository(table);
    const id = `user-${run}-v`;
    await profiles.createIfAbsent({
      user_id: id,
      email: `zz-${run}@correo.com`,
      full_name: 'Ana Pérez',
      university_email: null,
      university_email_verified: false,
      university_id: null,
      created_at: new Date().toISOString(),
    });
    const list = await call('adminListUsers', { query: { q: `ZZ-${run}` } });
    expect(list.status).toBe(200);
    expect((list.body as { items: { user_id: string; roles: string[] }[] }).items).toEqual([
      expect.objectContaining({ user_id: id, roles: [] }),
    ]);
    const none = await call('adminSetUserVerification', {
      params: { userId: id },
      body: { university_email_verified: true },
    });
    expect(none.status).toBe(400);
    expect(errorOf(none.body).message).toBe(ADMIN_MESSAGES.noInstitutionalEmail);
    const uni = uniqueUniversity('v');
    await createUniversityRepository(table).putIfAbsent({
      id: uni,
      name: 'UV',
      full_name: 'Universidad de la Verificación',
      email_domain: 'est.ucab.edu.ve',
      created_at: new Date().toISOString(),
    });
    await profiles.setInstitutional(id, `ana-${run}@est.ucab.edu.ve`, uni, null);
    const off = await call('adminSetUserVerification', {
      params: { userId: id },
      body: { university_email_verified: false },
    });
    expect(off.status).toBe(200);
    expect((off.body as { university_email_verified: boolean }).university_email_verified).toBe(false);
    expect(await profiles.institutionalOwner(`ana-${run}@est.ucab.edu.ve`)).toBeNull();
    const on = await call('adminSetUserVerification', {
      params: { userId: id },
      body: { university_email_verified: true },
    });
    expect((on.body as { university_email_verified: boolean }).university_email_verified).toBe(true);
    expect(await profiles.institutionalOwner(`ana-${run}@est.ucab.edu.ve`)).toBe(id);
    expect((await auditOf('user', id)).map((a) => a.after)).toEqual([
      { university_email_verified: true, university_email: `ana-${run}@est.ucab.edu.ve` },
      { university_email_verified: false, university_email: `ana-${run}@est.ucab.edu.ve` },
    ]);
    expect(
      (
        await call('adminSetUserVerification', {
          params: { userId: 'nadie' },
          body: { university_email_verified: true },
        })
      ).status,
    ).toBe(404);
  });

  it('only a super_admin may change roles (an admin gets 403), never their own', async () => {
    const asAdmin = await call('adminSetUserAdminRole', {
      params: { userId: STUDENT },
      body: { admin: true },
    });
    expect(asAdmin.status).toBe(403);
    const self = await call('adminSetUserAdminRole', {
      as: 'super',
      params: { userId: `super-${run}` },
      body: { admin: false },
    });
    expect(self.status).toBe(403);
    expect(errorOf(self.body).message).toBe(ADMIN_MESSAGES.ownRole);
  });
});

describe('Universidades', () => {
  const body = (id: string) => ({
    id,
    name: 'UNEG',
    full_name: 'Universidad Nacional Experimental de Guayana',
    // Each university its own domain: a domain is one university's (decision 042).
    email_domain: `${id}.edu.ve`,
    city: 'Puerto Ordaz',
    logo: 'https://uneg.edu.ve/logo.png',
  });

  it('refuses a bad id, domain or logo, and an existing id, with nothing created', async () => {
    for (const [patch, message] of [
      [{ id: 'UNEG 1' }, ADMIN_MESSAGES.universityIdInvalid],
      [{ email_domain: 'no es dominio' }, ADMIN_MESSAGES.emailDomainInvalid],
      [{ logo: 'http://uneg.edu.ve/logo.png' }, ADMIN_MESSAGES.logoInvalid],
      [{ logo: 'javascript:alert(1)' }, ADMIN_MESSAGES.logoInvalid],
    ] as const) {
      const res = await call('adminCreateUniversity', {
        body: { ...body(`x-${run}`.slice(0, 20)), ...patch },
      });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect(
      (await call('getUniversity', { params: { id: `x-${run}`.slice(0, 20) }, as: 'none' })).status,
    ).toBe(404);
    const twice = `y-${run}`.slice(0, 20);
    expect((await call('adminCreateUniversity', { body: body(twice) })).status).toBe(201);
    const exists = await call('adminCreateUniversity', { body: { ...body(twice), name: 'Otra' } });
    expect(exists.status).toBe(409);
    expect((await call('adminListUniversities')).body).toMatchObject({
      items: expect.arrayContaining([expect.objectContaining({ id: twice, name: 'UNEG' })]),
    });
    expect(errorOf(exists.body).message).toBe(ADMIN_MESSAGES.universityExists);
  });

  it('creates (in selection at once), edits (id fixed) and deletes a university with its products by a job', async () => {
    const id = `u${run}`.slice(0, 20);
    const created = await call('adminCreateUniversity', { body: body(id) });
    expect(created.status).toBe(201);
    const publicList = async () =>
      ((await call('listUniversities', { as: 'none' })).body as { items: { id: string }[] }).items.map(
        (u) => u.id,
      );
    expect(await publicList()).toContain(id);
    const edited = await call('adminUpdateUniversity', {
      params: { id },
      body: { ...body(id), id: undefined, name: 'UNEG Guayana' },
    });
    expect(edited.status).toBe(200);
    expect((edited.body as AdminUniversity).name).toBe('UNEG Guayana');
    const withId = await call('adminUpdateUniversity', { params: { id }, body: body(id) });
    expect(withId.status).toBe(400);

    const products = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        makeProduct(table, { university_id: id, status: i % 3 === 0 ? 'inactive' : 'active' }),
      ),
    );
    const del = await call('adminDeleteUniversity', { params: { id } });
    expect(del.status).toBe(202);
    const job = (del.body as { job: AdminJob }).job;
    expect(job).toMatchObject({ kind: 'deleteUniversity', status: 'queued', target: id });
    expect(launched).toEqual([job.id]);
    // Gone from selection at once, still in the admin's list while its products go.
    expect(await publicList()).not.toContain(id);
    const adminList = (await call('adminListUniversities')).body as { items: AdminUniversity[] };
    expect(adminList.items.find((u) => u.id === id)?.deleting_job_id).toBe(job.id);
    // Deleting again answers the same job; editing meanwhile is a 409.
    expect(((await call('adminDeleteUniversity', { params: { id } })).body as { job: AdminJob }).job.id).toBe(
      job.id,
    );
    expect(
      (await call('adminUpdateUniversity', { params: { id }, body: { ...body(id), id: undefined } })).status,
    ).toBe(409);

    await runJobs();
    const done = (await call('adminGetJob', { params: { jobId: job.id } })).body as AdminJob;
    expect(done).toMatchObject({ status: 'succeeded', processed: products.length });
    for (const p of products) expect(await createProductRepository(table).get(p.id)).toBeNull();
    expect((await call('adminListUniversities')).body).not.toMatchObject({
      items: [expect.objectContaining({ id })],
    });
    expect((await auditOf('university', id)).map((a) => a.action)).toEqual([
      'university.delete',
      'university.update',
      'university.create',
    ]);
  });
});

describe('Solicitudes de Universidad', () => {
  it('lists requests with the requester or the fallbacks, approves a pending one with a draft, refuses a second decision', async () => {
    const created = await call('createUniversityRequest', {
      as: 'none',
      body: {
        university_name: 'USB',
        university_full_name: 'Universidad Simón Bolívar',
        email_domain: 'usb.ve',
        city: 'Caracas',
      },
    });
    expect(created.status).toBe(201);
    const requestId = (created.body as { id: string }).id;
    const list = await call('adminListUniversityRequests', { query: { status: 'pending', limit: '60' } });
    const found = (
      list.body as { items: { id: string; requester_name: string; requester_email: string }[] }
    ).items.find((r) => r.id === requestId);
    expect(found).toMatchObject({ requester_name: 'Usuario anónimo', requester_email: 'No disponible' });
    const approved = await call('adminDecideUniversityRequest', {
      params: { requestId },
      body: { status: 'approved', admin_notes: 'Bienvenidos' },
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      request: { status: 'approved', admin_notes: 'Bienvenidos' },
      university_draft: { id: 'usb', name: 'USB', email_domain: 'usb.ve', request_id: requestId },
    });
    const again = await call('adminDecideUniversityRequest', {
      params: { requestId },
      body: { status: 'rejected' },
    });
    expect(again.status).toBe(409);
    expect(errorOf(again.body).message).toBe(ADMIN_MESSAGES.requestNotPending);
    const approvedList = await call('adminListUniversityRequests', {
      query: { status: 'approved', limit: '60' },
    });
    expect((approvedList.body as { items: { id: string }[] }).items.map((r) => r.id)).toContain(requestId);
    const pendingList = await call('adminListUniversityRequests', {
      query: { status: 'pending', limit: '60' },
    });
    expect((pendingList.body as { items: { id: string }[] }).items.map((r) => r.id)).not.toContain(requestId);
    expect(
      (
        await call('adminDecideUniversityRequest', {
          params: { requestId: 'nope' },
          body: { status: 'approved' },
        })
      ).status,
    ).toBe(404);
  });
});

describe('the dashboard counts', () => {
  it('stay exact after 50 concurrent writes and a replayed stream batch', async () => {
    const counts = createCountStore(table);
    const uni = uniqueUniversity('dc');
    const headline = async () => {
      const res = await call('adminDashboard');
      expect(res.status).toBe(200);
      return (res.body as { counts: Record<string, number> }).counts;
    };
    await stream.settle();
    const before = await headline();
    // 50 concurrent writes: 40 new products (10 of them inactive), then 10 deactivations racing them.
    const made = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        makeProduct(table, {
          university_id: uni,
          status: i < 10 ? 'inactive' : 'active',
          created_at: new Date().toISOString(),
        }),
      ),
    );
    await Promise.all(
      made
        .slice(10, 20)
        .map((p) => call('adminSetProductStatus', { params: { id: p.id }, body: { status: 'inactive' } })),
    );
    await stream.settle();
    await stream.settle();
    const day = new Date().toISOString().slice(0, 10);
    const [daily, listed] = await counts.values([ADMIN_COUNTS.daily(day, uni), keys.byUniversity(uni)]);
    expect(daily).toBe(40);
    expect(listed).toBe(20);
    const after = await headline();
    expect(after.products_total - before.products_total).toBe(40);
    expect(after.products_active - before.products_active).toBe(20);

    // A replayed batch: the same records dispatched again change nothing.
    const { handler: dispatch } = await import('../../functions/app/stream');
    const { lambdaContext } = await import('../support/events');
    const records = made.map((p, i) => productRecord(p, i));
    await dispatch({ Records: records }, lambdaContext('stream'));
    await dispatch({ Records: records }, lambdaContext('stream'));
    expect(await counts.values([ADMIN_COUNTS.daily(day, uni), keys.byUniversity(uni)])).toEqual([40, 20]);
    expect(await headline()).toEqual(after);
  });

  it('shows the latest reports and the latest admin actions, the charts per university and category', async () => {
    const res = await call('adminDashboard');
    const d = res.body as {
      recent_reports: unknown[];
      recent_audit: AuditEntry[];
      daily_listings: { days: string[]; series: { university_id: string; counts: number[] }[] };
      categories: { category: string; count: number }[];
    };
    expect(d.recent_reports.length).toBeGreaterThan(0);
    expect(d.recent_reports.length).toBeLessThanOrEqual(5);
    expect(d.recent_audit[0].actor_id).toBe(ADMIN);
    expect(d.daily_listings.days).toHaveLength(30);
    expect(d.daily_listings.days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    expect(d.categories.map((c) => c.category)).toContain('libros');
  });
});

/** A stream record of a product as it is now (the replay of a batch already dispatched). */
function productRecord(p: Product, i: number) {
  const image = { pk: { S: keys.product(p.id).pk }, sk: { S: 'PRODUCT' }, entity: { S: 'product' } };
  return {
    eventID: `replay-${run}-${i}`,
    eventName: 'INSERT' as const,
    eventSource: 'aws:dynamodb',
    dynamodb: {
      Keys: { pk: image.pk, sk: image.sk },
      NewImage: {
        ...image,
        id: { N: String(p.id) },
        title: { S: p.title },
        description: { S: p.description ?? '' },
        price: { N: String(p.price) },
        category: { S: p.category },
        condition: { S: p.condition },
        career: { NULL: true },
        image: { NULL: true },
        images: { L: [] },
        tags: { L: [] },
        seller_name: { S: p.seller_name },
        seller_email: { S: p.seller_email },
        whatsapp_number: { NULL: true },
        university_id: { S: p.university_id },
        status: { S: p.status },
        owner_id: { S: p.owner_id ?? 'x' },
        created_at: { S: p.created_at },
      },
      SequenceNumber: String(1000 + i),
      StreamViewType: 'NEW_AND_OLD_IMAGES' as const,
    },
  };
}

/** Runs the jobs the routes launched, as the local runner does (in this process, after the answer). */
async function runJobs() {
  const { runJob } = await import('../../functions/services/admin/admin-jobs');
  const { createJobStore } = await import('../../functions/adapters/dynamodb/admin');
  const { createTablePages } = await import('../../functions/adapters/dynamodb/table-pages');
  const images = { delete: async () => undefined } as never;
  for (const id of launched)
    await runJob(
      {
        jobStore: createJobStore(table),
        universities: createUniversityRepository(table),
        tablePages: createTablePages(table),
        profiles: createProfileRepository(table),
        savedSearches: createSavedSearchRepository(table),
        search,
        savedSearchIndex: createEmbeddedSavedSearchIndex(),
        images,
        now: () => new Date(),
      },
      id,
    );
}
