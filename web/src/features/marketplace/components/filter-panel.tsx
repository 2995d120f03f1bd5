import { useId } from 'react';
import {
  CAREER_LABELS,
  CATEGORY_LABELS,
  CONDITION_LABELS,
  CONDITIONS,
  FILTER_CAREERS,
  FILTER_CATEGORIES,
  SORT_LABELS,
  SORT_ORDERS,
  type SortOrder,
} from '#shared/enums';
import { LIMITS } from '#shared/limits';
import { Button } from '@/components/ui/button';
import type { Filters } from '../hooks/use-filters';
import { type FilterControlsProps, priceLabel } from './filter-controls';

/** The two-handle price slider (0 to max, step 10): two range inputs on one track. */
function PriceRange({
  filters,
  onChange,
  priceMax,
}: Pick<FilterControlsProps, 'filters' | 'onChange' | 'priceMax'>) {
  const step = LIMITS.marketplacePriceStep;
  return (
    <fieldset className="field">
      <legend className="field__label">
        Precio: {priceLabel(filters.minPrice, priceMax)} - {priceLabel(filters.maxPrice, priceMax)}
      </legend>
      <div className="price-range">
        <span className="price-range__track" />
        <input
          type="range"
          aria-label="Precio mínimo"
          min={0}
          max={priceMax}
          step={step}
          value={filters.minPrice}
          onChange={(e) => onChange({ minPrice: Math.min(Number(e.target.value), filters.maxPrice) })}
        />
        <input
          type="range"
          aria-label="Precio máximo"
          min={0}
          max={priceMax}
          step={step}
          value={filters.maxPrice}
          onChange={(e) => onChange({ maxPrice: Math.max(Number(e.target.value), filters.minPrice) })}
        />
      </div>
    </fieldset>
  );
}

/** The popover's content, loaded when the popover first opens. */
export function FilterPanel({ filters, onChange, onReset, activeCount, priceMax }: FilterControlsProps) {
  const id = useId();
  return (
    <div className="filters">
      <div className="field">
        <label htmlFor={`${id}-category`}>Categoría</label>
        <select
          id={`${id}-category`}
          className="select"
          value={filters.category}
          onChange={(e) => onChange({ category: e.target.value as Filters['category'] })}
        >
          <option value="all">Todas las categorías</option>
          {FILTER_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-career`}>Carrera</label>
        <select
          id={`${id}-career`}
          className="select"
          value={filters.career}
          onChange={(e) => onChange({ career: e.target.value as Filters['career'] })}
        >
          <option value="all">Todas las carreras</option>
          {FILTER_CAREERS.map((c) => (
            <option key={c} value={c}>
              {CAREER_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-condition`}>Condición</label>
        <select
          id={`${id}-condition`}
          className="select"
          value={filters.condition}
          onChange={(e) => onChange({ condition: e.target.value as Filters['condition'] })}
        >
          <option value="all">Todas</option>
          {CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {CONDITION_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      <PriceRange filters={filters} onChange={onChange} priceMax={priceMax} />
      <label className="checkbox-field" htmlFor={`${id}-hide-reserved`}>
        <input
          id={`${id}-hide-reserved`}
          type="checkbox"
          checked={filters.hideReserved}
          onChange={(e) => onChange({ hideReserved: e.target.checked })}
        />
        Ocultar reservados
      </label>
      <div className="field">
        <label htmlFor={`${id}-sort`}>Ordenar por</label>
        <select
          id={`${id}-sort`}
          className="select"
          value={filters.sortBy}
          onChange={(e) => onChange({ sortBy: e.target.value as SortOrder })}
        >
          {SORT_ORDERS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <Button variant="ghost" onClick={onReset} disabled={activeCount === 0}>
        Limpiar todo
      </Button>
    </div>
  );
}
