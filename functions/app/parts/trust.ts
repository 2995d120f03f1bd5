import { createTrustStore } from '../../adapters/dynamodb/trust';
import type { PartFactories } from '../context';
import { table } from './table';

/**
 * The seller page's and the meeting points' table access (docs/decisions/032): part of the table,
 * wired only by the areas that serve them (catalog, accounts, admin), so the other functions'
 * bundles do not carry it.
 */
export const trustTableParts = {
  trust: () => createTrustStore(table()),
} satisfies PartFactories<'trust'>;
