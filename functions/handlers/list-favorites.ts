import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { listFavorites, signedIn } from '../services/accounts';

export const handler = makeHandler('listFavorites', async ({ auth }) =>
  listFavorites(await getContext(), signedIn(auth)),
);
