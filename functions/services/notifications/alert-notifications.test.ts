import { describe, expect, it } from 'vitest';
import type { AlertState } from '../../ports/alerts';
import type { StreamChange } from '../../ports/stream';
import { dueAtOf, newlyOnOffer, onMatch, readyForDigest, SEND_LEASE_MS } from './alert-notifications';

const at = (iso: string) => Date.parse(iso);
const empty: AlertState = { version: 0, mailedDay: null, pending: [], seen: [], leaseUntil: null };
const item = (productId: number, day: string, retry?: boolean) => ({
  productId,
  searchIds: ['s'],
  day,
  ...(retry ? { retry } : {}),
});

describe("a person's alert mails of the day (America/Caracas)", () => {
  it('mails the first match of the day at once (owed under a lease until sent), gathers the next ones for the next morning', () => {
    const t = at('2026-03-10T13:00:00Z');
    const first = onMatch(empty, 1, ['s'], t);
    expect(first).toEqual({
      action: 'mailNow',
      item: item(1, '2026-03-10', true),
      next: {
        mailedDay: '2026-03-10',
        pending: [item(1, '2026-03-10', true)],
        seen: [1],
        leaseUntil: t + SEND_LEASE_MS,
      },
    });
    if (first.action !== 'mailNow') throw new Error('unreachable');
    // While it is being sent the sweep finds nothing ready, and looks again when the lease ends.
    expect(readyForDigest(first.next, t + 1000)).toEqual([]);
    expect(dueAtOf(first.next, t)).toBe(t + SEND_LEASE_MS);
    // A crash before it was sent: after the lease, the sweep owes it.
    expect(readyForDigest(first.next, t + SEND_LEASE_MS + 1)).toEqual([item(1, '2026-03-10', true)]);

    // Sent: it left the list and the lease ended. 23:30 in Caracas is still the 10th: gathered.
    const sent = { ...first.next, pending: [], leaseUntil: null, version: 2 };
    const second = onMatch(sent, 2, ['s'], at('2026-03-11T03:30:00Z'));
    expect(second).toEqual({
      action: 'gather',
      next: {
        mailedDay: '2026-03-10',
        pending: [item(2, '2026-03-10')],
        seen: [1, 2],
        leaseUntil: null,
        version: 2,
      },
    });
    if (second.action !== 'gather') throw new Error('unreachable');
    expect(dueAtOf(second.next, 0)).toBe(at('2026-03-11T11:00:00Z'));
  });

  it('a new Caracas day mails at once again, and a listing taken before is never taken twice', () => {
    const state: AlertState = { ...empty, version: 3, mailedDay: '2026-03-10', seen: [7] };
    expect(onMatch(state, 7, ['s'], at('2026-03-11T12:00:00Z'))).toEqual({ action: 'duplicate' });
    expect(onMatch(state, 8, ['s'], at('2026-03-11T04:00:00Z')).action).toBe('mailNow');
    expect(onMatch(state, 8, ['s'], at('2026-03-11T03:59:00Z')).action).toBe('gather');
  });

  it("a digest sends the earlier days' listings and owed mails, and keeps today's for tomorrow", () => {
    const pending = [item(1, '2026-03-10'), item(2, '2026-03-11'), item(3, '2026-03-11', true)];
    const now = at('2026-03-11T11:00:00Z');
    const state = { ...empty, pending };
    expect(readyForDigest(state, now).map((p) => p.productId)).toEqual([1, 3]);
    expect(dueAtOf(state, now)).toBe(now); // the owed mail is due at once
    expect(dueAtOf({ ...state, pending: [pending[1]] }, now)).toBe(at('2026-03-12T11:00:00Z'));
    expect(dueAtOf(empty, now)).toBeNull();
    // Under a lease, nothing is ready before it ends.
    expect(readyForDigest({ ...state, leaseUntil: now + 1 }, now)).toEqual([]);
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
