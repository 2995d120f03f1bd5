import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { signedIn } from '../services/accounts';
import { publishProduct } from '../services/publishing';

export const handler = makeHandler('createProduct', async ({ auth, body }) =>
  publishProduct(await getContext(), signedIn(auth), body),
);
