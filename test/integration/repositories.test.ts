import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProductRepository } from '../../functions/adapters/dynamodb/products';
import { createUniversityRepository } from '../../functions/adapters/dynamodb/universities';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { ENTITIES, ENTITY_ATTRIBUTE, entityOf, keys } from '#shared/table';
import { makeQuestionId } from '#shared/questions';
import type { AdminJob, AuditEntry } from '#shared/admin';
import { auditSort } from '../../functions/adapters/dynamodb/entities';
import { lazyContext } from '../../functions/app/context';
import { tableParts } from '../../functions/app/parts/table';
import { trustTableParts } from '../../functions/app/parts/trust';
import {
  PRODUCTS_PER_MARKER_PAGE,
  settleProductCounts,
} from '../../functions/services/catalog/listing-counts';
import { settleReportCounts } from '../../functions/services/reports/report-holds';
import { makeProduct, uniqueUniversity, useTestTable } from '../support/backend';
import { endpointHash } from '../../functions/adapters/dynamodb/push';

let table: TableAccess;
beforeAll(() => {
  table = useTestTable();
});

const counter = async () =>
  (await table.doc.send(new GetCommand({ TableName: table.tableName, Key: keys.productCounter() }))).Item
    ?.last_id as number;

describe('product ids', () => {
  it('hands out 50 distinct ids to 50 parallel callers', async () => {
    // Prepare
    const repo = createProductRepository(table);
    // Act
    const ids = await Promise.all(Array.from({ length: 50 }, () => repo.nextId()));
    // Assess
    expect(new Set(ids).size).toBe(50);
    expect(Math.max(...ids) - Math.min(...ids)).toBe(49);
  });

  it('raiseIdFloor raises the counter but never lowers it', async () => {
    const repo = createProductRepository(table);
    const current = await repo.nextId();
    await repo.raiseIdFloor(current + 1000);
    expect(await counter()).toBe(current + 1000);
    await repo.raiseIdFloor(5);
    await repo.raiseIdFloor(current + 10);
    expect(await counter()).toBe(current + 1000);
    expect(await repo.nextId()).toBe(current + 1001);
  });
});

describe('product repository', () => {
  it('putIfAbsent never overwrites, get strips the key attributes', async () => {
    const u = uniqueUniversity();
    const p = await makeProduct(table, { university_id: u, title: 'Original' });
    const repo = createProductRepository(table);
    expect(await repo.putIfAbsent({ ...p, title: 'Reemplazo' })).toBe(false);
    const read = await repo.get(p.id);
    expect(read).toEqual(p);
    expect(read).not.toHaveProperty('pk');
    expect(read).not.toHaveProperty('gsi1pk');
    expect(await repo.get(999_999_999)).toBeNull();
  });

  it('lists only active products and refuses a cursor of another partition', async () => {
    const u1 = uniqueUniversity();
    const u2 = uniqueUniversity();
    const repo = createProductRepository(table);
    const a = await makeProduct(table, { university_id: u1 });
    await makeProduct(table, { university_id: u1, status: 'sold' });
    await makeProduct(table, { university_id: u1, status: 'inactive' });
    const b = await makeProduct(table, { university_id: u1 });
    await makeProduct(table, { university_id: u2 });
    await makeProduct(table, { university_id: u2 });

    const all = await repo.listActive({ university: u1 }, 'newest', 10);
    expect(all.items.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(all.nextCursor).toBeNull();

    const first = await repo.listActive({ university: u2 }, 'newest', 1);
    expect(first.nextCursor).not.toBeNull();
    await expect(repo.listActive({ university: u1 }, 'newest', 1, first.nextCursor!)).rejects.toMatchObject({
      status: 400,
      message: 'El cursor de paginación no es válido.',
    });
    await expect(
      repo.listActive({ university: u2, category: 'otros' }, 'newest', 1, first.nextCursor!),
    ).rejects.toMatchObject({
      status: 400,
    });
  });
});

describe('university repository', () => {
  it('lists universities ordered by name and keeps the first write', async () => {
    const repo = createUniversityRepository(table);
    const base = {
      email_domain: 'x.edu.ve',
      created_at: '2025-01-01T00:00:00.000Z',
      city: 'Caracas',
      logo: null,
    };
    expect(await repo.putIfAbsent({ ...base, id: 'zz-b', name: 'Ñandú', full_name: 'U Ñandú' })).toBe(true);
    expect(await repo.putIfAbsent({ ...base, id: 'zz-a', name: 'Álamo', full_name: 'U Álamo' })).toBe(true);
    expect(await repo.putIfAbsent({ ...base, id: 'zz-a', name: 'Otro', full_name: 'Otro' })).toBe(false);
    const names = (await repo.list()).map((u) => u.name);
    expect(names.indexOf('Álamo')).toBeLessThan(names.indexOf('Ñandú'));
    expect((await repo.get('zz-a'))?.name).toBe('Álamo');
  });
});

describe('every item names its entity', () => {
  it('each repository write puts the entity its key pattern belongs to', async () => {
    // Prepare: one write of every kind, through the repositories the handlers use.
    const ctx = lazyContext(tableParts);
    const user = `entity-${Date.now()}`;
    const uni = uniqueUniversity('e');
    const email = `${user}@${uni}.edu.ve`;
    const now = Date.now();
    const product = await makeProduct(table, { university_id: uni });
    await ctx.universities.putIfAbsent({
      id: uni,
      name: 'UE',
      full_name: 'Universidad de Entidades',
      email_domain: `${uni}.edu.ve`,
      city: null,
      logo: null,
      created_at: new Date().toISOString(),
    });
    await ctx.universityRequests.create({
      id: `req-${user}`,
      university_name: 'UE2',
      university_full_name: 'Universidad de Entidades 2',
      email_domain: 'ue2.edu.ve',
      city: 'Caracas',
      additional_info: null,
      status: 'pending',
      admin_notes: null,
      requester_id: null,
      created_at: new Date().toISOString(),
    });
    await ctx.codes.put({
      purpose: 'signup',
      subject: email,
      code_id: 'c1',
      email,
      salt: 's',
      hash: 'h',
      expires_at: now + 60_000,
      attempts: 0,
      used: false,
      university_id: null,
      registration: user,
    });
    await ctx.sendCounter.tryCount(email, now, 5, 60_000);
    await ctx.resetTokens.put(`hash-${user}`, { email, registration: user }, now + 60_000);
    await ctx.mailRequests.put({
      id: `mail-${user}`,
      kind: 'passwordReset',
      email,
      registration: null,
      requested_at: now,
    });
    await ctx.registrations.put({
      id: `reg-${user}`,
      email,
      full_name: 'Ana',
      national_id: 'V-1',
      university_id: null,
      secret_hash: 'ab',
      created_at: now,
      expires_at: now + 60_000,
    });
    await ctx.profiles.createIfAbsent({
      user_id: user,
      email,
      full_name: null,
      university_email: null,
      university_email_verified: false,
      university_id: null,
      created_at: new Date().toISOString(),
    });
    expect(await ctx.profiles.setInstitutional(user, email, uni, null)).toMatchObject({ university_id: uni });
    await ctx.favorites.add(user, product.id, new Date().toISOString());
    const questionId = makeQuestionId(now, 'abcdef012345');
    await ctx.questions.create({
      id: questionId,
      product_id: product.id,
      product_title: product.title,
      seller_id: 'owner-1',
      asker_id: user,
      asker_name: 'Entidad',
      question_text: '¿Sigue disponible?',
      created_at: new Date(now).toISOString(),
    });
    const notifyKey = { recipient: user, productId: product.id, kind: 'question' as const };
    await ctx.notifyWindows.save(
      notifyKey,
      0,
      { windowEndsAt: now + 60_000, pending: [questionId], seen: [questionId] },
      now + 60_000,
      now,
    );
    await ctx.products.nextId();
    await settleProductCounts(ctx, product.id);
    await ctx.reports.createIfAbsent(
      {
        id: `report-${user}`,
        product_id: product.id,
        reporter_id: user,
        reporter_name: 'Usuario',
        reporter_university_email: email,
        reporter_verified: true,
        report_category: 'spam',
        additional_comments: null,
        status: 'pending',
        admin_notes: null,
        reviewed_at: null,
        created_at: new Date().toISOString(),
        product_title: product.title,
        product_price: product.price,
        product_category: product.category,
        product_status: product.status,
        product_university_id: product.university_id,
        seller_id: product.owner_id,
        seller_name: product.seller_name,
      },
      {
        // The request's first answer, in the report's transaction (decision 041).
        record: {
          id: { route: 'reportProduct', caller: `user:${user}`, key: `key-${user}` },
          requestHash: 'h',
          status: 201,
          body: '{"reported":true}',
          claimedAt: now,
          expiresAt: now + 60_000,
        },
        allowances: [],
        now,
      },
    );
    await settleReportCounts(ctx, product.id, user);
    const audit: AuditEntry = {
      id: `audit-${user}`,
      at: new Date(now).toISOString(),
      actor_id: user,
      actor_email: email,
      action: 'university.update',
      entity_type: 'university',
      entity_id: uni,
      before: null,
      after: { name: 'UE' },
      notes: null,
    };
    await ctx.adminStore.appendAudit(audit);
    const job: AdminJob = {
      id: `job-${user}`,
      kind: 'deleteUniversity',
      status: 'queued',
      target: uni,
      processed: 0,
      indexed: null,
      drift: null,
      error: null,
      started_by: email,
      created_at: audit.at,
      updated_at: audit.at,
      finished_at: null,
    };
    expect(await ctx.jobStore.createClaimed(job, null)).toEqual({ created: true });
    expect(
      await lazyContext(trustTableParts).trust.createMeetingPoint(
        {
          id: `point-${user}`,
          university_id: uni,
          name: 'Biblioteca',
          description: null,
          hours: null,
          created_at: audit.at,
          updated_at: audit.at,
        },
        { ...audit, id: `audit-mp-${user}`, action: 'meeting_point.create' },
      ),
    ).toBe(true);
    // A date long past, so no other file's "newest rate" read ever meets it.
    const rateDate = '1990-01-02';
    const rate = {
      date: rateDate,
      rate: 1,
      source: 'admin' as const,
      recorded_at: audit.at,
      recorded_by: email,
    };
    await ctx.exchangeRates.put(rate, await ctx.exchangeRates.get(rateDate), {
      ...audit,
      id: `audit-rate-${user}`,
      action: 'rate.set',
    });
    // Saved searches and alerts (decision 031): a saved search, its user's count, an alert state.
    const searchId = 'a'.repeat(24);
    expect(
      await ctx.savedSearches.create(
        {
          id: searchId,
          user_id: user,
          university: uni,
          q: 'silla',
          enabled: true,
          created_at: audit.at,
          new_ids: [],
        },
        10,
      ),
    ).toBe('created');
    expect(
      await ctx.alertStates.save(
        user,
        0,
        { mailedDay: null, pending: [], seen: [], leaseUntil: null },
        null,
        now,
      ),
    ).toBe(true);
    // Who came for the listing (issue 40).
    await ctx.interests.record(product.id, user, 'contact', new Date(now).toISOString());
    // Its deal with that person, confirmed: the deal and their completed-deal count (issue 40).
    const listed = await ctx.products.get(product.id, { consistent: true });
    if (!listed?.owner_id) throw new Error('the product has no owner');
    const deal = {
      product_id: product.id,
      seller_id: listed.owner_id,
      buyer_id: user,
      title: listed.title,
      state: 'reserved' as const,
      named_at: new Date(now).toISOString(),
      code: '123456',
      code_tries: 0,
    };
    expect(
      await ctx.deals.changeStatus(listed, 'reserved', { kind: 'name', deal, replacing: null }),
    ).not.toBeNull();
    const confirmed = { ...deal, state: 'confirmed' as const, confirmed_at: deal.named_at };
    expect(await ctx.deals.settle(deal, confirmed)).toBe(true);
    // The buyer's review of it, counted: the review and the pair's counting record.
    const review = {
      product_id: product.id,
      side: 'buyer' as const,
      author_id: user,
      subject_id: listed.owner_id,
      title: listed.title,
      stars: 5,
      text: null,
      created_at: deal.named_at,
      counted: true,
    };
    expect(
      await ctx.reviews.write(confirmed, { ...confirmed, buyer_reviewed: true }, review, null, deal.named_at),
    ).toBe('written');
    // A report of it (issue 40).
    expect(
      await ctx.reviews.report({
        product_id: product.id,
        side: 'buyer',
        reporter_id: user,
        reporter_name: 'Entidad',
        comment: null,
        status: 'pending',
        created_at: deal.named_at,
      }),
    ).toBe(true);
    // A device for Web Push, and who holds its endpoint (issue 41).
    const endpoint = `https://fcm.googleapis.com/fcm/send/${user}`;
    expect(
      await ctx.pushDevices.hold(
        { userId: user, endpoint, p256dh: 'B'.repeat(87), auth: 'A'.repeat(22), createdAt: audit.at },
        10,
        audit.at,
      ),
    ).toBe('created');
    // The counts' layout record (decision 051), taken away again below: the table is shared.
    await ctx.counts.markProductMarkersFolded();
    // Act: read every item back as stored.
    const written = [
      keys.product(product.id),
      keys.productCounter(),
      keys.count(keys.byUniversity(uni)),
      keys.countMember(keys.reportMember(product.id, user)),
      keys.countMemberPage(`PRODUCTS#${Math.floor(product.id / PRODUCTS_PER_MARKER_PAGE)}`),
      keys.countLayout(),
      keys.university(uni),
      keys.universityRequest(`req-${user}`),
      keys.registration(`reg-${user}`),
      keys.verification('signup', email),
      keys.sendWindow(email),
      keys.resetToken(`hash-${user}`),
      keys.mailRequest(`mail-${user}`),
      keys.profile(user),
      keys.institutionalClaim(email),
      keys.favorite(user, product.id),
      keys.question(product.id, questionId),
      keys.report(product.id, user),
      keys.notifyWindow(user, product.id, 'question'),
      keys.audit('university', uni, auditSort(audit)),
      keys.job(job.id),
      keys.jobLock('deleteUniversity', uni),
      keys.meetingPoint(uni, `point-${user}`),
      keys.exchangeRate(rateDate),
      keys.savedSearch(user, searchId),
      keys.savedSearchCount(user),
      keys.alertState(user),
      keys.idempotencyRecord('reportProduct', `user:${user}`, `key-${user}`),
      keys.universityDomain(`${uni}.edu.ve`),
      keys.interest(product.id, user),
      keys.deal(product.id),
      keys.reputation(user),
      keys.review(product.id, 'buyer'),
      keys.reviewPair(user, listed.owner_id),
      keys.reviewReport(product.id, 'buyer', user),
      keys.pushDevice(user, endpointHash(endpoint)),
      keys.pushEndpoint(endpointHash(endpoint)),
    ];
    const items = await Promise.all(
      written.map(
        async (key) => (await table.doc.send(new GetCommand({ TableName: table.tableName, Key: key }))).Item,
      ),
    );
    await table.doc.send(new DeleteCommand({ TableName: table.tableName, Key: keys.countLayout() }));
    // Assess: every item carries `entity`, and it is the entity of its key pattern.
    const found = items.map((item) => item?.[ENTITY_ATTRIBUTE]);
    expect(found).toEqual([
      'product',
      'counter',
      'count',
      'countMember',
      'countMemberPage',
      'countLayout',
      'university',
      'universityRequest',
      'registration',
      'verificationCode',
      'sendWindow',
      'resetToken',
      'mailRequest',
      'profile',
      'institutionalClaim',
      'favorite',
      'question',
      'report',
      'notifyWindow',
      'audit',
      'job',
      'jobLock',
      'meetingPoint',
      'exchangeRate',
      'savedSearch',
      'savedSearchCount',
      'alertState',
      'idempotencyRecord',
      'universityDomain',
      'interest',
      'deal',
      'reputation',
      'review',
      'reviewPair',
      'reviewReport',
      'pushDevice',
      'pushEndpoint',
    ]);
    for (const [i, key] of written.entries()) expect(entityOf(undefined, key)).toBe(found[i]);
    expect(new Set(found).size).toBe(ENTITIES.length - 1); // every entity but the local seed marker
  });
});

describe('sliding-window counter', () => {
  it('counts exactly `max` of a burst, however many race, and frees slots as they leave the window', async () => {
    // Prepare
    const counter = lazyContext(tableParts).sendCounter;
    const subject = `burst-${Date.now()}`;
    const t0 = 1_000_000;
    // Act: 150 concurrent uses against a limit of 50.
    const burst = await Promise.all(
      Array.from({ length: 150 }, () => counter.tryCount(subject, t0, 50, 60_000)),
    );
    // Assess
    expect(burst.filter(Boolean)).toHaveLength(50);
    // Still inside the window: refused.
    expect(await counter.tryCount(subject, t0 + 59_000, 50, 60_000)).toBe(false);
    // Once the burst has left the window, the old times are dropped and 50 fit again.
    const later = await Promise.all(
      Array.from({ length: 60 }, () => counter.tryCount(subject, t0 + 61_000, 50, 60_000)),
    );
    expect(later.filter(Boolean)).toHaveLength(50);
  });
});
