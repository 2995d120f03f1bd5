import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { useNow } from '@/lib/render-context';

export function Footer() {
  const year = new Date(useNow()).getFullYear();
  return (
    <footer className="footer">
      <div className="container">
        <div className="footer__grid">
          <div>
            <p className="footer__title">Mercado Universitario</p>
            <p>Compra y vende dentro de tu comunidad universitaria.</p>
          </div>
          <div>
            <p className="footer__title">Marketplace</p>
            <ul className="footer__links">
              <li>
                <Link to={paths.marketplace.getHref()}>Explorar Productos</Link>
              </li>
              <li>
                <Link to={paths.newProduct.getHref()}>Publicar Producto</Link>
              </li>
              <li>
                <Link to={paths.globalMarketplace.getHref()}>Marketplace Global</Link>
              </li>
            </ul>
          </div>
          <div>
            <p className="footer__title">Legal</p>
            <ul className="footer__links">
              <li>
                <Link to={paths.terms.getHref()}>Términos y Condiciones</Link>
              </li>
              <li>
                <Link to={paths.privacy.getHref()}>Política de Privacidad</Link>
              </li>
              <li>
                <Link to={paths.safeBuying.getHref()}>Compra segura</Link>
              </li>
            </ul>
          </div>
        </div>
        <p className="footer__bottom">© {year} Mercado Universitario. Hecho para estudiantes venezolanos.</p>
      </div>
    </footer>
  );
}
