import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentHead } from '@/lib/document-meta';
import { notFoundHead } from '@/lib/page-head/pages';
import '../misc.css';

export function Component() {
  useDocumentHead((ctx) => notFoundHead('page', ctx));
  return (
    <div className="container page">
      <div className="empty-state">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 className="page-title">Página no encontrada</h1>
        <p className="muted">La página que buscas no existe o fue movida.</p>
        <Link to={paths.home.getHref()} className={buttonClass('primary')}>
          Volver al inicio
        </Link>
      </div>
    </div>
  );
}
