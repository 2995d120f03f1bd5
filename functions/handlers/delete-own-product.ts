import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { signedIn } from '../services/accounts';
import { deleteOwnProduct } from '../services/publishing';

export const handler = makeHandler('deleteOwnProduct', async ({ auth, params }) =>
  deleteOwnProduct(await getContext(), signedIn(auth), params.id),
);
