import { CAREER_LABELS, CATEGORY_LABELS, CONDITION_LABELS, SORT_LABELS } from '#shared/enums';
import { Glyph } from '@/components/catalog-icons';
import { Button } from '@/components/ui/button';
import { defaultFilters, type Filters } from '../hooks/use-filters';
import { type FilterControlsProps, priceLabel } from './filter-controls';

/** One removable chip per active filter (removal resets that filter), plus 'Limpiar todo'. */
export function FilterChips({ filters, onChange, onReset, activeCount, priceMax }: FilterControlsProps) {
  if (activeCount === 0) return null;
  const d = defaultFilters(priceMax);
  const chips: { key: string; label: string; reset: Partial<Filters> }[] = [];
  if (filters.category !== 'all')
    chips.push({ key: 'category', label: CATEGORY_LABELS[filters.category], reset: { category: 'all' } });
  if (filters.career !== 'all')
    chips.push({ key: 'career', label: CAREER_LABELS[filters.career], reset: { career: 'all' } });
  if (filters.condition !== 'all')
    chips.push({ key: 'condition', label: CONDITION_LABELS[filters.condition], reset: { condition: 'all' } });
  if (filters.hideReserved)
    chips.push({ key: 'hideReserved', label: 'Sin reservados', reset: { hideReserved: false } });
  if (filters.minPrice !== d.minPrice || filters.maxPrice !== d.maxPrice)
    chips.push({
      key: 'price',
      label: `${priceLabel(filters.minPrice, priceMax)} - ${priceLabel(filters.maxPrice, priceMax)}`,
      reset: { minPrice: d.minPrice, maxPrice: d.maxPrice },
    });
  if (filters.sortBy !== d.sortBy)
    chips.push({ key: 'sort', label: SORT_LABELS[filters.sortBy], reset: { sortBy: d.sortBy } });

  return (
    <ul className="chips" aria-label="Filtros activos">
      {chips.map((chip) => (
        <li key={chip.key} className="chip">
          {chip.label}
          <button
            type="button"
            aria-label={`Quitar filtro ${chip.label}`}
            onClick={() => onChange(chip.reset)}
          >
            <Glyph name="x" size={14} />
          </button>
        </li>
      ))}
      <li>
        <Button variant="ghost" size="sm" onClick={onReset}>
          Limpiar todo
        </Button>
      </li>
    </ul>
  );
}
