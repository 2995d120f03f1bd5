const dateFormat = new Intl.DateTimeFormat('es-VE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'America/Caracas',
});
const dateTimeFormat = new Intl.DateTimeFormat('es-VE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Caracas',
});

const valid = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** A creation date as the admin tables show it (dd/mm/aaaa, Caracas time); '—' when absent. */
export const formatDate = (iso: string | null | undefined): string => {
  const d = valid(iso);
  return d ? dateFormat.format(d) : '—';
};

export const formatDateTime = (iso: string | null | undefined): string => {
  const d = valid(iso);
  return d ? dateTimeFormat.format(d) : '—';
};

/** '1 universidad' / '4 universidades'. */
export const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
