import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { addFavorite, signedIn } from '../services/accounts';

export const handler = makeHandler('addFavorite', async ({ auth, params }) =>
  addFavorite(await getContext(), signedIn(auth), params.id),
);
