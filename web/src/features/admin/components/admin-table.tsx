import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

/** Placeholder rows while a table loads (the spec's universities screen asks for five). */
export const SKELETON_ROWS = 5;

export interface AdminTableProps {
  columns: readonly string[];
  loading: boolean;
  /** True when loaded and there is no row: the `empty` text fills the table. */
  isEmpty: boolean;
  empty: string;
  /** The rows (`<tr>`), shown once loaded and not empty. */
  children: ReactNode;
}

/** The admin area's tables: headers, skeleton rows while loading, the empty text, then the rows. */
export function AdminTable({ columns, loading, isEmpty, empty, children }: AdminTableProps) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table" aria-busy={loading || undefined}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading ? (
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
              <tr key={i} data-testid="skeleton-row">
                {columns.map((c) => (
                  <td key={c}>
                    <Skeleton className="skeleton--text" />
                  </td>
                ))}
              </tr>
            ))
          ) : isEmpty ? (
            <tr>
              <td colSpan={columns.length} className="admin-table__empty">
                {empty}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}
