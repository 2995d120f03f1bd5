import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { removeFavorite, signedIn } from '../services/accounts';

export const handler = makeHandler('removeFavorite', async ({ auth, params }) =>
  removeFavorite(await getContext(), signedIn(auth), params.id),
);
