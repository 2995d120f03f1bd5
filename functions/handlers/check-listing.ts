import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { signedIn } from '../services/accounts';
import { checkListing } from '../services/publishing';

export const handler = makeHandler('checkListing', async ({ auth, body }) =>
  checkListing(await getContext(), signedIn(auth), body),
);
