import { claimableParents, universityDomainRefusal } from '#shared/university-domains';
import { ENTITY_ATTRIBUTE, KEY } from '#shared/table';
import { logger } from '../../commons/observability';
import type { DomainConflict } from '../../ports/repositories';
import { universityDomainEntity, universityEntity } from './entities';
import type { Table, TransactOutcome, WriteOp } from './table';

/**
 * The universities' e-mail domain claims (docs/decisions/042). One item per domain node
 * (`UNIDOMAIN#<domain>`): `university_id` while a university holds the domain, and `below`, the
 * set of ids of the universities whose domains are subdomains of it. A university's domain is
 * claimed in the same transaction that writes the university, conditioned so that
 * - nobody else holds the domain itself or any parent of it (the domain is not another's, nor a
 *   subdomain of another's), and
 * - nobody holds a subdomain of it (`below` is empty),
 * and the claim adds the university to `below` of each parent (conditioned on the parent being
 * held by nobody). Of two concurrent writes touching one node, one transaction wins and the other
 * is cancelled, so a parent and its child can never both be held. Sets make each step idempotent.
 */

const NAMES = {
  '#e': ENTITY_ATTRIBUTE,
  '#d': 'domain_name',
  '#u': 'university_id',
  '#b': 'below',
} as const;

const NOBODY_ELSE = '(attribute_not_exists(#u) OR #u = :u)';

/** Times a write of shared domain nodes that lost a race (not a condition) is sent again. */
const DOMAIN_CONFLICT_RETRIES = 4;

interface NodeOps {
  claim?: boolean;
  release?: boolean;
  addBelow?: boolean;
  removeBelow?: boolean;
}

/** The node changes that move `universityId`'s domain from `from` to `to` (either null). */
function nodeOps(from: string | null, to: string | null, releaseFrom: boolean): Map<string, NodeOps> {
  const ops = new Map<string, NodeOps>();
  const at = (d: string) => {
    const found = ops.get(d) ?? {};
    ops.set(d, found);
    return found;
  };
  if (from === to) return ops;
  if (from) {
    if (releaseFrom) at(from).release = true;
    for (const p of claimableParents(from)) at(p).removeBelow = true;
  }
  if (to) {
    at(to).claim = true;
    for (const p of claimableParents(to)) at(p).addBelow = true;
  }
  for (const [d, op] of ops) {
    // A parent of both the old and the new domain keeps the university below it.
    if (op.addBelow && op.removeBelow) {
      op.addBelow = false;
      op.removeBelow = false;
    }
    if (!op.claim && !op.release && !op.addBelow && !op.removeBelow) ops.delete(d);
  }
  return ops;
}

function nodeUpdate(universityId: string, domain: string, op: NodeOps): WriteOp {
  const set = ['#e = :entity', '#d = :d'];
  const remove: string[] = [];
  const conditions: string[] = [];
  if (op.claim) {
    set.push('#u = :u');
    conditions.push(NOBODY_ELSE);
    // No other university's domain below it (its own old one, when moving up, goes in this write).
    conditions.push(
      op.removeBelow
        ? '(attribute_not_exists(#b) OR (size(#b) = :one AND contains(#b, :u)))'
        : 'attribute_not_exists(#b)',
    );
  }
  if (op.release) {
    remove.push('#u');
    conditions.push(NOBODY_ELSE);
  }
  if (op.addBelow && !op.release) conditions.push(NOBODY_ELSE);
  const expression = [
    `SET ${set.join(', ')}`,
    remove.length ? `REMOVE ${remove.join(', ')}` : '',
    op.addBelow ? 'ADD #b :self' : '',
    op.removeBelow ? 'DELETE #b :self' : '',
  ]
    .filter(Boolean)
    .join(' ');
  // DynamoDB refuses a placeholder that no expression uses.
  const used = (name: string) => expression.includes(name) || conditions.some((c) => c.includes(name));
  const values: Record<string, unknown> = { ':entity': 'universityDomain', ':d': domain };
  if (used(':u')) values[':u'] = universityId;
  if (used(':self')) values[':self'] = new Set([universityId]);
  if (used(':one')) values[':one'] = 1;
  return universityDomainEntity.update(
    { domain },
    {
      expression,
      names: Object.fromEntries(Object.entries(NAMES).filter(([k]) => used(k))),
      values,
    },
    {
      upsert: true,
      ...(conditions.length ? { condition: { expression: [...new Set(conditions)].join(' AND ') } } : {}),
    },
  );
}

async function node(table: Table, domain: string) {
  const item = await universityDomainEntity.get(table, { domain }, { consistent: true });
  return { holder: item?.university_id ?? null, below: [...(item?.below ?? [])] };
}

/**
 * The transaction items that move a university's domain claim from `from` to `to` (null: none).
 * The old domain is released only if this university holds it (data from before the claims, or a
 * conflict logged at backfill, may have left it to another): a release never blocks the move.
 * Refused domains (decision 042) are never claimed: such data is left unclaimed (and logged).
 */
export async function domainMoveItems(
  table: Table,
  universityId: string,
  from: string | null,
  to: string | null,
): Promise<WriteOp[]> {
  const releaseFrom = from !== null && from !== to && (await node(table, from)).holder === universityId;
  const claimTo = to !== null && universityDomainRefusal(to) === null ? to : null;
  const fromParentsOnly = from !== null && universityDomainRefusal(from) === null ? from : null;
  const ops = nodeOps(fromParentsOnly, claimTo, releaseFrom);
  return [...ops].map(([d, op]) => nodeUpdate(universityId, d, op));
}

/**
 * Why `domain` cannot be `universityId`'s, read after a claim was refused: another holds it, a
 * parent of it, or a subdomain of it. Null when nothing stands in the way any more (a race ended).
 */
export async function domainConflict(
  table: Table,
  universityId: string,
  domain: string,
): Promise<DomainConflict | null> {
  const own = await node(table, domain);
  if (own.holder && own.holder !== universityId)
    return { kind: 'taken', domain, other: domain, universityId: own.holder };
  for (const parent of claimableParents(domain)) {
    const { holder } = await node(table, parent);
    if (holder && holder !== universityId)
      return { kind: 'under', domain, other: parent, universityId: holder };
  }
  const child = own.below.find((id) => id !== universityId);
  if (child) {
    const other =
      (await universityEntity.get(table, { id: child }, { consistent: true }))?.email_domain ?? domain;
    return { kind: 'over', domain, other, universityId: child };
  }
  return null;
}

/**
 * A transaction that touches shared domain nodes, sent again when it lost a race (not a
 * condition). A race lost every time is an error (nothing was written).
 */
export async function transactDomains(table: Table, items: WriteOp[]): Promise<TransactOutcome> {
  const outcome = await table.transact(items, { conflictRetries: DOMAIN_CONFLICT_RETRIES });
  if (!outcome.ok && outcome.failed < 0)
    throw new Error(`domain transaction cancelled: ${outcome.reasons.join(', ') || 'conflict'}`);
  return outcome;
}

/**
 * Gives an existing university its domain claim if it has none (universities written before the
 * claims: the local start's and the reindex's backfill pass, decision 042). A refused domain or a
 * domain another university holds is logged and left: nothing crashes on old data, and the
 * institutional verification refuses a refused domain anyway. True when written.
 */
export async function backfillDomainClaim(
  table: Table,
  university: { id: string; email_domain: string },
): Promise<boolean> {
  const domain = university.email_domain.toLowerCase();
  const refusal = universityDomainRefusal(domain);
  if (refusal) {
    logger.warn('university has a refused e-mail domain; left unclaimed', { id: university.id, domain });
    return false;
  }
  if ((await node(table, domain)).holder === university.id) return false;
  // Only while the university still has this domain: a listing read before an edit moved it must
  // not claim the old one again.
  const stillHas = universityEntity.check(
    { id: university.id },
    {
      expression: 'attribute_exists(#ckpk) AND email_domain = :d',
      names: { '#ckpk': KEY.pk },
      values: { ':d': university.email_domain },
    },
  );
  const outcome = await transactDomains(table, [
    stillHas,
    ...(await domainMoveItems(table, university.id, null, domain)),
  ]);
  if (outcome.ok) return true;
  if (outcome.failed === 0) return false;
  logger.warn('university e-mail domain conflicts with another university; left unclaimed', {
    id: university.id,
    domain,
    conflict: await domainConflict(table, university.id, domain),
  });
  return false;
}
