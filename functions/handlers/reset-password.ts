import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { resetPassword } from '../services/accounts';

export const handler = makeHandler('resetPassword', async ({ body }) =>
  resetPassword(await getContext(), body.token, body.password),
);
