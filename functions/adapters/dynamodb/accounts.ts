import { domainOfEmail, type Profile, profileSchema } from '#shared/account-schemas';
import type { AdminUser } from '#shared/admin';
import { ROLES } from '#shared/statuses';
import { INDEXES, KEY, keys } from '#shared/table';
import type {
  CodeRecord,
  CodeRepository,
  FavoriteRepository,
  MailRequestRepository,
  ProfileRepository,
  RegistrationRepository,
  ResetTokenRepository,
} from '../../ports/accounts';
import type { TableAccess } from './client';
import { changes } from './entity';
import {
  favoriteEntity,
  institutionalClaimEntity,
  mailRequestEntity,
  auditEntity,
  productEntity,
  profileEntity,
  type StoredProfile,
  registrationEntity,
  resetTokenEntity,
  universityIsOpen,
  verificationCodeEntity,
} from './entities';
import { type Expr, type Item, settled, tableOf } from './table';

export function createCodeRepository(access: TableAccess): CodeRepository {
  const table = tableOf(access);
  /** That exact code, unused, with attempts left. */
  const live = (codeId: string, maxAttempts: number): Expr => ({
    expression: 'code_id = :id AND used = :false AND attempts < :max',
    values: { ':id': codeId, ':false': false, ':max': maxAttempts },
  });
  return {
    // A new code replaces the subject's code, whatever its state.
    put: async (record) => {
      await table.write(verificationCodeEntity.put(record));
    },
    async get(purpose, subject) {
      const stored = await verificationCodeEntity.get(table, { purpose, subject }, { consistent: true });
      return stored ? ({ ...stored, registration: stored.registration ?? null } satisfies CodeRecord) : null;
    },
    async registerFailure(purpose, subject, codeId, maxAttempts) {
      const { ok, attributes } = await table.writeReturning(
        verificationCodeEntity.update(
          { purpose, subject },
          { expression: 'ADD attempts :one', values: { ':one': 1 } },
          { condition: live(codeId, maxAttempts) },
        ),
      );
      const attempts = attributes?.attempts;
      return ok && typeof attempts === 'number' ? attempts : null;
    },
    consume: (purpose, subject, codeId, maxAttempts) =>
      table.write(
        verificationCodeEntity.update({ purpose, subject }, changes({ set: { used: true } }), {
          condition: live(codeId, maxAttempts),
        }),
      ),
    async release(purpose, subject, codeId) {
      // Refused when a newer code replaced it: nothing to give back.
      await table.write(
        verificationCodeEntity.update({ purpose, subject }, changes({ set: { used: false } }), {
          condition: {
            expression: 'code_id = :id AND used = :true',
            values: { ':id': codeId, ':true': true },
          },
        }),
      );
    },
  };
}

/** Requests of the public mail routes, each written once and read by the stream dispatcher. */
export function createMailRequestRepository(access: TableAccess): MailRequestRepository {
  const table = tableOf(access);
  return {
    async put(request) {
      // Refused when the same request was written already (a retried call): it is there.
      await table.write(mailRequestEntity.create(request));
    },
  };
}

export function createRegistrationRepository(access: TableAccess): RegistrationRepository {
  const table = tableOf(access);
  return {
    async put(registration) {
      // Its id is fresh: a registration over an existing one is a failure, never a replacement.
      if (!(await table.write(registrationEntity.create(registration))))
        throw new Error(`Registration ${registration.id} exists already`);
    },
    get: (id) => registrationEntity.get(table, { id }, { consistent: true }),
    async delete(id) {
      await table.write(registrationEntity.remove({ id }));
    },
  };
}

export function createResetTokenRepository(access: TableAccess): ResetTokenRepository {
  const table = tableOf(access);
  return {
    async put(tokenHash, grant, expiresAt) {
      const written = await table.write(
        resetTokenEntity.create(
          { email: grant.email, registration: grant.registration, expires_at: expiresAt },
          { key: { token_hash: tokenHash } },
        ),
      );
      if (!written) throw new Error('A reset token with this hash exists already');
    },
    async consume(tokenHash, now) {
      const { ok, attributes } = await table.writeReturning(
        resetTokenEntity.update({ token_hash: tokenHash }, changes({ set: { used_at: now } }), {
          condition: {
            expression: 'attribute_not_exists(used_at) AND expires_at > :now',
            values: { ':now': now },
          },
        }),
      );
      const token = ok ? resetTokenEntity.parse(attributes) : null;
      return token ? { email: token.email, registration: token.registration ?? null } : null;
    },
    async release(tokenHash, registration) {
      // Refused when it is not in use (given back already): nothing to do.
      await table.write(
        resetTokenEntity.update(
          { token_hash: tokenHash },
          changes({ set: registration === undefined ? {} : { registration }, remove: ['used_at'] }),
          { condition: { expression: 'attribute_exists(used_at)' } },
        ),
      );
    },
  };
}

/** Rounds ending a verification re-reads a profile that changed under it (a race, never a loop). */
const END_ROUNDS = 3;

/** The claim's holder is this account, or nobody holds it. */
const claimFreeOrMine = (userId: string): Expr => ({
  expression: 'attribute_not_exists(#claimpk) OR user_id = :me',
  names: { '#claimpk': KEY.pk },
  values: { ':me': userId },
});

/** A profile as the admin sees it: with the roles its Cognito groups gave it (none when absent). */
const withRoles = (stored: StoredProfile): AdminUser => ({
  ...profileSchema.parse(stored),
  roles: ROLES.filter((r) => stored.roles?.includes(r)),
});

export function createProfileRepository(access: TableAccess): ProfileRepository {
  const table = tableOf(access);
  /** The API's profile of an item; a profile item that is not one is an error, never "no profile". */
  const toProfile = (item: Item | undefined): Profile | null => {
    if (!item) return null;
    const stored = profileEntity.parse(item);
    if (!stored) throw new Error(`Profile item ${String(item[KEY.pk])} is malformed`);
    return profileSchema.parse(stored);
  };
  const get = async (userId: string) =>
    toProfile(await table.get(profileEntity.key({ user_id: userId }), { consistent: true }));
  const ownerOf = async (email: string) =>
    (await institutionalClaimEntity.get(table, { address: email }, { consistent: true }))?.user_id ?? null;
  return {
    get,
    async createIfAbsent(profile) {
      if (await table.write(profileEntity.create(profile))) return profile;
      const existing = await get(profile.user_id);
      if (!existing) throw new Error(`Profile ${profile.user_id} exists but cannot be read`);
      return existing;
    },
    async updateFullName(userId, fullName) {
      const { attributes } = await table.writeReturning(
        profileEntity.update({ user_id: userId }, changes({ set: { full_name: fullName } })),
      );
      const profile = toProfile(attributes);
      if (!profile) throw new Error(`Profile ${userId} vanished during an update`);
      return profile;
    },
    async setInstitutional(userId, email, universityId, previousEmail) {
      const address = email.toLowerCase();
      const previous = previousEmail?.toLowerCase() ?? null;
      const outcome = await table.transact([
        institutionalClaimEntity.put(
          { user_id: userId },
          { key: { address }, condition: claimFreeOrMine(userId) },
        ),
        // Only for a university that exists, is not being deleted and still has the address's
        // domain: a code sent before its deletion verifies nothing after it (decision 042).
        universityIsOpen(universityId, domainOfEmail(address)),
        profileEntity.update(
          { user_id: userId },
          changes({
            set: {
              university_email: address,
              university_id: universityId,
              university_email_verified: true,
              // When it was verified: the seller page's badge says the month (decision 032).
              university_email_verified_at: new Date().toISOString(),
            },
            remove: ['university_email_ended'],
          }),
        ),
        ...(previous && previous !== address
          ? [institutionalClaimEntity.remove({ address: previous }, claimFreeOrMine(userId))]
          : []),
      ]);
      if (!outcome.ok) {
        if (outcome.reasons[0] === 'ConditionalCheckFailed') return 'taken';
        if (outcome.reasons[1] === 'ConditionalCheckFailed') return 'closed';
        throw new Error(`institutional verification cancelled: ${outcome.reasons.join(', ')}`);
      }
      const profile = await get(userId);
      if (!profile) throw new Error(`Profile ${userId} vanished during an update`);
      return profile;
    },
    async listByEmail(emailPrefix, limit, cursor) {
      const page = await profileEntity.queryPage(
        table,
        {
          index: INDEXES.gsi1,
          pk: keys.profilesPartition,
          ...(emailPrefix ? { sk: { beginsWith: emailPrefix } } : {}),
        },
        { limit, cursor },
      );
      return { items: page.items.map(withRoles), nextCursor: page.nextCursor };
    },

    getWithRoles: async (userId) => {
      const stored = await profileEntity.get(table, { user_id: userId }, { consistent: true });
      return stored ? withRoles(stored) : null;
    },

    async setVerification(user, verified, audit) {
      const address = user.university_email?.toLowerCase() ?? '';
      if (verified && !user.university_id) return 'closed';
      const outcome = await table.transact([
        // The claim first: its condition failing means another account holds the address.
        verified
          ? institutionalClaimEntity.put(
              { user_id: user.user_id },
              { key: { address }, condition: claimFreeOrMine(user.user_id) },
            )
          : institutionalClaimEntity.remove({ address }, claimFreeOrMine(user.user_id)),
        profileEntity.update(
          { user_id: user.user_id },
          changes({
            // When it was verified (null once not): the seller page's badge says the month (decision 032).
            set: {
              university_email_verified: verified,
              university_email_verified_at: verified ? new Date().toISOString() : null,
            },
            // Verified again, an ended verification's reason goes (decision 042).
            ...(verified ? { remove: ['university_email_ended'] } : {}),
          }),
          {
            condition: {
              expression: `university_email = :e${verified ? ' AND university_id = :u' : ''}`,
              values: { ':e': user.university_email, ...(verified ? { ':u': user.university_id } : {}) },
            },
          },
        ),
        auditEntity.create(audit),
        // Verifying: only for a university that exists, is not being deleted and has the address's domain.
        ...(verified && user.university_id
          ? [universityIsOpen(user.university_id, domainOfEmail(address))]
          : []),
      ]);
      if (!outcome.ok) {
        if (verified && outcome.reasons[0] === 'ConditionalCheckFailed') return 'taken';
        if (verified && outcome.reasons[3] === 'ConditionalCheckFailed') return 'closed';
        if (!settled(outcome)) return null;
      }
      const stored = await profileEntity.get(table, { user_id: user.user_id }, { consistent: true });
      return stored ? withRoles(stored) : null;
    },

    async setRoles(user, roles, audit) {
      const written = settled(
        await table.transact([
          profileEntity.update({ user_id: user.user_id }, changes({ set: { roles } })),
          auditEntity.create(audit),
        ]),
      );
      if (!written) return null;
      const stored = await profileEntity.get(table, { user_id: user.user_id }, { consistent: true });
      return stored ? withRoles(stored) : null;
    },

    async endInstitutional(userId, universityId, ended) {
      for (let round = 0; round < END_ROUNDS; round++) {
        const profile = await get(userId);
        if (!profile || profile.university_id !== universityId) return false;
        const address = profile.university_email?.toLowerCase() ?? null;
        const wasVerified = profile.university_email_verified && address !== null;
        // Its claim goes only if it is this account's (old data may hold another's).
        const claimed = wasVerified && address !== null && (await ownerOf(address)) === userId;
        const outcome = await table.transact([
          profileEntity.update(
            { user_id: userId },
            changes({
              set: {
                university_id: null,
                university_email_verified: false,
                university_email_verified_at: null,
                // Only a verification that was on gets its reason: the tab then says why it ended.
                ...(wasVerified ? { university_email_ended: ended } : {}),
              },
            }),
            {
              condition: {
                expression: `university_id = :u AND university_email_verified = :was${address ? ' AND university_email = :e' : ''}`,
                values: {
                  ':u': universityId,
                  ':was': profile.university_email_verified,
                  ...(address ? { ':e': profile.university_email } : {}),
                },
              },
            },
          ),
          // The address is free again (for whoever proves it at a university that exists).
          ...(claimed && address
            ? [
                institutionalClaimEntity.remove(
                  { address },
                  { expression: 'user_id = :me', values: { ':me': userId } },
                ),
              ]
            : []),
        ]);
        if (outcome.ok) return true;
        // The profile changed since it was read: read it again (it may not be tied any more).
        if (outcome.failed < 0)
          throw new Error(`ending a verification cancelled: ${outcome.reasons.join(', ')}`);
      }
      throw new Error(`profile ${userId}: its institutional e-mail kept changing`);
    },
    institutionalOwner: ownerOf,
  };
}

export function createFavoriteRepository(access: TableAccess): FavoriteRepository {
  const table = tableOf(access);
  return {
    add: (userId, productId, createdAt) =>
      table.write(favoriteEntity.create({ user_id: userId, product_id: productId, created_at: createdAt })),
    async remove(userId, productId) {
      await table.write(favoriteEntity.remove({ user_id: userId, product_id: productId }));
    },
    async removeAllOfProduct(productId) {
      // gsi1 FAVORITED#<product id> finds them (no Scan); deletes are idempotent under replays.
      const items = await table.queryAll({
        index: INDEXES.gsi1,
        pk: keys.favoritedBy(productId),
        keysOnly: true,
      });
      await table.batchWrite(
        items.map((i) => ({ delete: { pk: String(i[KEY.pk]), sk: String(i[KEY.sk]) } })),
      );
      return items.length;
    },
    async listProducts(userId) {
      const items = await table.queryAll({
        pk: keys.favoritesPartition(userId),
        sk: { beginsWith: keys.favoritePrefix },
      });
      // The user is the partition's: its items hold only the product and the date.
      const favorites = favoriteEntity.parseAll(items.map((i) => ({ ...i, user_id: userId })));
      favorites.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.product_id - a.product_id);
      const products = await table.batchGet(favorites.map((f) => productEntity.key({ id: f.product_id })));
      return productEntity.parseAll(products);
    },
  };
}
