import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { requestInstitutionalCode, signedIn } from '../services/accounts';

export const handler = makeHandler('requestInstitutionalCode', async ({ auth, body }) =>
  requestInstitutionalCode(await getContext(), signedIn(auth), body.university_id, body.email),
);
