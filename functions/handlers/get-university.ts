import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { getUniversity } from '../services/universities';

export const handler = makeHandler('getUniversity', async ({ params }) =>
  getUniversity(await getContext(), params.id),
);
