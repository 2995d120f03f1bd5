import { universityDomainRefusal } from '#shared/university-domains';
import { fold } from '#shared/text';
import {
  type University,
  type UniversityRequest,
  universityRequestSchema,
  universitySchema,
} from '#shared/schemas';
import { INDEXES, KEY, keys } from '#shared/table';
import { logger } from '../../commons/observability';
import type {
  StoredUniversity,
  UniversityRepository,
  UniversityRequestRepository,
} from '../../ports/repositories';
import type { TableAccess } from './client';
import {
  auditEntity,
  jobClaim,
  type StoredUniversityValue,
  universityEntity,
  universityRequestEntity,
} from './entities';
import { transactCreate } from './idempotency';
import { settled, tableOf } from './table';
import { backfillDomainClaim, domainConflict, domainMoveItems, transactDomains } from './university-domains';

/** Rounds a university write retries when a domain claim it met changed before it could explain why. */
const DOMAIN_ROUNDS = 3;

/** A university as the admin sees it: also while it is being deleted. */
const stored = (u: StoredUniversityValue): StoredUniversity => ({
  ...u,
  deleting_job_id: u.deleting_job_id ?? null,
});

/** A university being deleted (docs/decisions/026) is gone for everyone but the admin already. */
const publicUniversity = (u: ReturnType<typeof universityEntity.parse>): University | null => {
  if (!u || u.deleting_job_id) return null;
  const { deleting_job_id: _deleting, ...university } = u;
  return university;
};

export function createUniversityRepository(access: TableAccess): UniversityRepository {
  const table = tableOf(access);

  async function listStored(): Promise<StoredUniversity[]> {
    // A handful of items in two index partitions: the listed and those being deleted.
    const [listed, deleting] = await Promise.all([
      table.queryAll({ index: INDEXES.gsi1, pk: keys.universitiesPartition }),
      table.queryAll({ index: INDEXES.gsi2, pk: keys.universitiesDeletingPartition }),
    ]);
    return universityEntity
      .parseAll([...listed, ...deleting])
      .map(stored)
      .sort((a, b) => fold(a.name).localeCompare(fold(b.name)) || a.id.localeCompare(b.id));
  }

  return {
    async list() {
      // A handful of items in one partition of gsi1, sorted by folded name.
      const items = await table.queryAll({ index: INDEXES.gsi1, pk: keys.universitiesPartition });
      return items.map((i) => publicUniversity(universityEntity.parse(i))).filter((u) => u !== null);
    },

    get: async (id) => publicUniversity(await universityEntity.get(table, { id })),

    async putIfAbsent(university) {
      const create = universityEntity.create(university);
      // The seed and the import: with the domain claim when the domain may be claimed (decision 042).
      const refused = universityDomainRefusal(university.email_domain) !== null;
      const claim = refused ? [] : await domainMoveItems(table, university.id, null, university.email_domain);
      if (refused)
        logger.warn('university written with a refused e-mail domain, unclaimed', {
          id: university.id,
          domain: university.email_domain,
        });
      const outcome = await transactDomains(table, [create, ...claim]);
      if (outcome.ok) return true;
      if (outcome.failed === 0) return false;
      // Old data whose domain is another university's: kept, unclaimed and logged, never lost.
      logger.warn('university written without its e-mail domain claim: it conflicts with another', {
        id: university.id,
        conflict: await domainConflict(table, university.id, university.email_domain),
      });
      return table.write(create);
    },

    listStored,

    getStored: async (id) => {
      const u = await universityEntity.get(table, { id }, { consistent: true });
      return u ? stored(u) : null;
    },

    async backfillDomainClaims() {
      let claimed = 0;
      for (const u of await listStored()) if (await backfillDomainClaim(table, u)) claimed++;
      return claimed;
    },

    async create(university, audit) {
      for (let round = 0; round < DOMAIN_ROUNDS; round++) {
        const outcome = await transactDomains(table, [
          universityEntity.create(universitySchema.parse(university)),
          auditEntity.create(audit),
          ...(await domainMoveItems(table, university.id, null, university.email_domain)),
        ]);
        if (outcome.ok) return 'created';
        if (outcome.failed === 0) return 'exists';
        const conflict = await domainConflict(table, university.id, university.email_domain);
        if (conflict) return conflict;
      }
      throw new Error(`university ${university.id}: its domain claim kept changing`);
    },

    async update(current, next, audit) {
      for (let round = 0; round < DOMAIN_ROUNDS; round++) {
        const outcome = await transactDomains(table, [
          universityEntity.put(universitySchema.parse(next), {
            // As read, and not being deleted (a deletion wins over an edit).
            condition: {
              expression:
                'attribute_exists(#ckpk) AND attribute_not_exists(deleting_job_id) AND created_at = :c AND email_domain = :d',
              names: { '#ckpk': KEY.pk },
              values: { ':c': current.created_at, ':d': current.email_domain },
            },
          }),
          auditEntity.create(audit),
          ...(await domainMoveItems(table, current.id, current.email_domain, next.email_domain)),
        ]);
        if (outcome.ok) return 'updated';
        if (outcome.failed === 0) return 'changed';
        const conflict = await domainConflict(table, current.id, next.email_domain);
        if (conflict) return conflict;
      }
      throw new Error(`university ${current.id}: its domain claim kept changing`);
    },

    async markDeleting(current, job, audit) {
      const outcome = await table.transact([
        universityEntity.update(
          { id: current.id },
          {
            // Out of the public list (gsi1) at once; into the admin's list of deletions (gsi2).
            expression: 'SET deleting_job_id = :job, #g2pk = :g2pk, #g2sk = :id REMOVE #g1pk, #g1sk',
            names: {
              '#g1pk': INDEXES.gsi1.pk,
              '#g1sk': INDEXES.gsi1.sk,
              '#g2pk': INDEXES.gsi2.pk,
              '#g2sk': INDEXES.gsi2.sk,
            },
            values: { ':job': job.id, ':g2pk': keys.universitiesDeletingPartition, ':id': current.id },
          },
          { condition: { expression: 'attribute_not_exists(deleting_job_id)' } },
        ),
        ...jobClaim(job),
        auditEntity.create(audit),
      ]);
      return settled(outcome);
    },

    async remove(id, jobId) {
      const university = await universityEntity.get(table, { id }, { consistent: true });
      // Gone already (a retried run), or no longer this job's: nothing to do.
      if (!university || university.deleting_job_id !== jobId) return;
      // Its meeting points first (decision 032): a university re-created under the id starts with none.
      const points = await table.queryAll({
        pk: keys.universityPartition(id),
        sk: { beginsWith: keys.meetingPointPrefix },
        keysOnly: true,
      });
      await table.batchWrite(points.map((p) => ({ delete: { pk: String(p.pk), sk: String(p.sk) } })));
      // Gone meanwhile (an overlapping run): nothing to do, whatever the outcome.
      await transactDomains(table, [
        universityEntity.remove({ id }, { expression: 'deleting_job_id = :job', values: { ':job': jobId } }),
        // Its domain is free again, for a university created after it (decision 042).
        ...(await domainMoveItems(table, id, university.email_domain, null)),
      ]);
    },
  };
}

export function createUniversityRequestRepository(access: TableAccess): UniversityRequestRepository {
  const table = tableOf(access);
  return {
    async create(request: UniversityRequest, terms) {
      // A uuid never repeats; the condition makes a retried request unable to overwrite one.
      const create = universityRequestEntity.create(universityRequestSchema.parse(request));
      if (!terms) {
        // Written once: an existing id is a failure (as a Put conditioned on absence would throw).
        if (!(await table.write(create))) throw new Error(`university request ${request.id} already exists`);
        return;
      }
      if ((await transactCreate(table, [create], terms)) !== null)
        throw new Error(`university request ${request.id} already exists`);
    },

    async list(status, limit, cursor) {
      const q = status
        ? { index: INDEXES.gsi2, pk: keys.universityRequestsByStatus(status), newestFirst: true }
        : { index: INDEXES.gsi1, pk: keys.universityRequestsPartition, newestFirst: true };
      return universityRequestEntity.queryPage(table, q, { limit, cursor });
    },

    get: (id) => universityRequestEntity.get(table, { id }, { consistent: true }),

    async decide(current, next, audit) {
      const outcome = await table.transact([
        universityRequestEntity.put(next, {
          condition: {
            expression: '#qstatus = :qpending',
            names: { '#qstatus': 'status' },
            values: { ':qpending': current.status },
          },
        }),
        auditEntity.create(audit),
      ]);
      return settled(outcome);
    },
  };
}
