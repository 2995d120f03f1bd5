import type { Filters } from '../hooks/use-filters';

/**
 * What every filter control (the popover, its lazily loaded panel, the chips) is given: the filter
 * state of useFilters and its handlers. Its own module, so the panel and the popover that loads it
 * do not import each other.
 */
export interface FilterControlsProps {
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
  onReset: () => void;
  activeCount: number;
  priceMax: number;
}

/** A price bound as shown: the slider's top value means "and above". */
export const priceLabel = (value: number, priceMax: number) =>
  value >= priceMax ? `$${priceMax}+` : `$${value}`;
