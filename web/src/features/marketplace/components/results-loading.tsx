import type { ReactNode } from 'react';
import { ProductGrid } from '@/components/product/product-grid';

export const RESULTS_LOADING_TEXT = 'Cargando productos increíbles...';

/**
 * The results' first look while their first page loads: the heading, the text and skeleton cards.
 * Shown by ProductResults, and by the marketplace while ProductResults' own chunk loads, so the two
 * are one view and nothing changes when the chunk arrives.
 */
export function ResultsLoading({
  heading,
  text = RESULTS_LOADING_TEXT,
}: {
  heading: ReactNode;
  text?: string;
}) {
  return (
    <section className="section" aria-busy="true">
      <div className="section__header">
        <h2 className="section__title">{heading}</h2>
      </div>
      <p className="results-count">{text}</p>
      <ProductGrid products={[]} loading />
    </section>
  );
}
