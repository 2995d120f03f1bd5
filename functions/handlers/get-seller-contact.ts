import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { signedIn } from '../services/accounts';
import { sellerContact } from '../services/publishing';

export const handler = makeHandler('getSellerContact', async ({ auth, params }) =>
  sellerContact(await getContext(), signedIn(auth), params.id),
);
