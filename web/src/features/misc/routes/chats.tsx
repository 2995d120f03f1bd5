import { Link } from '@/components/ui/link';
import { Spinner } from '@/components/ui/spinner';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/lib/document-meta';
import { useSession } from '@/lib/session';

/** Placeholder (spec): chat needs a session and is not built yet. */
export function Component() {
  useDocumentMeta('Chats');
  const session = useSession();
  if (session.status === 'loading')
    return (
      <div className="loading-block">
        <Spinner size="lg" />
      </div>
    );
  return (
    <div className="container page">
      <div className="empty-state">
        <h1 className="page-title">Chats</h1>
        {session.status === 'signed-in' ? (
          <>
            <p className="badge badge--secondary">Próximamente</p>
            <p className="muted">
              Muy pronto podrás conversar aquí con compradores y vendedores. Estamos trabajando en esta
              función.
            </p>
          </>
        ) : (
          <p className="muted">Chat no disponible actualmente.</p>
        )}
        <Link to={paths.home.getHref()} className={buttonClass('primary')}>
          Volver al inicio
        </Link>
      </div>
    </div>
  );
}
