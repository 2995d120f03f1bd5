import type { ModerationResult } from '#shared/moderation';

/** The moderation result alert: approved, approved with warnings, or rejected with reasons. */
export function ModerationAlert({ result }: { result: ModerationResult }) {
  const tone = !result.approved ? 'rejected' : result.warnings.length > 0 ? 'warning' : 'approved';
  const title =
    tone === 'rejected'
      ? 'El producto no cumple con las normas de la comunidad'
      : tone === 'warning'
        ? 'Producto aprobado con advertencias'
        : 'Contenido verificado correctamente';
  return (
    <div className={`moderation-alert moderation-alert--${tone}`} role={tone === 'rejected' ? 'alert' : 'status'}>
      <p className="moderation-alert__title">{title}</p>
      {result.warnings.length > 0 && (
        <ul>
          {result.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      {result.suggestions.length > 0 && (
        <>
          <p className="moderation-alert__subtitle">Sugerencias</p>
          <ul>
            {result.suggestions.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
