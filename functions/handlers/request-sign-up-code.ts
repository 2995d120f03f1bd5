import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { requestSignUpCode } from '../services/accounts';

export const handler = makeHandler('requestSignUpCode', async ({ body }) =>
  requestSignUpCode(await getContext(), body.email),
);
