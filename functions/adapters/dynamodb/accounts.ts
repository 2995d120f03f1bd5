import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { domainOfEmail, type Profile, profileSchema } from '#shared/account-schemas';
import { type Product, productSchema } from '#shared/schemas';
import {
  entityKey,
  favoriteIndexAttributes,
  INDEXES,
  KEY,
  keys,
  profileIndexAttributes,
  TTL_ATTRIBUTE,
} from '#shared/table';
import type {
  CodeRecord,
  CodeRepository,
  FavoriteRepository,
  MailRequestRepository,
  PendingRegistration,
  ProfileRepository,
  RegistrationRepository,
  ResetTokenRepository,
} from '../../ports/accounts';
import type { TableAccess } from './client';
import { isConditionalCheckFailed, stripKeys } from './items';
import { queryIndexAll } from './cursor';
import { universityOpenCheck } from './universities';
import { cancellationReasons } from './university-domains';

const codeRecordSchema = z.object({
  purpose: z.enum(['signup', 'institutional']),
  subject: z.string(),
  code_id: z.string(),
  email: z.string(),
  salt: z.string(),
  hash: z.string(),
  expires_at: z.number(),
  attempts: z.number(),
  used: z.boolean(),
  university_id: z.nullable(z.string()),
  // Codes stored before registrations were named carry none (and confirm nothing).
  registration: z.optional(z.nullable(z.string())),
});

const epochSeconds = (ms: number) => Math.ceil(ms / 1000);

export function createCodeRepository({ doc, tableName }: TableAccess): CodeRepository {
  const live = 'code_id = :id AND used = :false AND attempts < :max';
  return {
    async put(record) {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...record,
            ...entityKey('verificationCode', keys.verification(record.purpose, record.subject)),
            [TTL_ATTRIBUTE]: epochSeconds(record.expires_at) + 86_400,
          },
        }),
      );
    },
    async get(purpose, subject) {
      const res = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.verification(purpose, subject),
          ConsistentRead: true,
        }),
      );
      if (!res.Item) return null;
      const parsed = codeRecordSchema.safeParse(stripKeys(res.Item));
      return parsed.success
        ? ({ ...parsed.data, registration: parsed.data.registration ?? null } satisfies CodeRecord)
        : null;
    },
    async registerFailure(purpose, subject, codeId, maxAttempts) {
      try {
        const res = await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.verification(purpose, subject),
            UpdateExpression: 'ADD attempts :one',
            ConditionExpression: live,
            ExpressionAttributeValues: { ':one': 1, ':id': codeId, ':false': false, ':max': maxAttempts },
            ReturnValues: 'UPDATED_NEW',
          }),
        );
        const attempts = res.Attributes?.attempts;
        return typeof attempts === 'number' ? attempts : null;
      } catch (err) {
        if (isConditionalCheckFailed(err)) return null;
        throw err;
      }
    },
    async consume(purpose, subject, codeId, maxAttempts) {
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.verification(purpose, subject),
            UpdateExpression: 'SET used = :true',
            ConditionExpression: live,
            ExpressionAttributeValues: { ':true': true, ':id': codeId, ':false': false, ':max': maxAttempts },
          }),
        );
        return true;
      } catch (err) {
        if (isConditionalCheckFailed(err)) return false;
        throw err;
      }
    },
    async release(purpose, subject, codeId) {
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.verification(purpose, subject),
            UpdateExpression: 'SET used = :false',
            ConditionExpression: 'code_id = :id AND used = :true',
            ExpressionAttributeValues: { ':false': false, ':true': true, ':id': codeId },
          }),
        );
      } catch (err) {
        // A newer code replaced it: nothing to give back.
        if (!isConditionalCheckFailed(err)) throw err;
      }
    },
  };
}

/** Requests of the public mail routes, each written once and read by the stream dispatcher. */
export function createMailRequestRepository({ doc, tableName }: TableAccess): MailRequestRepository {
  return {
    async put(request) {
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...request,
              ...entityKey('mailRequest', keys.mailRequest(request.id)),
              // The dispatcher handles it within seconds; the item only has to outlive retries.
              [TTL_ATTRIBUTE]: epochSeconds(request.requested_at) + 86_400,
            },
            ConditionExpression: `attribute_not_exists(${KEY.pk})`,
          }),
        );
      } catch (err) {
        // The same request written twice (a retried call): it is there already.
        if (!isConditionalCheckFailed(err)) throw err;
      }
    },
  };
}

const registrationSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  national_id: z.string(),
  university_id: z.nullable(z.string()),
  secret_hash: z.string(),
  created_at: z.number(),
  expires_at: z.number(),
});

export function createRegistrationRepository({ doc, tableName }: TableAccess): RegistrationRepository {
  return {
    async put(registration) {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...registration,
            ...entityKey('registration', keys.registration(registration.id)),
            [TTL_ATTRIBUTE]: epochSeconds(registration.expires_at) + 86_400,
          },
          ConditionExpression: `attribute_not_exists(${KEY.pk})`,
        }),
      );
    },
    async get(id) {
      const res = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.registration(id), ConsistentRead: true }),
      );
      if (!res.Item) return null;
      const parsed = registrationSchema.safeParse(stripKeys(res.Item));
      return parsed.success ? (parsed.data satisfies PendingRegistration) : null;
    },
    async delete(id) {
      await doc.send(new DeleteCommand({ TableName: tableName, Key: keys.registration(id) }));
    },
  };
}

export function createResetTokenRepository({ doc, tableName }: TableAccess): ResetTokenRepository {
  return {
    async put(tokenHash, grant, expiresAt) {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...entityKey('resetToken', keys.resetToken(tokenHash)),
            email: grant.email,
            registration: grant.registration,
            expires_at: expiresAt,
            [TTL_ATTRIBUTE]: epochSeconds(expiresAt) + 86_400,
          },
          ConditionExpression: `attribute_not_exists(${KEY.pk})`,
        }),
      );
    },
    async consume(tokenHash, now) {
      try {
        const res = await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.resetToken(tokenHash),
            UpdateExpression: 'SET used_at = :now',
            ConditionExpression: `attribute_exists(${KEY.pk}) AND attribute_not_exists(used_at) AND expires_at > :now`,
            ExpressionAttributeValues: { ':now': now },
            ReturnValues: 'ALL_NEW',
          }),
        );
        const email = res.Attributes?.email;
        const registration = res.Attributes?.registration;
        if (typeof email !== 'string') return null;
        return { email, registration: typeof registration === 'string' ? registration : null };
      } catch (err) {
        if (isConditionalCheckFailed(err)) return null;
        throw err;
      }
    },
    async release(tokenHash, registration) {
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.resetToken(tokenHash),
            UpdateExpression:
              registration === undefined ? 'REMOVE used_at' : 'SET registration = :r REMOVE used_at',
            ConditionExpression: 'attribute_exists(used_at)',
            ...(registration === undefined ? {} : { ExpressionAttributeValues: { ':r': registration } }),
          }),
        );
      } catch (err) {
        if (!isConditionalCheckFailed(err)) throw err;
      }
    },
  };
}

/** Rounds ending a verification re-reads a profile that changed under it (a race, never a loop). */
const END_ROUNDS = 3;

export function createProfileRepository({ doc, tableName }: TableAccess): ProfileRepository {
  const toProfile = (item: Record<string, unknown> | undefined): Profile | null =>
    item ? profileSchema.parse(stripKeys(item)) : null;
  const get = async (userId: string) => {
    const res = await doc.send(
      new GetCommand({ TableName: tableName, Key: keys.profile(userId), ConsistentRead: true }),
    );
    return toProfile(res.Item);
  };
  const update = async (userId: string, expression: string, values: Record<string, unknown>) => {
    const res = await doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.profile(userId),
        UpdateExpression: expression,
        ConditionExpression: `attribute_exists(${KEY.pk})`,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    const profile = toProfile(res.Attributes);
    if (!profile) throw new Error(`Profile ${userId} vanished during an update`);
    return profile;
  };
  const ownerOf = async (email: string) => {
    const res = await doc.send(
      new GetCommand({
        TableName: tableName,
        Key: keys.institutionalClaim(email),
        ConsistentRead: true,
      }),
    );
    const owner = res.Item?.user_id;
    return typeof owner === 'string' ? owner : null;
  };
  return {
    get,
    async createIfAbsent(profile) {
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...profile,
              ...entityKey('profile', keys.profile(profile.user_id)),
              ...profileIndexAttributes(profile),
            },
            ConditionExpression: `attribute_not_exists(${KEY.pk})`,
          }),
        );
        return profile;
      } catch (err) {
        if (!isConditionalCheckFailed(err)) throw err;
        const existing = await get(profile.user_id);
        if (!existing) throw new Error(`Profile ${profile.user_id} exists but cannot be read`);
        return existing;
      }
    },
    updateFullName: (userId, fullName) => update(userId, 'SET full_name = :n', { ':n': fullName }),
    async setInstitutional(userId, email, universityId, previousEmail) {
      const address = email.toLowerCase();
      const previous = previousEmail?.toLowerCase() ?? null;
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...entityKey('institutionalClaim', keys.institutionalClaim(address)),
                    user_id: userId,
                  },
                  ConditionExpression: `attribute_not_exists(${KEY.pk}) OR user_id = :me`,
                  ExpressionAttributeValues: { ':me': userId },
                },
              },
              // Only for a university that exists, is not being deleted and still has the address's
              // domain: a code sent before its deletion verifies nothing after it (decision 042).
              universityOpenCheck(tableName, universityId, domainOfEmail(address)),
              {
                Update: {
                  TableName: tableName,
                  Key: keys.profile(userId),
                  UpdateExpression:
                    // When it was verified: the seller page's badge says the month (decision 032).
                    'SET university_email = :e, university_id = :u, university_email_verified = :t, university_email_verified_at = :at REMOVE university_email_ended',
                  ConditionExpression: `attribute_exists(${KEY.pk})`,
                  ExpressionAttributeValues: {
                    ':e': address,
                    ':u': universityId,
                    ':t': true,
                    ':at': new Date().toISOString(),
                  },
                },
              },
              ...(previous && previous !== address
                ? [
                    {
                      Delete: {
                        TableName: tableName,
                        Key: keys.institutionalClaim(previous),
                        ConditionExpression: `attribute_not_exists(${KEY.pk}) OR user_id = :me`,
                        ExpressionAttributeValues: { ':me': userId },
                      },
                    },
                  ]
                : []),
            ],
          }),
        );
      } catch (err) {
        const reasons = cancellationReasons(err);
        if (reasons?.[0] === 'ConditionalCheckFailed') return 'taken';
        if (reasons?.[1] === 'ConditionalCheckFailed') return 'closed';
        throw err;
      }
      const profile = await get(userId);
      if (!profile) throw new Error(`Profile ${userId} vanished during an update`);
      return profile;
    },
    async endInstitutional(userId, universityId, ended) {
      for (let round = 0; round < END_ROUNDS; round++) {
        const profile = await get(userId);
        if (!profile || profile.university_id !== universityId) return false;
        const address = profile.university_email?.toLowerCase() ?? null;
        const wasVerified = profile.university_email_verified && address !== null;
        // Its claim goes only if it is this account's (old data may hold another's).
        const claimed = wasVerified && address !== null && (await ownerOf(address)) === userId;
        try {
          await doc.send(
            new TransactWriteCommand({
              TransactItems: [
                {
                  Update: {
                    TableName: tableName,
                    Key: keys.profile(userId),
                    // Only a verification that was on gets its reason: the tab then says why it ended.
                    UpdateExpression: `SET university_id = :none, university_email_verified = :f, university_email_verified_at = :none${wasVerified ? ', university_email_ended = :ended' : ''}`,
                    ConditionExpression: `university_id = :u AND university_email_verified = :was${address ? ' AND university_email = :e' : ''}`,
                    ExpressionAttributeValues: {
                      ':none': null,
                      ':f': false,
                      ':u': universityId,
                      ':was': profile.university_email_verified,
                      ...(address ? { ':e': profile.university_email } : {}),
                      ...(wasVerified ? { ':ended': ended } : {}),
                    },
                  },
                },
                // The address is free again (for whoever proves it at a university that exists).
                ...(claimed && address
                  ? [
                      {
                        Delete: {
                          TableName: tableName,
                          Key: keys.institutionalClaim(address),
                          ConditionExpression: 'user_id = :me',
                          ExpressionAttributeValues: { ':me': userId },
                        },
                      },
                    ]
                  : []),
              ],
            }),
          );
          return true;
        } catch (err) {
          // The profile changed since it was read: read it again (it may not be tied any more).
          if (!cancellationReasons(err)?.includes('ConditionalCheckFailed')) throw err;
        }
      }
      throw new Error(`profile ${userId}: its institutional e-mail kept changing`);
    },
    institutionalOwner: ownerOf,
  };
}

const favoriteSchema = z.object({ product_id: z.number(), created_at: z.string() });

export function createFavoriteRepository({ doc, tableName }: TableAccess): FavoriteRepository {
  return {
    async add(userId, productId, createdAt) {
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...entityKey('favorite', keys.favorite(userId, productId)),
              ...favoriteIndexAttributes(userId, productId),
              product_id: productId,
              created_at: createdAt,
            },
            ConditionExpression: `attribute_not_exists(${KEY.pk})`,
          }),
        );
        return true;
      } catch (err) {
        if (isConditionalCheckFailed(err)) return false;
        throw err;
      }
    },
    async remove(userId, productId) {
      await doc.send(new DeleteCommand({ TableName: tableName, Key: keys.favorite(userId, productId) }));
    },
    async removeAllOfProduct(productId) {
      // gsi1 FAVORITED#<product id> finds them (no Scan); deletes are idempotent under replays.
      const items = await queryIndexAll({ doc, tableName }, INDEXES.gsi1, keys.favoritedBy(productId));
      for (const item of items)
        await doc.send(new DeleteCommand({ TableName: tableName, Key: { pk: item.pk, sk: item.sk } }));
      return items.length;
    },
    async listProducts(userId) {
      const favorites: z.infer<typeof favoriteSchema>[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const res = await doc.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
            ExpressionAttributeValues: {
              ':pk': keys.favoritesPartition(userId),
              ':prefix': keys.favoritePrefix,
            },
            ExclusiveStartKey: start,
          }),
        );
        for (const item of res.Items ?? []) {
          const parsed = favoriteSchema.safeParse(item);
          if (parsed.success) favorites.push(parsed.data);
        }
        start = res.LastEvaluatedKey;
      } while (start);
      favorites.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.product_id - a.product_id);

      const byId = new Map<number, Product>();
      for (let i = 0; i < favorites.length; i += 100) {
        let pending: Record<string, unknown>[] | undefined = favorites
          .slice(i, i + 100)
          .map((f) => keys.product(f.product_id));
        // BatchGet may leave keys unprocessed under load: retry them until none is left.
        for (let round = 0; pending && pending.length > 0 && round < 5; round++) {
          const res: BatchGetCommandOutput = await doc.send(
            new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending } } }),
          );
          for (const item of res.Responses?.[tableName] ?? []) {
            const parsed = productSchema.safeParse(stripKeys(item));
            if (parsed.success) byId.set(parsed.data.id, parsed.data);
          }
          pending = res.UnprocessedKeys?.[tableName]?.Keys;
        }
      }
      return favorites.flatMap((f) => {
        const p = byId.get(f.product_id);
        return p ? [p] : [];
      });
    },
  };
}
