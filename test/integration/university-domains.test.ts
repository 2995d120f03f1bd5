import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProfileRepository } from '../../functions/adapters/dynamodb/accounts';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { createTablePages } from '../../functions/adapters/dynamodb/table-pages';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import { resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
import type { Moderator } from '../../functions/ports/moderation';
import { ACCOUNT_MESSAGES } from '#shared/account-schemas';
import type { AdminJob } from '#shared/admin';
import { ADMIN_MESSAGES } from '#shared/admin-messages';
import { PUBLISH_MESSAGES } from '#shared/product-form';
import { keys } from '#shared/table';
import { DOMAIN_MESSAGES } from '#shared/university-domains';
import { callerFor, errorOf, runAdminJob, uniqueDomain } from '../support/admin';
import { uniqueUniversity, useTestTable } from '../support/backend';
import { MemorySearchIndex } from '../support/memory-search-index';

/**
 * A university's e-mail domain (issue 25 item 3, docs/decisions/042) through the real admin,
 * accounts and publishing handlers against DynamoDB Local: a public mail provider or a shared suffix
 * is refused, and a domain is one university's alone — not another's, nor a parent or a subdomain
 * of another's — when creating, when editing and under concurrent writes; universities stored
 * before the rule get their claims from the backfill, and one with a refused domain verifies
 * nobody and takes no listing.
 */
let table: TableAccess;
const run = Date.now().toString(36);
const call = callerFor(run);
const launched: string[] = [];
const approve: Moderator = {
  moderate: async () => ({ approved: true, severity: 'low', warnings: [], suggestions: [] }),
};

const fields = (id: string, email_domain: string) => ({
  name: id.toUpperCase(),
  full_name: `Universidad ${id}`,
  email_domain,
});
const create = (id: string, domain: string) =>
  call('adminCreateUniversity', { body: { id, ...fields(id, domain) } });
const edit = (id: string, domain: string) =>
  call('adminUpdateUniversity', { params: { id }, body: fields(id, domain) });
const stored = async (id: string) =>
  (await table.doc.send(new GetCommand({ TableName: table.tableName, Key: keys.university(id) }))).Item;
const claimOf = async (domain: string) =>
  (await table.doc.send(new GetCommand({ TableName: table.tableName, Key: keys.universityDomain(domain) })))
    .Item?.university_id;
const message = (template: string, values: Record<string, string>) =>
  Object.entries(values).reduce((m, [k, v]) => m.replace(`{${k}}`, v), template);

beforeAll(() => {
  table = useTestTable();
});
beforeEach(() => {
  launched.length = 0;
  setHandlerContext({
    search: new MemorySearchIndex(),
    moderator: approve,
    jobLauncher: { launch: async (id) => void launched.push(id) },
  });
});
afterAll(() => resetContext());

describe('a university e-mail domain', () => {
  it('an admin cannot open publishing to every Gmail user: public providers and shared suffixes are refused', async () => {
    const providers = [
      'gmail.com',
      'GMail.com',
      'googlemail.com',
      'hotmail.com',
      'hotmail.es',
      'outlook.com',
    ];
    providers.push('live.com', 'yahoo.com.ve', 'icloud.com', 'proton.me', 'cantv.net', 'alumnos.gmail.com');
    const suffixes = ['edu.ve', 'com.ve', 'gob.ve', 'org.ve', 'net.ve', 'co.uk'];
    for (const [domains, template] of [
      [providers, DOMAIN_MESSAGES.publicMail],
      [suffixes, DOMAIN_MESSAGES.sharedSuffix],
    ] as const) {
      for (const domain of domains) {
        const id = uniqueUniversity('g');
        const res = await create(id, domain);
        expect(res.status, domain).toBe(400);
        expect(errorOf(res.body).message).toBe(message(template, { domain: domain.toLowerCase() }));
        expect(await stored(id)).toBeUndefined();
      }
    }
    // Nor by editing an existing university's domain: the domain stays as it was.
    const id = uniqueUniversity('g');
    const own = uniqueDomain('g');
    expect((await create(id, own)).status).toBe(201);
    for (const domain of ['gmail.com', 'edu.ve']) {
      const res = await edit(id, domain);
      expect(res.status, domain).toBe(400);
      expect(JSON.stringify(res.body)).toContain(domain);
    }
    expect((await stored(id))?.email_domain).toBe(own);
  });

  it('a university stored with a public domain before the rule verifies nobody and takes no listing', async () => {
    const old = uniqueUniversity('old');
    // Old data (an import, or an admin before the rule): kept, never claimed.
    expect(
      await createUniversityRepository(table).putIfAbsent({
        id: old,
        name: 'OLD',
        full_name: 'Universidad Antigua',
        email_domain: 'gmail.com',
        created_at: '2024-01-01T00:00:00.000Z',
      }),
    ).toBe(true);
    expect(await claimOf('gmail.com')).toBeUndefined();
    const anybody = `gmail-user-${run}`;
    const code = await call('requestInstitutionalCode', {
      as: anybody,
      body: { university_id: old, email: `cualquiera-${run}@gmail.com` },
    });
    expect(code.status).toBe(400);
    expect(errorOf(code.body).message).toBe(ACCOUNT_MESSAGES.universityDomainNotInstitutional);
    // Someone verified there before the rule cannot publish either.
    const profiles = createProfileRepository(table);
    const verified = `gmail-verified-${run}`;
    await profiles.createIfAbsent({
      user_id: verified,
      email: `${verified}@correo.com`,
      full_name: 'Ana',
      university_email: null,
      university_email_verified: false,
      university_id: null,
      created_at: new Date().toISOString(),
    });
    expect(await profiles.setInstitutional(verified, `${verified}@gmail.com`, old, null)).toMatchObject({
      university_email_verified: true,
    });
    const listing = await call('createProduct', {
      as: verified,
      body: {
        title: 'Calculadora científica',
        description: 'Poco uso',
        price: 10,
        category: 'electronica',
        whatsapp_number: '0414-123 45 67',
        university_id: old,
      },
    });
    expect(listing.status).toBe(403);
    expect(errorOf(listing.body).message).toBe(PUBLISH_MESSAGES.domainNotInstitutional);
  });

  it("an admin cannot take another university's domain, nor a subdomain or a parent of one", async () => {
    const base = uniqueDomain('t');
    const a = uniqueUniversity('a');
    expect((await create(a, base)).status).toBe(201);
    expect(await claimOf(base)).toBe(a);
    const b = uniqueUniversity('b');
    const same = await create(b, base);
    expect(same.status).toBe(409);
    expect(errorOf(same.body).message).toBe(
      message(ADMIN_MESSAGES.domainTaken, { domain: base, university: a.toUpperCase() }),
    );
    const under = await create(b, `est.${base}`);
    expect(under.status).toBe(409);
    expect(errorOf(under.body).message).toBe(
      message(ADMIN_MESSAGES.domainUnderOther, {
        domain: `est.${base}`,
        other: base,
        university: a.toUpperCase(),
      }),
    );
    const c = uniqueUniversity('c');
    const child = `alumnos.${uniqueDomain('p')}`;
    expect((await create(c, child)).status).toBe(201);
    const parent = child.slice('alumnos.'.length);
    const over = await create(b, parent);
    expect(over.status).toBe(409);
    expect(errorOf(over.body).message).toBe(
      message(ADMIN_MESSAGES.domainOverOther, { domain: parent, other: child, university: c.toUpperCase() }),
    );
    expect(await stored(b)).toBeUndefined();

    // By editing: refused the same way, the domain unchanged.
    const e = uniqueUniversity('e');
    const eDomain = uniqueDomain('e');
    expect((await create(e, eDomain)).status).toBe(201);
    for (const taken of [base, `x.${base}`, parent, child]) {
      const res = await edit(e, taken);
      expect(res.status, taken).toBe(409);
      expect(errorOf(res.body).details).toEqual([
        { path: 'email_domain', message: errorOf(res.body).message },
      ]);
    }
    expect((await stored(e))?.email_domain).toBe(eDomain);
    // A university's own domain never stands in its way: down to a subdomain and back up.
    expect((await edit(a, `est.${base}`)).status).toBe(200);
    expect((await create(b, base)).status).toBe(409);
    expect((await edit(a, base)).status).toBe(200);
    expect(await claimOf(`est.${base}`)).toBeUndefined();
    // A domain left by an edit is free again; so is a deleted university's, once its job ends.
    expect((await edit(e, uniqueDomain('e2'))).status).toBe(200);
    expect((await create(b, eDomain)).status).toBe(201);
    const deletion = await call('adminDeleteUniversity', { params: { id: c } });
    expect(deletion.status).toBe(202);
    expect((await create(uniqueUniversity('f'), child)).status).toBe(409);
    expect(await runAdminJob(table, (deletion.body as { job: AdminJob }).job.id)).toBe('finished');
    expect((await create(uniqueUniversity('f'), parent)).status).toBe(201);
  });

  it('two concurrent creates of a parent and a child domain: exactly one wins', async () => {
    for (let round = 0; round < 6; round++) {
      const parent = uniqueDomain('r');
      const [p, q] = [uniqueUniversity('rp'), uniqueUniversity('rc')];
      // Alternate which write starts first.
      const writes =
        round % 2
          ? [create(q, `est.${parent}`), create(p, parent)]
          : [create(p, parent), create(q, `est.${parent}`)];
      const statuses = (await Promise.all(writes)).map((r) => r.status).sort();
      expect(statuses, parent).toEqual([201, 409]);
      const kept = (await Promise.all([stored(p), stored(q)])).filter(Boolean);
      expect(kept).toHaveLength(1);
      // And of two concurrent creates of one domain, one.
      const same = uniqueDomain('s');
      const twins = await Promise.all([
        create(uniqueUniversity('s1'), same),
        create(uniqueUniversity('s2'), same),
      ]);
      expect(twins.map((r) => r.status).sort()).toEqual([201, 409]);
    }
  });

  it('universities stored before the claims get theirs (on demand and from the backfill); a conflicting one is logged, not lost', async () => {
    const rawUniversity = (id: string, domain: string) => ({
      pk: keys.university(id).pk,
      sk: keys.university(id).sk,
      entity: 'university',
      id,
      name: id.toUpperCase(),
      full_name: `Universidad ${id}`,
      email_domain: domain,
      created_at: '2024-01-01T00:00:00.000Z',
      gsi1pk: keys.universitiesPartition,
      gsi1sk: `${id}#${id}`,
    });
    const putRaw = (id: string, domain: string) =>
      table.doc.send(new PutCommand({ TableName: table.tableName, Item: rawUniversity(id, domain) }));
    // One stored before the claims: an admin's new university is checked against it all the same.
    const early = uniqueDomain('early');
    const old = uniqueUniversity('l0');
    await putRaw(old, early);
    expect(await claimOf(early)).toBeUndefined();
    const taken = await create(uniqueUniversity('l9'), `est.${early}`);
    expect(taken.status).toBe(409);
    expect(errorOf(taken.body).message).toBe(
      message(ADMIN_MESSAGES.domainUnderOther, {
        domain: `est.${early}`,
        other: early,
        university: old.toUpperCase(),
      }),
    );
    expect(await claimOf(early)).toBe(old);

    // Two old ones with one domain: the backfill pass (the local start's, the reindex's Scan) claims
    // it for one, logs the other and keeps both.
    const domain = uniqueDomain('legacy');
    const [first, second] = [uniqueUniversity('l1'), uniqueUniversity('l2')];
    await putRaw(first, domain);
    await putRaw(second, domain);
    const pages = createTablePages(table);
    let cursor: string | undefined;
    do {
      const page = await pages.page(cursor, 1000);
      cursor = page.cursor ?? undefined;
    } while (cursor);
    const holder = await claimOf(domain);
    expect([first, second]).toContain(holder);
    expect(await stored(first)).toBeDefined();
    expect(await stored(second)).toBeDefined();
    const res = await create(uniqueUniversity('l3'), domain);
    expect(res.status).toBe(409);
    expect(errorOf(res.body).message).toBe(
      message(ADMIN_MESSAGES.domainTaken, { domain, university: String(holder).toUpperCase() }),
    );
  });
});
