// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CategoryChart } from './category-chart';
import { DailyListingsChart, niceMax } from './daily-listings-chart';

afterEach(cleanup);

describe('daily listings chart', () => {
  const days = ['2026-11-01', '2026-11-02', '2026-11-03'];
  const series = [
    { id: 'ucab', label: 'UCAB', values: [2, 0, 4] },
    { id: 'usm', label: 'USM', values: [1, 3, 0] },
  ];

  it('sums the period for screen readers and keeps the numbers in a table', () => {
    render(<DailyListingsChart title="Nuevas publicaciones por día" days={days} series={series} />);
    const img = screen.getByRole('img');
    expect(img.getAttribute('aria-label')).toBe(
      'Nuevas publicaciones por día del 1 nov al 3 nov: 10 en total; UCAB 6, USM 4.',
    );
    const table = screen.getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['DíaUCABUSM', '1 nov21', '2 nov03', '3 nov40']);
  });

  it('stacks one bar segment per university and day, scaled to the busiest day', () => {
    const { container } = render(<DailyListingsChart title="t" days={days} series={series} />);
    const bars = [...container.querySelectorAll('svg[role="img"] rect')];
    // 2+1 on day 1, 3 on day 2, 4 on day 3: zero values draw nothing.
    expect(bars.map((b) => b.querySelector('title')?.textContent)).toEqual([
      '1 nov · UCAB: 2',
      '1 nov · USM: 1',
      '2 nov · USM: 3',
      '3 nov · UCAB: 4',
    ]);
    const height = (i: number) => Number(bars[i].getAttribute('height'));
    // The axis tops at 5 (niceMax(4)); a segment's height is proportional to its value.
    expect(height(3) / height(0)).toBeCloseTo(2);
    expect(height(2) / height(1)).toBeCloseTo(3);
  });

  it('rounds the axis top up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 4, 7, 12, 51, 180].map(niceMax)).toEqual([1, 1, 5, 5, 10, 20, 100, 200]);
  });
});

describe('category chart', () => {
  it('draws the biggest category first and summarises them all', () => {
    const { container } = render(
      <CategoryChart
        title="Publicaciones por categoría"
        items={[
          { id: 'ropa', label: 'Ropa', value: 2 },
          { id: 'libros', label: 'Libros', value: 9 },
          { id: 'musica', label: 'Música', value: 0 },
        ]}
      />,
    );
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Publicaciones por categoría: Libros 9, Ropa 2, Música 0.',
    );
    const widths = [...container.querySelectorAll('svg[role="img"] rect')].map((r) => Number(r.getAttribute('width')));
    expect(widths[0]).toBeGreaterThan(widths[1]);
    expect(widths[1] / widths[0]).toBeCloseTo(2 / 9);
    expect(widths[2]).toBe(0);
  });

  it('says there are no listings when there are none', () => {
    render(<CategoryChart title="Publicaciones por categoría" items={[]} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Publicaciones por categoría: sin publicaciones.');
  });
});
