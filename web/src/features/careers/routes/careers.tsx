import { Link } from '@/components/ui/link';
import { CAREER_LABELS, CAREER_PAGES } from '#shared/enums';
import { CareerIcon } from '@/components/career-icons';
import { careerTheme } from '@/components/catalog-icons';
import { paths } from '@/config/paths';
import { useDocumentHead } from '@/lib/document-meta';
import { careersHead } from '@/lib/page-head/listings';
import type { Prefetch } from '@/lib/render-context';
import { CAREER_DESCRIPTIONS } from '../career-copy';
import { careerSlug } from '../match-career';
import '../careers.css';

/** The server's render: nothing to ask, the careers are the app's own list. */
export const prefetch: Prefetch = async () => undefined;

export function Component() {
  useDocumentHead((ctx) => careersHead(ctx));
  return (
    <div className="container page">
      <nav className="breadcrumb" aria-label="Ruta de navegación">
        <ol>
          <li>
            <Link to={paths.marketplace.getHref()}>Marketplace</Link>
          </li>
          <li aria-current="page">Carreras</li>
        </ol>
      </nav>
      <h1 className="page-title">Carreras</h1>
      <p className="page-subtitle">Encuentra los materiales que necesitas para tu carrera.</p>
      <ul className="career-grid" aria-label="Carreras">
        {CAREER_PAGES.map((career) => {
          const theme = careerTheme(career);
          return (
            <li key={career}>
              <Link to={paths.career.getHref(careerSlug(career))} className="career-card">
                <span className="career-card__icon" style={{ background: theme.bg, color: theme.fg }}>
                  <CareerIcon id={career} size={28} />
                </span>
                <span className="career-card__text">
                  <span className="career-card__name">{CAREER_LABELS[career]}</span>
                  <span className="career-card__description">{CAREER_DESCRIPTIONS[career]}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
