import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import {
  institutionalClaimEntity,
  meetingPointEntity,
  profileEntity,
  universityEntity,
} from '../../functions/adapters/dynamodb/entities';
import { changes } from '../../functions/adapters/dynamodb/entity';
import { tableOf } from '../../functions/adapters/dynamodb/table';
import { KEY } from '#shared/table';
import { isSeeded, markSeeded } from './seed-marker';

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

/** Seeds the meeting points of the demo universities that exist, and verifies the demo seller. */
export async function seedDemoTrust(
  table: TableAccess,
  accounts: DemoTrustAccounts,
  now: Date = new Date(),
): Promise<{ meetingPoints: number; sellerVerified: boolean }> {
  const t = tableOf(table);
  let meetingPoints = 0;
  for (const [universityId, points] of Object.entries(DEMO_MEETING_POINTS)) {
    const university = await t.get(universityEntity.key({ id: universityId }), { consistent: true });
    if (!university || university.deleting_job_id) continue;
    for (const p of points) {
      const at = now.toISOString();
      const written = await t.write(
        meetingPointEntity.create({ ...p, university_id: universityId, created_at: at, updated_at: at }),
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
  const outcome = await tableOf(table).transact([
    institutionalClaimEntity.put(
      { user_id: seller.id },
      {
        key: { address },
        condition: {
          expression: 'attribute_not_exists(#claimpk) OR user_id = :me',
          names: { '#claimpk': KEY.pk },
          values: { ':me': seller.id },
        },
      },
    ),
    // The profile must exist, not verified yet (`update` adds that it exists).
    profileEntity.update(
      { user_id: seller.id },
      changes({
        set: {
          university_email: address,
          university_id: seller.universityId,
          university_email_verified: true,
          university_email_verified_at: dates.verifiedAt,
          created_at: dates.memberSince,
        },
      }),
      {
        condition: {
          expression: 'attribute_not_exists(university_email_verified) OR university_email_verified = :f',
          values: { ':f': false },
        },
      },
    ),
  ]);
  // Any cancellation (the address held by someone else, verified already) is a "no".
  return outcome.ok;
}

/** Seeds once per table: the marker goes in last, so an interrupted seed runs again (it is idempotent). */
export async function seedDemoTrustOnce(
  table: TableAccess,
  accounts: DemoTrustAccounts,
  now: Date = new Date(),
): Promise<{ meetingPoints: number; sellerVerified: boolean } | null> {
  if (await isSeeded(table, TRUST_SEED_MARKER)) return null;
  const result = await seedDemoTrust(table, accounts, now);
  await markSeeded(table, TRUST_SEED_MARKER, now);
  return result;
}
