import { isOffline, OfflinePage } from '@/components/pwa/offline-page';

/** The text of whatever was thrown: an Error, a string, or a fallback. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  return 'Error desconocido';
}

/**
 * What the app's root error boundary (`app/route-error-boundary.tsx`) shows. It replaces the whole
 * layout, so it relies only on global styles and links home with a full page load (a fresh start
 * also recovers from a failed chunk).
 */
export function ErrorPage({ error }: { error: unknown }) {
  // Offline, a screen never opened before has no code or data on the phone (decision 023).
  if (isOffline()) return <OfflinePage />;
  return (
    <main className="container page">
      <div className="empty-state" role="alert">
        <h1 className="page-title">Unexpected Application Error!</h1>
        <p className="muted">{errorMessage(error)}</p>
        <a href="/" className="btn btn--primary btn--md">
          Volver al inicio
        </a>
      </div>
    </main>
  );
}
