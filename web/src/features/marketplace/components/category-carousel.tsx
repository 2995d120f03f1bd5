import { Link } from '@/components/ui/link';
import { CATEGORY_LABELS, SHORTCUTS, type Shortcut } from '#shared/enums';
import { CategoryIcon, categoryTheme } from '@/components/catalog-icons';
import { paths } from '@/config/paths';

const shortcutHref = (s: Shortcut) =>
  s === 'carreras' ? paths.careers.getHref() : paths.category.getHref(s);
const shortcutLabel = (s: Shortcut) => (s === 'carreras' ? 'Carreras' : CATEGORY_LABELS[s]);

/** Horizontal shortcuts: tickets → /categoria/tickets, carreras → /carreras, others /categoria/{id}. */
export function CategoryCarousel() {
  return (
    <nav aria-label="Categorías">
      <ul className="carousel">
        {SHORTCUTS.map((s) => {
          const theme = categoryTheme(s);
          return (
            <li key={s}>
              <Link className="carousel__item" to={shortcutHref(s)}>
                <span className="carousel__icon" style={{ background: theme.bg, color: theme.fg }}>
                  <CategoryIcon id={s} size={26} />
                </span>
                {shortcutLabel(s)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
