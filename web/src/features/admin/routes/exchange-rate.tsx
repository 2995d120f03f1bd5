import { caracasDate } from '#shared/caracas-time';
import { type FormEvent, useState } from 'react';
import { type ExchangeRate, formatRateDate, usableRate } from '#shared/exchange-rate';
import { Field } from '@/components/form/field';
import { buttonClass } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useDocumentMeta } from '@/lib/document-meta';
import { useAdminExchangeRates, useSetExchangeRate } from '../api/exchange-rates';
import { AdminTable } from '../components/admin-table';
import { EntityHistory } from '../components/entity-history';
import { fieldsOf, messageOf } from '../errors';

export const RATE_TEXTS = {
  title: 'Tasa BCV',
  intro:
    'Tasa oficial del Banco Central de Venezuela (bolívares por dólar). Se muestra junto a cada precio mientras no tenga más de 3 días hábiles.',
  current: 'Tasa vigente',
  none: 'Aún no hay una tasa registrada.',
  stale: 'La tasa tiene más de 3 días hábiles: los precios se muestran sin su equivalente en bolívares.',
  formTitle: 'Registrar o corregir la tasa',
  date: 'Fecha valor',
  rate: 'Tasa (Bs. por US$)',
  ratePlaceholder: 'Ej.: 36,12345678',
  rateUnreadable: 'Escribe la tasa como un número, por ejemplo 36,12345678',
  confirm: 'Confirmo la tasa aunque se aleje más de un 50 % de la anterior',
  save: 'Guardar tasa',
  saved: 'Tasa guardada',
  history: 'Historial',
  empty: 'No hay tasas registradas',
  columns: ['Fecha valor', 'Tasa (Bs. por US$)', 'Origen', 'Registrada por', 'Registrada el'],
  sources: { bcv: 'BCV (automática)', admin: 'Administrador' },
} as const;

/** '36,12345678', '36.12345678' or '1.052,17' → a number; null when it is not one. */
export function parseRateInput(raw: string): number | null {
  const text = raw.trim().replace(/\s/g, '');
  const normalized = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
  if (!/^\d+(\.\d+)?$/.test(normalized)) return null;
  return Number(normalized);
}

const RECORDED_AT = new Intl.DateTimeFormat('es-VE', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Caracas',
});

/** The rate with all its decimals (up to the BCV's 8), es-VE. */
const rateText = (rate: number) =>
  new Intl.NumberFormat('es-VE', { minimumFractionDigits: 2, maximumFractionDigits: 8 }).format(rate);

function Current({ rate }: { rate: ExchangeRate | undefined }) {
  if (!rate) return <p className="muted">{RATE_TEXTS.none}</p>;
  return (
    <>
      <p className="admin-rate__figure">
        Bs. {rateText(rate.rate)} <span className="muted">(tasa BCV del {formatRateDate(rate.date)})</span>
      </p>
      {!usableRate(rate, new Date()) && (
        <p className="field__error" role="status">
          {RATE_TEXTS.stale}
        </p>
      )}
    </>
  );
}

/**
 * 'Tasa BCV' (issue 14, decision 033): the newest rate, the form to enter or correct a date's rate
 * (the server refuses zero, negative, future and — unless confirmed — jumps of more than 50 %), and
 * the history with each date's audit trail.
 */
export default function ExchangeRatePage() {
  useDocumentMeta(RATE_TEXTS.title);
  const { toast } = useToast();
  const list = useAdminExchangeRates();
  const save = useSetExchangeRate();
  const [date, setDate] = useState(() => caracasDate(new Date()));
  const [rate, setRate] = useState('');
  const [confirm, setConfirm] = useState(false);
  const [errors, setErrors] = useState<{ date?: string; rate?: string; form?: string }>({});
  const items = list.data?.items ?? [];
  // The newest dated today or earlier is the one the app shows.
  const today = caracasDate(new Date());
  const current = items.find((r) => r.date <= today);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = parseRateInput(rate);
    if (value === null) {
      setErrors({ rate: RATE_TEXTS.rateUnreadable });
      return;
    }
    setErrors({});
    save.mutate(
      { date, rate: value, ...(confirm ? { confirm: true } : {}) },
      {
        onSuccess: (saved) => {
          toast({ title: 'Éxito', description: `${RATE_TEXTS.saved}: Bs. ${rateText(saved.rate)}` });
          setRate('');
          setConfirm(false);
        },
        onError: (err) => {
          const fields = fieldsOf(err);
          setErrors({
            date: fields.date,
            rate: fields.rate,
            form: fields.date || fields.rate ? undefined : messageOf(err),
          });
        },
      },
    );
  };

  return (
    <div className="admin-page">
      <h1 className="page-title">{RATE_TEXTS.title}</h1>
      <p className="muted">{RATE_TEXTS.intro}</p>

      <div className="admin-grid-2">
        <section className="admin-card" aria-labelledby="rate-current">
          <h2 id="rate-current" className="admin-section-title">
            {RATE_TEXTS.current}
          </h2>
          {list.isPending ? <p className="muted">Cargando...</p> : <Current rate={current} />}
        </section>

        <section className="admin-card" aria-labelledby="rate-form">
          <h2 id="rate-form" className="admin-section-title">
            {RATE_TEXTS.formTitle}
          </h2>
          <form className="admin-form" onSubmit={submit} noValidate>
            <Field
              label={RATE_TEXTS.date}
              name="date"
              type="date"
              max={today}
              value={date}
              onChange={(e) => setDate(e.target.value)}
              required
              error={errors.date}
            />
            <Field
              label={RATE_TEXTS.rate}
              name="rate"
              inputMode="decimal"
              autoComplete="off"
              placeholder={RATE_TEXTS.ratePlaceholder}
              value={rate}
              onChange={(e) => setRate(e.target.value)}
              required
              error={errors.rate}
            />
            <label className="admin-checkbox">
              <input type="checkbox" checked={confirm} onChange={(e) => setConfirm(e.target.checked)} />{' '}
              {RATE_TEXTS.confirm}
            </label>
            {errors.form && (
              <p className="field__error" role="alert">
                {errors.form}
              </p>
            )}
            <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
              {RATE_TEXTS.save}
            </button>
          </form>
        </section>
      </div>

      <section className="admin-card" aria-labelledby="rate-history">
        <h2 id="rate-history" className="admin-section-title">
          {RATE_TEXTS.history}
        </h2>
        <AdminTable
          columns={RATE_TEXTS.columns}
          loading={list.isPending}
          isEmpty={items.length === 0}
          empty={RATE_TEXTS.empty}
        >
          {items.map((r) => (
            <tr key={r.date}>
              <td data-label={RATE_TEXTS.columns[0]}>{formatRateDate(r.date)}</td>
              <td data-label={RATE_TEXTS.columns[1]}>{rateText(r.rate)}</td>
              <td data-label={RATE_TEXTS.columns[2]}>{RATE_TEXTS.sources[r.source]}</td>
              <td data-label={RATE_TEXTS.columns[3]}>{r.recorded_by ?? '—'}</td>
              <td data-label={RATE_TEXTS.columns[4]}>{RECORDED_AT.format(new Date(r.recorded_at))}</td>
            </tr>
          ))}
        </AdminTable>
        {current && <EntityHistory type="exchangeRate" id={current.date} />}
      </section>
    </div>
  );
}
