import { ListingLinkPage } from './listing-link-page';

/** /publicacion/renovar#token=…: the reminder mail's 'Renovar' (decision 030). */
export function Component() {
  return <ListingLinkPage action="renew" />;
}
