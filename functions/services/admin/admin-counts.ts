import { ADMIN_COUNTS, keys } from '#shared/table';
import type { UniversityRepository } from '../../ports/repositories';
import type { ProfileRepository } from '../../ports/accounts';
import type { CountStore, SourceGuard } from '../../ports/counts';
import { MalformedRecordError, type StreamChange } from '../../ports/stream';

/**
 * The dashboard's counts of profiles and universities (docs/decisions/025), kept by the stream
 * dispatcher like the listing counts (decision 016): each profile or university is a member counted
 * while its item says so, moved in one transaction with its marker and conditioned on the item,
 * so replays, duplicates and races change nothing more.
 */
export interface AdminCountDeps {
  counts: CountStore;
  profiles: Pick<ProfileRepository, 'get'>;
  universities: Pick<UniversityRepository, 'getStored'>;
}

const ROUNDS = 8;

async function settle(
  counts: CountStore,
  member: string,
  read: () => Promise<{ to: string[]; guard: SourceGuard }>,
): Promise<void> {
  for (let round = 0; round < ROUNDS; round++) {
    const [from] = await counts.memberships([member]);
    const { to, guard } = await read();
    if (from.counts.length === to.length && from.counts.every((c) => to.includes(c))) return;
    if (await counts.move(member, from, to, guard)) return;
  }
  throw new Error(`the count of ${member} kept changing under ${ROUNDS} attempts`);
}

/** A profile is counted while it exists. */
export function settleProfileCount(deps: AdminCountDeps, userId: string): Promise<void> {
  const key = keys.profile(userId);
  return settle(deps.counts, key.pk, async () => {
    const profile = await deps.profiles.get(userId);
    return {
      to: profile ? [ADMIN_COUNTS.profiles] : [],
      guard: { key, attributes: profile ? { user_id: userId } : null },
    };
  });
}

/** A university is counted while it exists and is not being deleted (it left selection then). */
export function settleUniversityCount(deps: AdminCountDeps, id: string): Promise<void> {
  const key = keys.university(id);
  return settle(deps.counts, key.pk, async () => {
    const u = await deps.universities.getStored(id);
    return {
      to: u && !u.deleting_job_id ? [ADMIN_COUNTS.universities] : [],
      guard: { key, attributes: u ? { id, deleting_job_id: u.deleting_job_id } : null },
    };
  });
}

export function profileIdOf(change: StreamChange): string {
  const m = typeof change.keys.pk === 'string' ? /^PROFILE#(.+)$/.exec(change.keys.pk) : null;
  if (!m) throw new MalformedRecordError(`unexpected profile key ${String(change.keys.pk)}`);
  return m[1];
}

export function universityIdOf(change: StreamChange): string {
  const m = typeof change.keys.pk === 'string' ? /^UNIVERSITY#(.+)$/.exec(change.keys.pk) : null;
  if (!m) throw new MalformedRecordError(`unexpected university key ${String(change.keys.pk)}`);
  return m[1];
}
