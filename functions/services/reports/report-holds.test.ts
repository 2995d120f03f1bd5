import { describe, expect, it } from 'vitest';
import type { ProductReport } from '#shared/reports';
import type { Product } from '#shared/schemas';
import type { ReportRepository } from '../../ports/reports';
import type { ProductRepository } from '../../ports/repositories';
import { evaluateHold, HOLD_THRESHOLD, holdVotes } from './report-holds';

/** The automatic hold's rule (docs/decisions/019): who counts towards taking a listing down. */
let seq = 0;
function report(overrides: Partial<ProductReport> = {}): ProductReport {
  seq += 1;
  const reporter = overrides.reporter_id ?? `user-${seq}`;
  return {
    id: `r-${seq}`,
    product_id: 7,
    reporter_id: reporter,
    reporter_name: 'Estudiante',
    reporter_university_email: `${reporter}@est.ucab.edu.ve`,
    reporter_verified: true,
    report_category: 'fraude_estafa',
    additional_comments: null,
    status: 'pending',
    admin_notes: null,
    reviewed_at: null,
    created_at: `2026-03-01T10:00:${String(seq % 60).padStart(2, '0')}.000Z`,
    product_title: 'Laptop',
    product_price: 300,
    product_category: 'electronica',
    product_status: 'active',
    product_university_id: 'ucab',
    seller_id: 'seller',
    seller_name: 'Vendedor',
    ...overrides,
  };
}
const verified = (n: number) => Array.from({ length: n }, () => report());
const unverified = (n: number) =>
  Array.from({ length: n }, () => report({ reporter_verified: false, reporter_university_email: null }));

describe('holdVotes', () => {
  it('2 verified and 5 unverified reporters are not enough', () => {
    expect(holdVotes([...verified(2), ...unverified(5)])).toBe(2);
  });

  it('3 verified reporters are', () => {
    expect(HOLD_THRESHOLD).toBe(3);
    expect(holdVotes(verified(3))).toBe(3);
  });

  it('an unverified account with an address it never proved does not count', () => {
    expect(holdVotes([...verified(2), report({ reporter_verified: false })])).toBe(2);
  });

  it('resolved and rejected reports do not count', () => {
    const reports = [...verified(2), report({ status: 'resolved' }), report({ status: 'rejected' })];
    expect(holdVotes(reports)).toBe(2);
  });

  it('the same reporter, or the same institutional address on another account, counts once', () => {
    const twice = report({ reporter_id: 'same' });
    const again = report({ reporter_id: 'same' });
    const movedAddress = report({ reporter_university_email: 'SAME@est.ucab.edu.ve ' });
    expect(holdVotes([twice, again, movedAddress, report()])).toBe(2);
  });

  it('reports made before the last release do not count again', () => {
    const reports = verified(3);
    const releasedAt = reports[1].created_at;
    expect(holdVotes(reports, releasedAt)).toBe(1);
    expect(holdVotes(reports, null)).toBe(3);
  });
});

/** Repositories in memory, to exercise the decision (the DynamoDB ones are integration-tested). */
function world(reports: ProductReport[], product: Partial<Product> = {}) {
  let stored: Product | null = {
    id: 7,
    title: 'Laptop',
    description: null,
    price: 300,
    category: 'electronica',
    condition: 'usado',
    career: null,
    image: null,
    images: [],
    tags: [],
    seller_name: 'Vendedor',
    seller_email: 'v@est.ucab.edu.ve',
    whatsapp_number: null,
    university_id: 'ucab',
    status: 'active',
    owner_id: 'seller',
    created_at: '2026-01-01T00:00:00.000Z',
    ...product,
  };
  const holds: string[] = [];
  const products = {
    get: async () => stored,
    hold: async (_id: number, at: string) => {
      if (!stored || stored.held_at) return false;
      stored = { ...stored, held_at: at };
      holds.push(at);
      return true;
    },
  } as unknown as ProductRepository;
  const repo = { listByProduct: async () => reports } as unknown as ReportRepository;
  const deps = { products, reports: repo, now: () => new Date('2026-03-02T00:00:00.000Z') };
  return { deps, holds, current: () => stored };
}

describe('evaluateHold', () => {
  it('holds an active product at the third verified reporter, once, however often it runs', async () => {
    const w = world(verified(3));
    expect(await evaluateHold(w.deps, 7)).toBe(true);
    expect(await evaluateHold(w.deps, 7)).toBe(true);
    expect(w.holds).toEqual(['2026-03-02T00:00:00.000Z']);
    expect(w.current()?.status).toBe('active');
  });

  it('leaves it listed with 2 verified and 5 unverified reporters', async () => {
    const w = world([...verified(2), ...unverified(5)]);
    expect(await evaluateHold(w.deps, 7)).toBe(false);
    expect(w.holds).toEqual([]);
  });

  it('does not hold a product that is no longer active, or gone', async () => {
    const sold = world(verified(3), { status: 'sold' });
    expect(await evaluateHold(sold.deps, 7)).toBe(false);
    expect(sold.holds).toEqual([]);
  });
});
