import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { getProfile, signedIn } from '../services/accounts';

export const handler = makeHandler('institutionalStatus', async ({ auth }) =>
  getProfile(await getContext(), signedIn(auth)),
);
