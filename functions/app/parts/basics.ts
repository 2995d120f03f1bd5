import { randomUUID } from 'node:crypto';
import type { PartFactories } from '../context';

/** The clock and new ids (tests replace them). */
export const basicParts = {
  now: () => () => new Date(),
  newId: () => randomUUID,
} satisfies PartFactories<'now' | 'newId'>;
