import { createCognitoUserDirectory } from '../../adapters/cognito/directory';
import { createCognitoIdentityProvider } from '../../adapters/cognito/identity';
import type { PartFactories } from '../context';

/** The user pool's admin API (its SDK module loads on the first call). */
export const identityParts = {
  identity: createCognitoIdentityProvider,
  userDirectory: createCognitoUserDirectory,
} satisfies PartFactories<'identity' | 'userDirectory'>;
