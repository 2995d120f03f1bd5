import { getContext } from '../commons/context';
import { makeHandler } from '../commons/http';
import { relatedProducts } from '../services/catalog';

export const handler = makeHandler('relatedProducts', async ({ params }) => ({
  items: await relatedProducts(await getContext(), params.id),
}));
