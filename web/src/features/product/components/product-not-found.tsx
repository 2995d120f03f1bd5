import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/lib/document-meta';

export function ProductNotFound() {
  useDocumentMeta('Producto no encontrado');
  return (
    <div className="container page">
      <div className="empty-state">
        <h1 className="page-title">Producto no encontrado</h1>
        <p className="muted">Es posible que el producto se haya vendido o que el enlace no sea correcto.</p>
        <div className="row">
          <Link to={paths.marketplace.getHref()} className={buttonClass('primary')}>
            Volver al marketplace
          </Link>
          <Link to={paths.home.getHref()} className={buttonClass('outline')}>
            Ir al inicio
          </Link>
        </div>
      </div>
    </div>
  );
}
