import { createCognitoIdentityProvider } from '../../adapters/cognito/identity';
import type { PartFactories } from '../context';

/** The user pool's admin API (its SDK module loads on the first call). */
export const identityParts = {
  identity: createCognitoIdentityProvider,
} satisfies PartFactories<'identity'>;
