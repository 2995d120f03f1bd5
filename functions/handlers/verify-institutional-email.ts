import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { signedIn, verifyInstitutionalEmail } from '../services/accounts';

export const handler = makeHandler('verifyInstitutionalEmail', async ({ auth, body }) =>
  verifyInstitutionalEmail(await getContext(), signedIn(auth), body.code),
);
