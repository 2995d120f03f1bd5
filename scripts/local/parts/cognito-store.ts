import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';

/**
 * Reads the users cognito-local 5.3 keeps in its data directory (`<dataDir>/db`, StormDB JSON files:
 * `clients.json` maps app clients to pools, `<poolId>.json` holds each pool's users with their
 * passwords in the clear). The local Cognito endpoint's SRP (cognito-proxy.ts) needs a user's
 * password to make its verifier, which Cognito keeps instead; nothing here logs or returns it to a
 * caller of the endpoint.
 */
export interface LocalUserRecord {
  userPoolId: string;
  /** The canonical username (the `sub`, as the pool signs in by e-mail): SRP's USER_ID_FOR_SRP. */
  userId: string;
  password: string;
  enabled: boolean;
  status: string;
  /** The user's attributes by name (`sub`, `email`, `email_verified`, `name`, `custom:…`). */
  attributes: Record<string, string>;
}

/** An app client as cognito-local keeps it. */
export interface LocalClientRecord {
  userPoolId: string;
  /**
   * The flows the client allows (`ALLOW_USER_SRP_AUTH`, …). Cognito's default when none were set:
   * SRP, refresh and custom auth.
   */
  authFlows: readonly string[];
}

const DEFAULT_AUTH_FLOWS = ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_CUSTOM_AUTH'];

export interface LocalUserStore {
  /** An app client (its pool and allowed flows), or null for an unknown client. */
  client(clientId: string): LocalClientRecord | null;
  /** The user a sign-in names (username, `sub` or e-mail, as cognito-local looks them up), or null. */
  user(userPoolId: string, username: string): LocalUserRecord | null;
}

const clientsFile = z.object({
  Clients: z
    .record(
      z.string(),
      z.looseObject({ UserPoolId: z.string(), ExplicitAuthFlows: z.array(z.string()).optional() }),
    )
    .default({}),
});
const attribute = z.object({ Name: z.string(), Value: z.string().optional() });
const storedUser = z.looseObject({
  Username: z.string(),
  Password: z.string().optional(),
  Attributes: z.array(attribute).default([]),
  Enabled: z.boolean().optional(),
  UserStatus: z.string().optional(),
});
const poolFile = z.looseObject({
  Users: z.record(z.string(), storedUser).default({}),
  Options: z.looseObject({ UsernameAttributes: z.array(z.string()).optional() }).default({}),
});

export function localUserStore(dataDir: string): LocalUserStore {
  const db = join(dataDir, 'db');
  const read = <T>(file: string, schema: z.ZodType<T>): T | null => {
    const path = join(db, file);
    if (!existsSync(path)) return null;
    const parsed = schema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : null;
  };
  return {
    client: (clientId) => {
      const clients = read('clients.json', clientsFile)?.Clients;
      const found = clients && Object.hasOwn(clients, clientId) ? clients[clientId] : undefined;
      if (!found) return null;
      const flows = found.ExplicitAuthFlows;
      return { userPoolId: found.UserPoolId, authFlows: flows?.length ? flows : DEFAULT_AUTH_FLOWS };
    },
    user: (userPoolId, username) => {
      // Pool ids are cognito-local's own (`local_xxxxxxxx`); anything else names no file of it.
      if (!/^[\w-]+$/.test(userPoolId)) return null;
      const pool = read(`${userPoolId}.json`, poolFile);
      if (!pool) return null;
      const byAlias = (name: string) => {
        const aliases = pool.Options.UsernameAttributes ?? [];
        return Object.values(pool.Users).find((u) =>
          u.Attributes.some(
            (a) =>
              a.Value === username && (a.Name === 'sub' || (aliases.includes(a.Name) && a.Name === name)),
          ),
        );
      };
      // As cognito-local's getUserByUsername: the username itself, then the sub, e-mail or phone.
      const found =
        (Object.hasOwn(pool.Users, username) ? pool.Users[username] : undefined) ??
        byAlias('email') ??
        byAlias('phone_number');
      if (!found?.Password) return null;
      return {
        userPoolId,
        userId: found.Username,
        password: found.Password,
        enabled: found.Enabled !== false,
        status: found.UserStatus ?? 'CONFIRMED',
        attributes: Object.fromEntries(found.Attributes.map((a) => [a.Name, a.Value ?? ''])),
      };
    },
  };
}
