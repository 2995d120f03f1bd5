import { describe, expect, it } from 'vitest';
import {
  alertStateEntity,
  favoriteEntity,
  notifyWindowEntity,
  profileEntity,
  savedSearchEntity,
} from '../../functions/adapters/dynamodb/entities';
import { ENTITY_ATTRIBUTE, INDEXES, TTL_ATTRIBUTE } from '../../shared/table';

/**
 * The items of the accounts, notifications and alerts entities keep the layout written before they
 * were declared (issue 39): what lives only in a key or an index is not stored again, the schedule
 * of a versioned item makes its due index and TTL and nothing else, a saved search's new listings
 * are a number set read back as ids.
 */

const now = Date.UTC(2026, 11, 6, 12, 0, 0);

describe('account and alert items', () => {
  it('a favorite keeps its user in its key and index only', () => {
    const item = favoriteEntity.item({
      user_id: 'u1',
      product_id: 7,
      created_at: '2026-12-06T12:00:00.000Z',
    });
    expect(item).toStrictEqual({
      pk: 'USER#u1',
      sk: 'FAV#000000000007',
      [ENTITY_ATTRIBUTE]: 'favorite',
      [INDEXES.gsi1.pk]: 'FAVORITED#7',
      [INDEXES.gsi1.sk]: 'u1',
      product_id: 7,
      created_at: '2026-12-06T12:00:00.000Z',
    });
  });

  it('a notification window stores no schedule: it is due in its index while it holds questions', () => {
    const window = {
      recipient: 'u1',
      product_id: 7,
      kind: 'question' as const,
      version: 2,
      window_ends_at: now + 60_000,
      pending: ['q1'],
      seen: ['q0', 'q1'],
    };
    const due = notifyWindowEntity.item({ ...window, due_at: now + 60_000, written_at: now });
    expect(due).not.toHaveProperty('due_at');
    expect(due).not.toHaveProperty('written_at');
    expect(due[INDEXES.gsi1.pk]).toBe('NOTIFY_DUE');
    expect(due[INDEXES.gsi1.sk]).toBe(`${new Date(now + 60_000).toISOString()}#NOTIFY#u1#PRODUCT#7#question`);
    expect(due[TTL_ATTRIBUTE]).toBe(Math.ceil((now + 60_000) / 1000) + 2 * 24 * 60 * 60);
    const idle = notifyWindowEntity.item({ ...window, pending: [], due_at: now, written_at: now });
    expect(idle).not.toHaveProperty(INDEXES.gsi1.pk);
    expect(notifyWindowEntity.parse(due)).toStrictEqual(window);
  });

  it('an alert state is due in its index while it holds a digest, and kept three days', () => {
    const state = { user_id: 'u1', version: 1, mailed_day: null, seen: [7], lease_until: null };
    const pending = [{ productId: 7, searchIds: ['s1'], day: '2026-12-06' }];
    const due = alertStateEntity.item({ ...state, pending, due_at: now, written_at: now });
    expect(due[INDEXES.gsi1.sk]).toBe(`${new Date(now).toISOString()}#u1`);
    expect(due[TTL_ATTRIBUTE]).toBe(Math.ceil(now / 1000) + 3 * 24 * 60 * 60);
    expect(alertStateEntity.item({ ...state, pending, due_at: null, written_at: now })).not.toHaveProperty(
      INDEXES.gsi1.pk,
    );
    expect(alertStateEntity.parse(due)).toStrictEqual({ ...state, pending });
  });

  it("a saved search is the API's without its count: new listings are only ever added by an update", () => {
    const search = {
      id: 'a'.repeat(24),
      user_id: 'u1',
      university: 'ucv',
      q: 'calculadora',
      enabled: true,
      created_at: '2026-12-06T12:00:00.000Z',
      new_ids: [3],
    };
    const item = savedSearchEntity.item(search);
    expect(item).not.toHaveProperty('new_ids');
    expect(item[INDEXES.gsi1.pk]).toBe('SAVED_SEARCHES');
    // The document client reads a number set as a Set; none at all once seen.
    expect(savedSearchEntity.parse({ ...item, new_ids: new Set([3, 5]) })?.new_ids).toStrictEqual([3, 5]);
    expect(savedSearchEntity.parse(item)?.new_ids).toStrictEqual([]);
  });

  it('a profile reads back with what only the table keeps', () => {
    const profile = {
      user_id: 'u1',
      email: 'Ana@Example.com',
      full_name: 'Ana',
      university_email: null,
      university_email_verified: false,
      university_id: null,
      created_at: '2026-12-06T12:00:00.000Z',
    };
    const item: Record<string, unknown> = {
      ...profileEntity.item(profile),
      notify_questions: false,
      seller_hide_sold: true,
    };
    expect(item[INDEXES.gsi1.sk]).toBe('ana@example.com#u1');
    expect(profileEntity.parse(item)).toStrictEqual({
      ...profile,
      notify_questions: false,
      seller_hide_sold: true,
    });
  });
});
