import { RequireSession } from '@/components/layout/require-session';
import { useDocumentMeta } from '@/lib/document-meta';
import { OwnListings } from '../components/own-listings';
import '../profile.css';

/** /my-products ('Mis Productos'): the seller's listings, to mark sold or delete. */
export function Component() {
  useDocumentMeta('Mis Productos');
  return (
    <RequireSession>
      {() => (
        <div className="container page account-page">
          <h1 className="page-title">Mis Productos</h1>
          <OwnListings />
        </div>
      )}
    </RequireSession>
  );
}
