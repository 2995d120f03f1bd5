import { describe, expect, it } from 'vitest';
import type { AlertState } from '../ports/alerts';
import type { StreamChange } from '../ports/stream';
import { dueAtOf, newlyOnOffer, onMatch, readyForDigest } from './alert-notifications';

const at = (iso: string) => Date.parse(iso);
const empty: AlertState = { version: 0, mailedDay: null, pending: [], seen: [] };

describe("a person's alert mails of the day (America/Caracas)", () => {
  it('mails the first match of the day at once, gathers the next ones for the next morning', () => {
    const first = onMatch(empty, 1, ['s'], at('2026-03-10T13:00:00Z'));
    expect(first).toEqual({ action: 'mailNow', next: { mailedDay: '2026-03-10', pending: [], seen: [1] } });
    const second = onMatch(
      { ...empty, ...(first.action === 'mailNow' ? first.next : {}) },
      2,
      ['s'],
      at('2026-03-11T03:30:00Z'),
    );
    // 23:30 in Caracas is still the 10th.
    expect(second).toEqual({
      action: 'gather',
      next: {
        mailedDay: '2026-03-10',
        pending: [{ productId: 2, searchIds: ['s'], day: '2026-03-10' }],
        seen: [1, 2],
      },
    });
    expect(dueAtOf(second.action === 'gather' ? second.next.pending : [], 0)).toBe(
      at('2026-03-11T11:00:00Z'),
    );
  });

  it('a new Caracas day mails at once again, and a listing taken before is never taken twice', () => {
    const state: AlertState = { version: 3, mailedDay: '2026-03-10', pending: [], seen: [7] };
    expect(onMatch(state, 7, ['s'], at('2026-03-11T12:00:00Z'))).toEqual({ action: 'duplicate' });
    expect(onMatch(state, 8, ['s'], at('2026-03-11T04:00:00Z')).action).toBe('mailNow');
    expect(onMatch(state, 8, ['s'], at('2026-03-11T03:59:00Z')).action).toBe('gather');
  });

  it("a digest sends the earlier days' listings and failed mails, and keeps today's for tomorrow", () => {
    const pending = [
      { productId: 1, searchIds: ['s'], day: '2026-03-10' },
      { productId: 2, searchIds: ['s'], day: '2026-03-11' },
      { productId: 3, searchIds: ['s'], day: '2026-03-11', retry: true },
    ];
    const now = at('2026-03-11T11:00:00Z');
    expect(readyForDigest(pending, now).map((p) => p.productId)).toEqual([1, 3]);
    expect(dueAtOf(pending, now)).toBe(now); // the failed mail is due at once
    expect(dueAtOf([pending[1]], now)).toBe(at('2026-03-12T11:00:00Z'));
    expect(dueAtOf([], now)).toBeNull();
  });
});

describe('which product changes put a listing on offer', () => {
  const product = (over: Record<string, unknown> = {}) => ({
    id: 5,
    title: 'Calculadora',
    description: null,
    price: 10,
    category: 'electronica',
    condition: 'usado',
    career: null,
    image: null,
    images: [],
    tags: [],
    seller_name: 'S',
    seller_email: 's@correo.com',
    whatsapp_number: null,
    university_id: 'ucv',
    status: 'active',
    owner_id: 'seller',
    created_at: '2026-03-10T12:00:00.000Z',
    ...over,
  });
  const change = (
    eventName: StreamChange['eventName'],
    newImage?: object,
    oldImage?: object,
  ): StreamChange => ({
    eventName,
    sequenceNumber: '1',
    keys: { pk: 'PRODUCT#5', sk: 'PRODUCT' },
    ...(newImage ? { newImage: newImage as Record<string, unknown> } : {}),
    ...(oldImage ? { oldImage: oldImage as Record<string, unknown> } : {}),
  });
  const now = at('2026-03-10T13:00:00Z');

  it('a new active listing, and any change that makes one listed again (renewed from expired, reactivated, released)', () => {
    expect(newlyOnOffer(change('INSERT', product()), now)?.id).toBe(5);
    expect(newlyOnOffer(change('MODIFY', product(), product({ status: 'expired' })), now)?.id).toBe(5);
    expect(newlyOnOffer(change('MODIFY', product(), product({ status: 'inactive' })), now)?.id).toBe(5);
    expect(
      newlyOnOffer(change('MODIFY', product(), product({ held_at: '2026-03-09T00:00:00Z' })), now)?.id,
    ).toBe(5);
  });

  it('never an edit of a listed one, reserved and back, a sold/inactive/held one, an old import, an unowned one, a removal', () => {
    expect(newlyOnOffer(change('MODIFY', product({ price: 9 }), product()), now)).toBeNull();
    expect(newlyOnOffer(change('MODIFY', product(), product({ status: 'reserved' })), now)).toBeNull();
    expect(newlyOnOffer(change('INSERT', product({ status: 'sold' })), now)).toBeNull();
    expect(newlyOnOffer(change('INSERT', product({ status: 'inactive' })), now)).toBeNull();
    expect(newlyOnOffer(change('INSERT', product({ status: 'reserved' })), now)).toBeNull();
    expect(newlyOnOffer(change('INSERT', product({ held_at: '2026-03-10T12:30:00Z' })), now)).toBeNull();
    expect(newlyOnOffer(change('INSERT', product({ created_at: '2026-03-01T00:00:00Z' })), now)).toBeNull();
    expect(newlyOnOffer(change('INSERT', product({ owner_id: null })), now)).toBeNull();
    expect(newlyOnOffer(change('REMOVE', undefined, product()), now)).toBeNull();
  });
});
