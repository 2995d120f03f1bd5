import { describe, expect, it } from 'vitest';
import * as entities from '../../functions/adapters/dynamodb/entities';
import { ENTITIES } from '../../shared/table';

/**
 * One declaration per kind of stored item (decision 056): every kind the table holds
 * (shared/table.ts's ENTITIES, which the stream dispatcher routes by) is declared in entities.ts,
 * once, and nothing is declared that the table does not name.
 */

type Declared = { name: string; item: unknown; parse: unknown; key: unknown };
const isEntity = (v: unknown): v is Declared =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Declared).name === 'string' &&
  typeof (v as Declared).item === 'function' &&
  typeof (v as Declared).parse === 'function';

const declared = Object.values(entities as Record<string, unknown>).filter(isEntity);

// Written only by the local stack's seed, never by a function: its script owns it.
const LOCAL_ONLY = new Set(['seedMarker']);

describe('entity declarations', () => {
  it('declare each kind of item the table holds exactly once', () => {
    const names = declared.map((e) => e.name).sort();
    expect(new Set(names).size, `declared twice: ${names}`).toBe(names.length);
    const expected = ENTITIES.filter((e) => !LOCAL_ONLY.has(e) || names.includes(e)).sort();
    expect(names).toEqual(expected);
  });
});
