import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProfileRepository } from '../../functions/adapters/dynamodb/accounts';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { resetContext } from '../../functions/app/context';
import { setHandlerContext } from '../support/callers';
import type { Moderator } from '../../functions/ports/moderation';
import { runJob } from '../../functions/services/admin/admin-jobs';
import { ACCOUNT_MESSAGES, type Profile } from '#shared/account-schemas';
import type { AdminJob } from '#shared/admin';
import { ADMIN_MESSAGES } from '#shared/admin-messages';
import { ALERT_MESSAGES } from '#shared/alerts';
import { PUBLISH_MESSAGES } from '#shared/product-form';
import { keys } from '#shared/table';
import { type AccountParts, lastCode, startAccountParts } from '../support/accounts';
import { callerFor, errorOf, jobDepsOf, runAdminJob, uniqueDomain } from '../support/admin';
import { uniqueUniversity, useTestTable } from '../support/backend';
import { MemorySearchIndex } from '../support/memory-search-index';

/**
 * Deleting a university (issue 25 item 4, docs/decisions/042) through the real admin, accounts,
 * favorites and publishing handlers against DynamoDB Local and the SES emulator (institutional
 * codes are read from its mailbox): from the moment the deletion starts nobody publishes, verifies
 * or saves a search for the university, and its job ends every verification tied to it (the
 * profile keeps the address and why), deletes its saved searches (the owners' counts exact) and
 * its meeting points — and a run that dies midway, run again, ends in the same state.
 */
let table: TableAccess;
let parts: AccountParts;
const run = Date.now().toString(36);
const call = callerFor(run);
const launched: string[] = [];
const approve: Moderator = {
  moderate: async () => ({ approved: true, severity: 'low', warnings: [], suggestions: [] }),
};

const listing = (university_id: string) => ({
  title: 'Calculadora científica',
  description: 'Poco uso',
  price: 10,
  category: 'electronica',
  whatsapp_number: '0414-123 45 67',
  university_id,
});

async function createUniversity(id: string, domain: string) {
  const res = await call('adminCreateUniversity', {
    body: { id, name: id.toUpperCase(), full_name: `Universidad ${id}`, email_domain: domain },
  });
  expect(res.status).toBe(201);
}

/** Asks for an institutional code for `address`; the code mailed to it. */
async function codeFor(sub: string, university: string, address: string) {
  const res = await call('requestInstitutionalCode', {
    as: sub,
    body: { university_id: university, email: address },
  });
  expect(res.status).toBe(202);
  return lastCode(parts, address);
}
const verify = (sub: string, code: string) => call('verifyInstitutionalEmail', { as: sub, body: { code } });
const profileOf = async (sub: string) => (await call('getProfile', { as: sub })).body as Profile;
const saveSearch = (sub: string, university: string, q: string) =>
  call('createAlert', { as: sub, body: { university, q } });
const countOf = async (sub: string) =>
  (await table.doc.send(new GetCommand({ TableName: table.tableName, Key: keys.savedSearchCount(sub) }))).Item
    ?.count ?? 0;
const meetingPointsOf = async (university: string) =>
  (
    await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: {
          ':pk': keys.universityPartition(university),
          ':prefix': keys.meetingPointPrefix,
        },
      }),
    )
  ).Items ?? [];

beforeAll(async () => {
  table = useTestTable();
  parts = await startAccountParts();
});
beforeEach(() => {
  launched.length = 0;
  setHandlerContext({
    search: new MemorySearchIndex(),
    moderator: approve,
    jobLauncher: { launch: async (id) => void launched.push(id) },
  });
});
afterAll(async () => {
  resetContext();
  await parts?.stop();
});

describe('deleting a university', () => {
  it('a student of a deleted university cannot publish: refused while the job is queued, unverified (and told why) after it', async () => {
    const gone = uniqueUniversity('del');
    const kept = uniqueUniversity('keep');
    const domain = uniqueDomain('del');
    await createUniversity(gone, domain);
    await createUniversity(kept, uniqueDomain('keep'));
    expect(
      (
        await call('adminCreateMeetingPoint', {
          params: { id: gone },
          body: { name: 'Entrada de la biblioteca' },
        })
      ).status,
    ).toBe(201);

    // A verified student who publishes and saves searches; another with a code not yet typed; a
    // third person with a saved search of the university.
    const student = `student-${run}`;
    const address = `ana-${run}@${domain}`;
    expect((await verify(student, await codeFor(student, gone, address))).status).toBe(200);
    const published = await call('createProduct', { as: student, body: listing(gone) });
    expect(published.status).toBe(201);
    expect((await saveSearch(student, gone, 'calculadora')).status).toBe(201);
    expect((await saveSearch(student, kept, 'libro de cálculo')).status).toBe(201);
    const late = `late-${run}`;
    const lateCode = await codeFor(late, gone, `luis-${run}@${domain}`);
    const watcher = `watcher-${run}`;
    expect((await saveSearch(watcher, gone, 'silla')).status).toBe(201);
    expect([await countOf(student), await countOf(watcher)]).toEqual([2, 1]);

    const deletion = await call('adminDeleteUniversity', { params: { id: gone } });
    expect(deletion.status).toBe(202);
    const jobId = (deletion.body as { job: AdminJob }).job.id;

    // While the job waits: the profile still says verified, and nothing new is tied to the university.
    expect((await profileOf(student)).university_email_verified).toBe(true);
    const whileQueued = await call('createProduct', { as: student, body: listing(gone) });
    expect(whileQueued.status).toBe(403);
    expect(errorOf(whileQueued.body).message).toBe(PUBLISH_MESSAGES.universityGone);
    const search = await saveSearch(student, gone, 'mesa');
    expect(search.status).toBe(400);
    expect(errorOf(search.body).message).toBe(ALERT_MESSAGES.unknownUniversity);
    const point = await call('adminCreateMeetingPoint', { params: { id: gone }, body: { name: 'Cafetín' } });
    expect(point.status).toBe(409);
    expect(errorOf(point.body).message).toBe(ADMIN_MESSAGES.universityDeleting);
    // A code mailed before the deletion verifies nothing after it.
    const closed = await verify(late, lateCode);
    expect(closed.status).toBe(409);
    expect(errorOf(closed.body).message).toBe(ACCOUNT_MESSAGES.universityClosed);
    expect((await profileOf(late)).university_email_verified).toBe(false);

    // The job's first run dies after ending verifications, before saving its progress; the schedule
    // takes the job over once its lease expired, and the rerun ends in the same state.
    const base = jobDepsOf(table);
    let ended = 0;
    let died: () => void = () => undefined;
    const death = new Promise<void>((resolve) => {
      died = resolve;
    });
    const dying = jobDepsOf(table, {
      profiles: {
        async endInstitutional(...args) {
          const done = await base.profiles.endInstitutional(...args);
          if (done) ended++;
          return done;
        },
      },
      jobStore: {
        ...base.jobStore,
        async progress(id, update) {
          if (ended === 0) return base.jobStore.progress(id, update);
          died();
          return new Promise<void>(() => undefined);
        },
      },
    });
    void runJob(dying, jobId);
    await death;
    expect(ended).toBeGreaterThan(0);
    expect(await runAdminJob(table, jobId, { now: () => new Date(Date.now() + 5 * 60_000) })).toBe(
      'finished',
    );
    expect((await call('adminGetJob', { params: { jobId } })).body).toMatchObject({
      status: 'succeeded',
      processed: 1,
    });

    // The student: the address kept, unverified, and why; the address free; publishing refused.
    const after = await profileOf(student);
    expect(after).toMatchObject({
      university_email: address,
      university_email_verified: false,
      university_id: null,
      university_email_ended: { reason: 'university_deleted', university_name: `Universidad ${gone}` },
    });
    expect(await createProfileRepository(table).institutionalOwner(address)).toBeNull();
    const refused = await call('createProduct', { as: student, body: listing(gone) });
    expect(refused.status).toBe(403);
    expect(errorOf(refused.body).message).toBe(PUBLISH_MESSAGES.mustVerify);
    expect(
      (await call('getProduct', { as: 'none', params: { id: (published.body as { id: number }).id } }))
        .status,
    ).toBe(404);
    // Its saved searches gone, the others kept, the counts exact; its meeting points gone.
    const alerts = (await call('listAlerts', { as: student })).body as { items: { university: string }[] };
    expect(alerts.items.map((a) => a.university)).toEqual([kept]);
    expect([await countOf(student), await countOf(watcher)]).toEqual([1, 0]);
    expect((await call('listAlerts', { as: watcher })).body).toMatchObject({ items: [] });
    expect(await meetingPointsOf(gone)).toEqual([]);
    expect((await call('getUniversity', { as: 'none', params: { id: gone } })).status).toBe(404);
    // The deletion changed nothing of the person who never verified.
    expect((await profileOf(late)).university_email_ended ?? null).toBeNull();
  });

  it('a listing moderated while its university’s deletion begins is not written', async () => {
    const university = uniqueUniversity('race');
    const domain = uniqueDomain('race');
    await createUniversity(university, domain);
    const student = `racer-${run}`;
    expect((await verify(student, await codeFor(student, university, `eva-${run}@${domain}`))).status).toBe(
      200,
    );
    // The admin deletes the university while the listing is being moderated (after the publish
    // route checked the university, before it writes the listing).
    setHandlerContext({
      search: new MemorySearchIndex(),
      jobLauncher: { launch: async (id) => void launched.push(id) },
      moderator: {
        async moderate(input, image) {
          expect((await call('adminDeleteUniversity', { params: { id: university } })).status).toBe(202);
          return approve.moderate(input, image);
        },
      },
    });
    const res = await call('createProduct', { as: student, body: listing(university) });
    expect(res.status).toBe(403);
    expect(errorOf(res.body).message).toBe(PUBLISH_MESSAGES.universityGone);
    expect((await call('listOwnProducts', { as: student })).body).toEqual({ items: [] });
  });
});
