import { createCognitoUserDirectory } from '../../adapters/cognito/directory';
import { createCognitoIdentityProvider } from '../../adapters/cognito/identity';
import { createCognitoRoleDirectory } from '../../adapters/cognito/roles';
import type { PartFactories } from '../context';

/** The user pool's admin API (its SDK module loads on the first call). */
export const identityParts = {
  identity: createCognitoIdentityProvider,
  userDirectory: createCognitoUserDirectory,
  roles: createCognitoRoleDirectory,
} satisfies PartFactories<'identity' | 'userDirectory' | 'roles'>;

/** Only the admin groups (the admin area: its grant covers these calls alone). */
export const roleParts = {
  roles: createCognitoRoleDirectory,
} satisfies PartFactories<'roles'>;
