import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { createUniversityRequest } from '../services/universities';

export const handler = makeHandler('createUniversityRequest', async ({ body, auth }) =>
  createUniversityRequest(await getContext(), body, auth?.userId ?? null),
);
