import { accountsRoutes } from '#shared/api/accounts';
import { accountsHandlers } from '../../handlers/accounts';
import { createAreaHandler } from '../../http/router';
import { lazyContext } from '../context';
import { basicParts } from '../parts/basics';
import { identityParts } from '../parts/identity';
import { mailParts } from '../parts/mail';
import { tableParts } from '../parts/table';

/** The accounts' parts: the table, the user pool and mail. */
export const parts = { table: tableParts, identity: identityParts, mail: mailParts, basics: basicParts };
const context = lazyContext({ ...tableParts, ...identityParts, ...mailParts, ...basicParts });

/** Lambda entry of the accounts area (shared/api/accounts.ts). */
export const handler = createAreaHandler(accountsRoutes, accountsHandlers, () => context);
