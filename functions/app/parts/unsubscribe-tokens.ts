import { createSigningKeySource } from '../../adapters/secrets/signing-key';
import type { PartFactories } from '../context';

/**
 * The secret that signs the unsubscribe links of notification mails (docs/decisions/020): in AWS
 * the stack's Secrets Manager secret, which only the functions that sign or verify links may read.
 */
export const unsubscribeTokenParts = {
  unsubscribeKey: createSigningKeySource,
} satisfies PartFactories<'unsubscribeKey'>;
