import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { signedIn } from '../services/accounts';
import { markSold } from '../services/publishing';

export const handler = makeHandler('markProductSold', async ({ auth, params }) =>
  markSold(await getContext(), signedIn(auth), params.id),
);
