import { chartColor, formatCount } from './palette';

export interface CategoryBar {
  id: string;
  label: string;
  value: number;
}

export interface CategoryChartProps {
  title: string;
  items: CategoryBar[];
}

const WIDTH = 520;
const ROW = 28;
const LABEL_W = 180;
const VALUE_W = 48;

export function categorySummary(title: string, items: CategoryBar[]): string {
  if (items.length === 0) return `${title}: sin publicaciones.`;
  return `${title}: ${items.map((i) => `${i.label} ${formatCount(i.value)}`).join(', ')}.`;
}

/** Listings per category as horizontal bars, largest first; the numbers also in a hidden table. */
export function CategoryChart({ title, items }: CategoryChartProps) {
  const sorted = [...items].sort((a, b) => b.value - a.value || a.label.localeCompare(b.label, 'es'));
  const max = Math.max(1, ...sorted.map((i) => i.value));
  const barSpace = WIDTH - LABEL_W - VALUE_W;
  const height = Math.max(ROW, sorted.length * ROW);
  return (
    <figure className="admin-chart">
      <figcaption className="admin-chart__title">{title}</figcaption>
      <svg
        className="admin-chart__svg"
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-label={categorySummary(title, sorted)}
      >
        {sorted.map((item, i) => {
          const w = (item.value / max) * barSpace;
          const yMid = i * ROW + ROW / 2;
          return (
            <g key={item.id}>
              <text x={LABEL_W - 8} y={yMid + 4} textAnchor="end" className="admin-chart__label">
                {item.label}
              </text>
              <rect
                x={LABEL_W}
                y={yMid - 9}
                width={Math.max(w, item.value > 0 ? 2 : 0)}
                height={18}
                rx={3}
                fill={chartColor(0)}
              >
                <title>{`${item.label}: ${formatCount(item.value)}`}</title>
              </rect>
              <text x={LABEL_W + w + 6} y={yMid + 4} className="admin-chart__value">
                {formatCount(item.value)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Categoría</th>
            <th scope="col">Publicaciones</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((item) => (
            <tr key={item.id}>
              <th scope="row">{item.label}</th>
              <td>{item.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
