import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { signedIn } from '../services/accounts';
import { importFromUrl } from '../services/images';

export const handler = makeHandler('importImageFromUrl', async ({ auth, body }) =>
  importFromUrl(await getContext(), signedIn(auth), body.url),
);
