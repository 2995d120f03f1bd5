import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { listUniversities } from '../services/universities';

export const handler = makeHandler('listUniversities', async () => ({
  items: await listUniversities(await getContext()),
}));
