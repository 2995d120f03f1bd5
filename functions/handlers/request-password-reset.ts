import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { requestPasswordReset } from '../services/accounts';

export const handler = makeHandler('requestPasswordReset', async ({ body }) =>
  requestPasswordReset(await getContext(), body.email),
);
