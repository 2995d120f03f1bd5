import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { signedIn } from '../services/accounts';
import { listOwnProducts } from '../services/publishing';

export const handler = makeHandler('listOwnProducts', async ({ auth }) =>
  listOwnProducts(await getContext(), signedIn(auth)),
);
