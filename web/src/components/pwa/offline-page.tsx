/**
 * What a screen that was never saved shows while offline (decision 023): its code or its data is
 * not on the phone, so the router's error page hands over to this instead of a technical error.
 * Retrying reloads (the worker serves the shell; the screen loads once the network is back).
 */
export function OfflinePage() {
  return (
    <main className="container page">
      <div className="empty-state" role="alert">
        <h1 className="page-title">Sin conexión</h1>
        <p className="muted">Esta página no está guardada en tu teléfono. Conéctate a internet para verla.</p>
        <button type="button" className="btn btn--primary btn--md" onClick={() => window.location.reload()}>
          Reintentar
        </button>
        <a href="/" className="btn btn--outline btn--md">
          Volver al inicio
        </a>
      </div>
    </main>
  );
}

/** The browser says there is no network: a route that failed to load failed for that reason. */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;
