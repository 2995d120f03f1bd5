import { chartColor, formatCount, formatDay } from './palette';

export interface DailySeries {
  id: string;
  label: string;
  /** One value per day, in the order of `days`. */
  values: number[];
}

export interface DailyListingsChartProps {
  title: string;
  /** Calendar days, oldest first ('YYYY-MM-DD'). */
  days: string[];
  series: DailySeries[];
}

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 12, right: 8, bottom: 28, left: 32 };

/** A round top for the y axis: 1, 2, 5, 10, 20, 50… at or above the highest day. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= max) return step * magnitude;
  return 10 * magnitude;
}

/** The sentence a screen reader hears for the chart (role="img"). */
export function dailySummary(title: string, days: string[], series: DailySeries[]): string {
  const totals = series.map((s) => ({ label: s.label, total: s.values.reduce((a, b) => a + b, 0) }));
  const all = totals.reduce((a, t) => a + t.total, 0);
  const parts = totals.map((t) => `${t.label} ${formatCount(t.total)}`);
  const span = days.length > 0 ? ` del ${formatDay(days[0])} al ${formatDay(days[days.length - 1])}` : '';
  return `${title}${span}: ${formatCount(all)} en total${parts.length ? `; ${parts.join(', ')}` : ''}.`;
}

/**
 * New listings per day, one stacked bar per day with a segment per university, a legend, and the
 * same numbers in a visually hidden table. Plain SVG scaled by its viewBox (no chart library).
 */
export function DailyListingsChart({ title, days, series }: DailyListingsChartProps) {
  const totals = days.map((_, d) => series.reduce((sum, s) => sum + (s.values[d] ?? 0), 0));
  const top = niceMax(Math.max(0, ...totals));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = days.length > 0 ? plotW / days.length : plotW;
  const barW = Math.max(2, slot * 0.7);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const labelEvery = Math.max(1, Math.ceil(days.length / 6));

  return (
    <figure className="admin-chart">
      <figcaption className="admin-chart__title">{title}</figcaption>
      <svg
        className="admin-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={dailySummary(title, days, series)}
      >
        {[0, top / 2, top].map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className="admin-chart__grid" />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="admin-chart__tick">
              {formatCount(tick)}
            </text>
          </g>
        ))}
        {days.map((day, d) => {
          const x = PAD.left + d * slot + (slot - barW) / 2;
          let base = 0;
          return (
            <g key={day}>
              {series.map((s, i) => {
                const v = s.values[d] ?? 0;
                if (v <= 0) return null;
                const rect = (
                  <rect key={s.id} x={x} y={y(base + v)} width={barW} height={y(base) - y(base + v)} fill={chartColor(i)}>
                    <title>{`${formatDay(day)} · ${s.label}: ${formatCount(v)}`}</title>
                  </rect>
                );
                base += v;
                return rect;
              })}
              {d % labelEvery === 0 && (
                <text x={x + barW / 2} y={HEIGHT - 8} textAnchor="middle" className="admin-chart__tick">
                  {formatDay(day)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <ul className="admin-chart__legend" aria-hidden="true">
        {series.map((s, i) => (
          <li key={s.id}>
            <svg width="10" height="10" viewBox="0 0 10 10" className="admin-chart__swatch">
              <rect width="10" height="10" rx="2" fill={chartColor(i)} />
            </svg>
            {s.label}
          </li>
        ))}
      </ul>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Día</th>
            {series.map((s) => (
              <th key={s.id} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day, d) => (
            <tr key={day}>
              <th scope="row">{formatDay(day)}</th>
              {series.map((s) => (
                <td key={s.id}>{s.values[d] ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
