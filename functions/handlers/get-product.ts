import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { getProduct } from '../services/catalog';

export const handler = makeHandler('getProduct', async ({ params }) =>
  getProduct(await getContext(), params.id),
);
