import { ListingLinkPage } from './listing-link-page';

/** /publicacion/vendida#token=…: the reminder mail's 'Ya la vendí' (decision 030). */
export function Component() {
  return <ListingLinkPage action="sold" />;
}
