import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { isOffline } from '@/components/pwa/offline-page';
import { ErrorPage } from '../features/misc/routes/error-page';

interface State {
  error: unknown;
  /** The path the error happened on: another path is a fresh start. */
  at: string | null;
}

class Boundary extends Component<{ children: ReactNode; pathname: string }, State> {
  override state: State = { error: undefined, at: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Error desconocido') };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: State): Partial<State> | null {
    if (state.error === undefined) return { at: props.pathname };
    // Navigating away from the failed screen renders the app again (as the data router's
    // errorElement did).
    return props.pathname !== state.at ? { error: undefined, at: props.pathname } : null;
  }

  override componentDidCatch(error: unknown) {
    // Offline, a screen never saved fails to load as expected (decision 023): not an app error.
    if (!isOffline()) console.error(error);
  }

  override render() {
    return this.state.error !== undefined ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}

/**
 * The app's root error boundary (the data router's errorElement did this before decision 024): an
 * error thrown while rendering (or a screen's chunk that failed to load) shows the error page in
 * place of the whole layout, until the path changes.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
