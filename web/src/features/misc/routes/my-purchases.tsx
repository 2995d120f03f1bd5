import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/lib/document-meta';

/** Placeholder (spec): purchases are not tracked yet. */
export function Component() {
  useDocumentMeta('Mis Compras');
  return (
    <div className="container page">
      <div className="empty-state">
        <h1 className="page-title">Mis Compras</h1>
        <p className="badge badge--secondary">Próximamente</p>
        <p className="muted">
          Muy pronto podrás consultar aquí los productos que has comprado. Estamos trabajando en esta función.
        </p>
        <Link to={paths.home.getHref()} className={buttonClass('primary')}>
          Volver al inicio
        </Link>
      </div>
    </div>
  );
}
