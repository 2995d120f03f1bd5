import { accountsRoutes } from '#shared/api/accounts';
import { accountsHandlers } from '../../handlers/accounts';
import { createAreaHandler } from '../../http/router';
import { lazyContextOf } from '../context';
import { basicParts } from '../parts/basics';
import { identityParts } from '../parts/identity';
import { mailParts } from '../parts/mail';
import { tableParts } from '../parts/table';
import { trustTableParts } from '../parts/trust';
import { unsubscribeTokenParts } from '../parts/unsubscribe-tokens';
import { callerOptions, callerParts } from '../parts/tokens';

/** The accounts' parts: the table, the user pool, mail and the unsubscribe links' secret. */
export const parts = {
  table: { ...tableParts, ...trustTableParts },
  identity: identityParts,
  mail: mailParts,
  unsubscribeTokens: unsubscribeTokenParts,
  callers: callerParts,
  basics: basicParts,
};
const context = lazyContextOf(parts);

/** Lambda entry of the accounts area (shared/api/accounts.ts). */
export const handler = createAreaHandler(
  accountsRoutes,
  accountsHandlers,
  () => context,
  callerOptions(context),
);
