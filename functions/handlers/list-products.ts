import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { listProducts } from '../services/catalog';

export const handler = makeHandler('listProducts', async ({ query }) =>
  listProducts(await getContext(), query),
);
