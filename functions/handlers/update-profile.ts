import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { signedIn, updateProfile } from '../services/accounts';

export const handler = makeHandler('updateProfile', async ({ auth, body }) =>
  updateProfile(await getContext(), signedIn(auth), body.full_name),
);
