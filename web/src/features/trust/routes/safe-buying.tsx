import { Link } from '@/components/ui/link';
import { SafetyTips } from '@/components/trust/safety-tips';
import { paths } from '@/config/paths';
import { useDocumentHead } from '@/lib/document-meta';
import { legalHead } from '@/lib/page-head/pages';
import '../trust.css';

/** /compra-segura: the contact flow's three tips on a page of their own (issue 14; decision 032). */
export function Component() {
  useDocumentHead((ctx) => legalHead('safeBuying', ctx));
  return (
    <div className="container page safe-buying">
      <h1 className="page-title">Compra segura</h1>
      <p className="safe-buying__intro">
        Mercado Universitario no recibe pagos ni hace envíos: compradores y vendedores se ponen de acuerdo por
        WhatsApp y se encuentran en persona. Estos tres consejos evitan casi todas las estafas.
      </p>
      <SafetyTips headingLevel={2} />
      <p className="muted safe-buying__more">
        Al contactar a un vendedor puedes elegir uno de los puntos de encuentro seguros de tu universidad. Si
        algo te parece sospechoso, usa «Reportar» en la publicación. Más detalles en los{' '}
        <Link to={paths.terms.getHref()}>Términos y Condiciones</Link>.
      </p>
      <p>
        <Link to={paths.marketplace.getHref()}>Volver al marketplace</Link>
      </p>
    </div>
  );
}
