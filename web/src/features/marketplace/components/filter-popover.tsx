import { lazy, Suspense } from 'react';
import { Glyph } from '@/components/catalog-icons';
import { Button } from '@/components/ui/button';
import { Popover } from '@/components/ui/popover';
import { Spinner } from '@/components/ui/spinner';
import type { FilterControlsProps } from './filter-controls';

// The panel is fetched on first open (or hover): it is not needed to show the first results.
const loadPanel = () => import('./filter-panel');
const FilterPanel = lazy(() => loadPanel().then((m) => ({ default: m.FilterPanel })));

/** 'Filtros' with the count of non-default filters; the panel holds the controls. */
export function FilterPopover(props: FilterControlsProps) {
  const { activeCount } = props;
  return (
    <Popover
      label="Filtros"
      trigger={(triggerProps) => (
        <Button
          variant="outline"
          aria-label={activeCount ? `Filtros (${activeCount} activos)` : 'Filtros'}
          onPointerEnter={loadPanel}
          {...triggerProps}
        >
          <Glyph name="filter" size={18} />
          <span className="navbar__logo-text">Filtros</span>
          {activeCount > 0 && (
            <span className="count-badge" data-testid="filter-count">
              {activeCount}
            </span>
          )}
        </Button>
      )}
    >
      <Suspense fallback={<Spinner size="sm" />}>
        <FilterPanel {...props} />
      </Suspense>
    </Popover>
  );
}
