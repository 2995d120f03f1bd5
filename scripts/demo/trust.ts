import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { isConditionalCheckFailed } from '../../functions/adapters/dynamodb/items';
import { meetingPointItem } from '../../functions/adapters/dynamodb/trust';
import { entityKey, KEY, keys } from '#shared/table';

/**
 * Issue 14's demo data (docs/decisions/032): safe meeting points for the demo universities, and the
 * demo seller's institutional e-mail verified (with a seeded date), so their listings show the
 * verified badge. Written once per table (a marker goes in last); later starts leave them as
 * admins and people changed them.
 */
export const DEMO_MEETING_POINTS: Record<
  string,
  { id: string; name: string; description: string; hours: string }[]
> = {
  ucab: [
    {
      id: 'demo-ucab-biblioteca',
      name: 'Entrada de la Biblioteca Central',
      description: 'Frente a los torniquetes, con vigilancia en la puerta',
      hours: 'Lunes a viernes, 7:00 a 18:00',
    },
    {
      id: 'demo-ucab-feria',
      name: 'Feria de comida del Módulo 1',
      description: 'Mesas junto a las cajas, siempre concurrido',
      hours: 'Lunes a viernes, 8:00 a 16:00',
    },
    {
      id: 'demo-ucab-cincuentenario',
      name: 'Plaza del Cincuentenario',
      description: 'Junto a la caseta de seguridad',
      hours: 'Lunes a sábado, 7:00 a 17:00',
    },
  ],
  usm: [
    {
      id: 'demo-usm-biblioteca',
      name: 'Entrada de la biblioteca',
      description: 'Al lado de la recepción',
      hours: 'Lunes a viernes, 7:00 a 17:00',
    },
    {
      id: 'demo-usm-cafetin',
      name: 'Cafetín central',
      description: 'Zona de mesas techada',
      hours: 'Lunes a viernes, 7:30 a 15:00',
    },
  ],
  unimet: [
    {
      id: 'demo-unimet-biblioteca',
      name: 'Entrada de la Biblioteca Pedro Grases',
      description: 'Frente al mostrador de préstamos',
      hours: 'Lunes a viernes, 7:00 a 18:00',
    },
    {
      id: 'demo-unimet-feria',
      name: 'Feria de comida',
      description: 'Mesas del centro, a la vista de todos',
      hours: 'Lunes a viernes, 8:00 a 16:00',
    },
  ],
  ucv: [
    {
      id: 'demo-ucv-biblioteca',
      name: 'Entrada de la Biblioteca Central',
      description: 'Bajo la torre, frente a la vigilancia',
      hours: 'Lunes a viernes, 8:00 a 16:00',
    },
    {
      id: 'demo-ucv-tierra-de-nadie',
      name: 'Tierra de Nadie, junto al Aula Magna',
      description: 'Zona abierta y concurrida de día',
      hours: 'Lunes a viernes, 8:00 a 16:00',
    },
  ],
};

/**
 * When the demo seller joined and verified their institutional e-mail (the seller page says the
 * months): seeded, since the local stack creates the demo accounts when it first starts.
 */
export const DEMO_SELLER_MEMBER_SINCE = '2025-03-02T13:00:00.000Z';
export const DEMO_SELLER_VERIFIED_AT = '2025-09-15T14:00:00.000Z';

export const TRUST_SEED_MARKER = { pk: 'META#seed', sk: 'META#trust-v1' } as const;

export interface DemoTrustAccounts {
  seller: { id: string; email: string; universityId: string };
}

async function putIfAbsent(table: TableAccess, item: Record<string, unknown>): Promise<boolean> {
  try {
    await table.doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: item,
        ConditionExpression: `attribute_not_exists(${KEY.pk})`,
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/** Seeds the meeting points of the demo universities that exist, and verifies the demo seller. */
export async function seedDemoTrust(
  table: TableAccess,
  accounts: DemoTrustAccounts,
  now: Date = new Date(),
): Promise<{ meetingPoints: number; sellerVerified: boolean }> {
  let meetingPoints = 0;
  for (const [universityId, points] of Object.entries(DEMO_MEETING_POINTS)) {
    const university = await table.doc.send(
      new GetCommand({
        TableName: table.tableName,
        Key: keys.university(universityId),
        ConsistentRead: true,
      }),
    );
    if (!university.Item || university.Item.deleting_job_id) continue;
    for (const p of points) {
      const at = now.toISOString();
      const written = await putIfAbsent(
        table,
        meetingPointItem({ ...p, university_id: universityId, created_at: at, updated_at: at }),
      );
      if (written) meetingPoints += 1;
    }
  }
  const sellerVerified = await verifyDemoSeller(table, accounts.seller, {
    verifiedAt: DEMO_SELLER_VERIFIED_AT,
    memberSince: DEMO_SELLER_MEMBER_SINCE,
  });
  return { meetingPoints, sellerVerified };
}

/**
 * A demo seller's institutional e-mail claimed and verified together, with seeded dates, as the
 * app's verification leaves it; false when someone holds the address or they verified already.
 */
export async function verifyDemoSeller(
  table: TableAccess,
  seller: DemoTrustAccounts['seller'],
  dates: { verifiedAt: string; memberSince: string },
): Promise<boolean> {
  const address = seller.email.toLowerCase();
  try {
    await table.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table.tableName,
              Item: {
                ...entityKey('institutionalClaim', keys.institutionalClaim(address)),
                user_id: seller.id,
              },
              ConditionExpression: `attribute_not_exists(${KEY.pk}) OR user_id = :me`,
              ExpressionAttributeValues: { ':me': seller.id },
            },
          },
          {
            Update: {
              TableName: table.tableName,
              Key: keys.profile(seller.id),
              UpdateExpression:
                'SET university_email = :e, university_id = :u, university_email_verified = :t, university_email_verified_at = :at, created_at = :since',
              ConditionExpression: `attribute_exists(${KEY.pk}) AND (attribute_not_exists(university_email_verified) OR university_email_verified = :f)`,
              ExpressionAttributeValues: {
                ':e': address,
                ':u': seller.universityId,
                ':t': true,
                ':f': false,
                ':at': dates.verifiedAt,
                ':since': dates.memberSince,
              },
            },
          },
        ],
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof Error && err.name === 'TransactionCanceledException') return false;
    throw err;
  }
}

/** Seeds once per table: the marker goes in last, so an interrupted seed runs again (it is idempotent). */
export async function seedDemoTrustOnce(
  table: TableAccess,
  accounts: DemoTrustAccounts,
  now: Date = new Date(),
): Promise<{ meetingPoints: number; sellerVerified: boolean } | null> {
  const done = await table.doc.send(
    new GetCommand({ TableName: table.tableName, Key: TRUST_SEED_MARKER, ConsistentRead: true }),
  );
  if (done.Item) return null;
  const result = await seedDemoTrust(table, accounts, now);
  await putIfAbsent(table, { ...TRUST_SEED_MARKER, entity: 'seedMarker', seeded_at: now.toISOString() });
  return result;
}
