import { type FormEvent, useId, useState } from 'react';
import { DEAL_MESSAGES, HANDOFF_CODE_LENGTH, handoffBodySchema, type InterestedPerson } from '#shared/deals';
import { buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/** Nobody named: a sale to someone outside the app, or a reservation for no one in particular. */
export const NOBODY = '';

/**
 * '¿A quién se lo vendiste?' / '¿Para quién lo reservas?' (issue 40): the people who contacted the
 * seller or asked about the listing, newest first, or nobody in particular. A sale to someone
 * outside the app closes as before, with no review possible.
 */
export function BuyerDialog({
  status,
  title,
  people,
  preselected,
  busy,
  onCancel,
  onChoose,
}: {
  status: 'sold' | 'reserved';
  title: string;
  people: readonly InterestedPerson[];
  preselected: string | null;
  busy: boolean;
  onCancel: () => void;
  onChoose: (buyerId: string | null) => void;
}) {
  const [chosen, setChosen] = useState<string | null>(preselected);
  const name = useId();
  const selling = status === 'sold';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chosen !== null) onChoose(chosen === NOBODY ? null : chosen);
  };
  return (
    <Dialog
      open
      onClose={onCancel}
      title={selling ? '¿A quién se lo vendiste?' : '¿Para quién lo reservas?'}
      description={`«${title}». Solo aparecen quienes te contactaron o preguntaron por esta publicación en Mercado Universitario.`}
    >
      <form onSubmit={submit}>
        <fieldset className="deal-buyers">
          <legend className="visually-hidden">{selling ? 'Comprador' : 'Reservado para'}</legend>
          {people.map((p) => (
            <label key={p.user_id} className="deal-buyers__option">
              <input
                type="radio"
                name={name}
                value={p.user_id}
                checked={chosen === p.user_id}
                onChange={() => setChosen(p.user_id)}
              />
              <span>
                {p.name}
                {p.verified && <span className="muted"> · Correo institucional verificado</span>}
              </span>
            </label>
          ))}
          <label className="deal-buyers__option">
            <input
              type="radio"
              name={name}
              value={NOBODY}
              checked={chosen === NOBODY}
              onChange={() => setChosen(NOBODY)}
            />
            <span>{selling ? 'A alguien fuera de Mercado Universitario' : 'Sin indicar a nadie'}</span>
          </label>
        </fieldset>
        {selling && (
          <p className="muted deal-buyers__note">
            Si indicas a quién se lo vendiste, esa persona confirmará que lo recibió y podrán dejarse una
            reseña.
          </p>
        )}
        <div className="dialog__footer">
          <button type="button" className={buttonClass('outline')} onClick={onCancel}>
            Cancelar
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={chosen === null || busy}>
            {selling ? 'Marcar como vendido' : 'Marcar como reservado'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * 'Confirmar entrega' (issue 40): at the meeting the buyer shows the 6-digit code of 'Mis Compras';
 * the seller types it here and the deal is confirmed at once. A wrong code says how many tries are
 * left, as the server counts them.
 */
export function HandoffDialog({
  title,
  buyerName,
  busy,
  error,
  onCancel,
  onSubmit,
}: {
  title: string;
  buyerName: string;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onSubmit: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The server's own rule (shared/deals.ts): a typo costs no try.
    if (!handoffBodySchema.safeParse({ code }).success) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onSubmit(code);
  };
  const message = invalid ? DEAL_MESSAGES.codeFormat : error;
  return (
    <Dialog
      open
      onClose={onCancel}
      title="Confirmar entrega"
      description={`Pídele a ${buyerName} el código de entrega de «${title}» que ve en Mis Compras y escríbelo aquí.`}
    >
      <form onSubmit={submit} noValidate>
        <label htmlFor={id} className="field__label">
          Código de entrega
        </label>
        <input
          id={id}
          className="input deal-code__input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={HANDOFF_CODE_LENGTH}
          value={code}
          aria-invalid={message ? true : undefined}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        />
        {message && (
          <p role="alert" className="field__error">
            {message}
          </p>
        )}
        <div className="dialog__footer">
          <button type="button" className={buttonClass('outline')} onClick={onCancel}>
            Cancelar
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            Confirmar
          </button>
        </div>
      </form>
    </Dialog>
  );
}
