import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { signedIn } from '../services/accounts';
import { createUpload } from '../services/images';

export const handler = makeHandler('createUpload', async ({ auth, body }) =>
  createUpload(await getContext(), signedIn(auth), body),
);
