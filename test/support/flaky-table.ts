import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { ENTITY_ATTRIBUTE, type Entity } from '#shared/table';

/**
 * The table as a client sees it when a write of one entity meets trouble (decision 041), at the
 * adapter's boundary so every layer above runs for real against DynamoDB Local:
 * - 'down': the write is refused before it reaches the table (the connection is refused), as in
 *   an outage; nothing is written.
 * - 'answerLost': the write is applied, then its answer never arrives (a timeout).
 * - 'landsLater': the request times out at once and the write is applied a moment later, as when
 *   the table was paused: the caller answered 503 before the write landed (`landed` settles then).
 * Reads and other entities' writes go through untouched.
 */
export type FlakyMode = 'ok' | 'down' | 'answerLost' | 'landsLater';

export interface FlakyTable {
  access: TableAccess;
  mode: FlakyMode;
  /** The last 'landsLater' write, once applied. */
  landed: Promise<unknown>;
}

const timeout = () => Object.assign(new Error('the table took too long to answer'), { name: 'TimeoutError' });

/** Whether a command writes an item of `entity` (a Put of its own, or a Put in a transaction). */
function writesEntity(command: unknown, entity: Entity): boolean {
  const input = (command as { input?: Record<string, unknown> }).input ?? {};
  const item = input.Item as Record<string, unknown> | undefined;
  if (item?.[ENTITY_ATTRIBUTE] === entity) return true;
  const transaction = (input.TransactItems ?? []) as { Put?: { Item?: Record<string, unknown> } }[];
  return transaction.some((t) => t.Put?.Item?.[ENTITY_ATTRIBUTE] === entity);
}

export function flakyTable(table: TableAccess, entity: Entity): FlakyTable {
  const flaky: FlakyTable = { access: table, mode: 'ok', landed: Promise.resolve() };
  const send = (async (command: unknown, ...rest: unknown[]) => {
    const real = table.doc.send.bind(table.doc) as (c: unknown, ...r: unknown[]) => Promise<unknown>;
    if (flaky.mode === 'ok' || !writesEntity(command, entity)) return real(command, ...rest);
    if (flaky.mode === 'down')
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });
    if (flaky.mode === 'landsLater') {
      flaky.landed = new Promise((resolve) => setTimeout(resolve, 300)).then(() => real(command, ...rest));
      throw timeout();
    }
    await real(command, ...rest);
    throw timeout();
  }) as TableAccess['doc']['send'];
  flaky.access = {
    tableName: table.tableName,
    doc: new Proxy(table.doc, {
      get: (target, prop, receiver) => (prop === 'send' ? send : Reflect.get(target, prop, receiver)),
    }),
  };
  return flaky;
}
