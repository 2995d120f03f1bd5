import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { confirmSignUp } from '../services/accounts';

export const handler = makeHandler('confirmSignUp', async ({ body }) =>
  confirmSignUp(await getContext(), body.email, body.code),
);
