import type { Product } from '#shared/schemas';
import { slugify } from '#shared/text';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { productEntity } from '../../functions/adapters/dynamodb/entities';
import { both, present } from '../../functions/adapters/dynamodb/entity';
import { tableOf } from '../../functions/adapters/dynamodb/table';
import type { LocalUser } from '../local/parts/cognito';
import { isSeeded, markSeeded } from './seed-marker';
import { verifyDemoSeller } from './trust';

/**
 * The demo catalogue's sellers (local stack only; issue 28, decision 050): a newcomer's first
 * product page shows a seller with an account — a public name, a verified institutional e-mail,
 * a questions box that reaches them — not an import nobody can answer. Three students of each demo
 * university hold the catalogue's listings; the demo export names them as its sellers, and once their
 * accounts exist (cognito-local and the table, as the app makes them) their listings are linked to
 * them by e-mail, as imported listings are meant to be linked to the accounts their sellers make.
 *
 * A few listings stay imported (DEMO_IMPORTED_IDS, one per university: 'Vendedor de la versión
 * anterior'), and the demo seller's (scripts/demo/questions.ts, expiry.ts) are linked to that account
 * by their own seeds.
 */
export const DEMO_SELLER_PASSWORD = 'Vendedor123';

const SELLER_NAMES: Record<string, readonly string[]> = {
  ucab: ['Andrea Rodríguez', 'Luis Fernández', 'Valeria Pérez'],
  usm: ['José Gutiérrez', 'Gabriela Morales', 'Daniel Rojas'],
  unimet: ['Sofía Hernández', 'Miguel Castillo', 'Isabella Díaz'],
  ucv: ['Alejandro Suárez', 'Camila Torres', 'Ricardo Blanco'],
};
const DOMAINS: Record<string, string> = {
  ucab: 'est.ucab.edu.ve',
  usm: 'est.usm.edu.ve',
  unimet: 'est.unimet.edu.ve',
  ucv: 'est.ucv.edu.ve',
};

export interface DemoCatalogueSeller extends LocalUser {
  /** When they joined and verified their institutional e-mail (the seller page says the months). */
  memberSince: string;
  verifiedAt: string;
}

export const DEMO_CATALOGUE_SELLERS: readonly DemoCatalogueSeller[] = Object.entries(SELLER_NAMES).flatMap(
  ([universityId, names], u) =>
    names.map((name, n) => {
      const [first, last] = name.split(' ');
      const index = u * names.length + n;
      return {
        email: `${slugify(first)}.${slugify(last)}@${DOMAINS[universityId]}`,
        password: DEMO_SELLER_PASSWORD,
        name,
        nationalId: `V3000${String(index + 1).padStart(4, '0')}`,
        universityId,
        groups: [],
        memberSince: new Date(Date.UTC(2024, 8 + index, 3, 13)).toISOString(),
        verifiedAt: new Date(Date.UTC(2024, 9 + index, 10, 14)).toISOString(),
      };
    }),
);

/** Listings left as imported from the earlier app (no account): one active listing per university. */
export const DEMO_IMPORTED_IDS: readonly number[] = [141, 146, 151, 156];

/**
 * The demo seller account that holds listing `id` of `universityId` in the export, or null for a
 * listing that keeps its imported seller (`keepImported`: the few imported ones, and those the demo
 * seller's own seeds link).
 */
export function catalogueSellerOf(
  id: number,
  universityId: string,
  keepImported: ReadonlySet<number>,
): DemoCatalogueSeller | null {
  if (DEMO_IMPORTED_IDS.includes(id) || keepImported.has(id)) return null;
  const sellers = DEMO_CATALOGUE_SELLERS.filter((s) => s.universityId === universityId);
  if (sellers.length === 0) return null;
  // Listings go round the university's sellers (universities themselves go round by id).
  return sellers[Math.floor((id - 1) / Object.keys(SELLER_NAMES).length) % sellers.length];
}

/**
 * Gives an imported (ownerless) listing to its seller's account; a listing someone owns, or whose
 * title is not the demo's (the id was reused), stays as it is. True when it was linked.
 */
async function link(
  table: TableAccess,
  listing: { id: number; title: string },
  seller: { id: string; name: string; email: string },
): Promise<boolean> {
  const t = tableOf(table);
  const product = await productEntity.get(t, { id: listing.id }, { consistent: true });
  if (!product || product.owner_id || product.title !== listing.title) return false;
  const linked: Product = {
    ...product,
    owner_id: seller.id,
    seller_name: seller.name,
    seller_email: seller.email,
  };
  // Still there, still the demo's and still nobody's (false when someone took it meanwhile).
  return t.write(
    productEntity.put(linked, {
      condition: both(present, {
        expression: 'title = :title AND (attribute_not_exists(owner_id) OR attribute_type(owner_id, :null))',
        values: { ':title': listing.title, ':null': 'NULL' },
      }),
    }),
  );
}

/**
 * Verifies each demo seller whose account exists (`accounts`: user id by lower-case e-mail; their
 * profiles exist already) for their university, and links the export's listings naming them to
 * their accounts. Idempotent.
 */
export async function seedDemoSellers(
  table: TableAccess,
  accounts: ReadonlyMap<string, string>,
  listings: readonly { id: number; title: string; seller_email: string }[],
): Promise<{ verified: number; linked: number }> {
  let verified = 0;
  const byEmail = new Map<string, { id: string; name: string; email: string }>();
  for (const seller of DEMO_CATALOGUE_SELLERS) {
    const id = accounts.get(seller.email);
    if (!id) continue;
    byEmail.set(seller.email, { id, name: seller.name, email: seller.email });
    const done = await verifyDemoSeller(
      table,
      { id, email: seller.email, universityId: seller.universityId },
      { verifiedAt: seller.verifiedAt, memberSince: seller.memberSince },
    );
    if (done) verified += 1;
  }
  let linked = 0;
  for (const listing of listings) {
    const seller = byEmail.get(listing.seller_email.toLowerCase());
    if (seller && (await link(table, listing, seller))) linked += 1;
  }
  return { verified, linked };
}

/** Written once the demo sellers are in: later starts leave their listings as people changed them. */
export const SELLERS_SEED_MARKER = { pk: 'META#seed', sk: 'META#sellers-v1' } as const;

/** Seeds the demo sellers once per table (the marker goes in last: an interrupted seed runs again). */
export async function seedDemoSellersOnce(
  table: TableAccess,
  accounts: ReadonlyMap<string, string>,
  listings: readonly { id: number; title: string; seller_email: string }[],
  now: Date = new Date(),
): Promise<{ verified: number; linked: number } | null> {
  if (await isSeeded(table, SELLERS_SEED_MARKER)) return null;
  const result = await seedDemoSellers(table, accounts, listings);
  await markSeeded(table, SELLERS_SEED_MARKER, now);
  return result;
}
