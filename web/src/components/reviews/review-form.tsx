import { type FormEvent, useId, useState } from 'react';
import { REPLY_TEXT_MAX, REVIEW_MESSAGES, REVIEW_TEXT_MAX } from '#shared/reviews';
import { buttonClass } from '@/components/ui/button';
import './reviews.css';

const STAR_LABELS = ['1 estrella', '2 estrellas', '3 estrellas', '4 estrellas', '5 estrellas'];

/**
 * A review of the other side of a deal (issue 40): 1–5 stars (a radio group, so a keyboard and a
 * screen reader choose as a finger does) and an optional text of up to 500 characters. Nothing is
 * sent without stars; the server's refusal (moderation) shows under the box.
 */
export function ReviewForm({
  about,
  busy,
  error,
  onSend,
}: {
  /** Whom the review is about, for the legend ('Califica a Carla'). */
  about: string;
  busy: boolean;
  error: string | null;
  onSend: (review: { stars: number; text: string | null }) => void;
}) {
  const name = useId();
  const textId = useId();
  const [stars, setStars] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (stars === null) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onSend({ stars, text: text.trim() || null });
  };
  const shown = missing ? REVIEW_MESSAGES.starsRequired : error;
  return (
    <form className="review-form" onSubmit={submit} noValidate>
      <fieldset className="review-form__stars">
        <legend>Califica a {about}</legend>
        {STAR_LABELS.map((label, i) => (
          <label key={label} className="review-form__star">
            <input
              type="radio"
              name={name}
              value={i + 1}
              checked={stars === i + 1}
              onChange={() => setStars(i + 1)}
              aria-label={label}
            />
            <span aria-hidden="true" className={stars !== null && i < stars ? 'is-on' : undefined}>
              ★
            </span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={textId} className="field__label">
        Tu reseña (opcional)
      </label>
      <textarea
        id={textId}
        className="input review-form__text"
        rows={3}
        maxLength={REVIEW_TEXT_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <p className="muted review-form__hint">
        {text.length}/{REVIEW_TEXT_MAX} · No podrás editarla. Se mostrará cuando la otra persona deje la suya
        o termine el plazo.
      </p>
      {shown && (
        <p role="alert" className="field__error">
          {shown}
        </p>
      )}
      <button type="submit" className={buttonClass('primary')} disabled={busy}>
        {busy ? 'Publicando...' : 'Publicar reseña'}
      </button>
    </form>
  );
}

/** The reviewed person's one reply to a visible review of them. */
export function ReplyForm({
  busy,
  error,
  onSend,
}: {
  busy: boolean;
  error: string | null;
  onSend: (text: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onSend(text.trim());
  };
  const shown = missing ? REVIEW_MESSAGES.replyRequired : error;
  return (
    <form className="review-form" onSubmit={submit} noValidate>
      <label htmlFor={id} className="field__label">
        Tu respuesta
      </label>
      <textarea
        id={id}
        className="input review-form__text"
        rows={2}
        maxLength={REPLY_TEXT_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {shown && (
        <p role="alert" className="field__error">
          {shown}
        </p>
      )}
      <button type="submit" className={buttonClass('outline', 'sm')} disabled={busy}>
        {busy ? 'Publicando...' : 'Publicar respuesta'}
      </button>
    </form>
  );
}
