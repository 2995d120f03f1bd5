// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { lazy } from 'react';
import { Outlet } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken(): never {
  throw new Error('No se pudo leer <b>algo</b>');
}

// A screen whose chunk cannot be fetched, as React.lazy reports it.
const NotSaved = lazy(() =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/terms-abc.js')),
);

let online = true;
Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

afterEach(() => {
  cleanup();
  online = true;
  vi.restoreAllMocks();
});

const layout = (
  <RouteErrorBoundary>
    <Outlet />
  </RouteErrorBoundary>
);

describe('the root error boundary', () => {
  it('shows the error page for a screen that throws, and the app again on another path', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router, container } = renderRoutes(
      [
        {
          path: '/',
          element: layout,
          children: [
            { path: 'roto', element: <Broken /> },
            { path: 'bien', element: <Link to="/roto">Ir</Link> },
          ],
        },
      ],
      '/roto',
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('No se pudo leer <b>algo</b>')).toBeTruthy();
    expect(container.querySelector('b')).toBeNull();
    expect(logged.mock.calls.some(([e]) => e instanceof Error && e.message.includes('No se pudo leer'))).toBe(
      true,
    );
    await router.navigate('/bien');
    expect(await screen.findByRole('link', { name: 'Ir' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).toBeNull();
  });

  it("offline, a screen's chunk that cannot load shows 'Sin conexión' and is not reported as an app error", async () => {
    online = false;
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes(
      [{ path: '/', element: layout, children: [{ path: 'terms', element: <NotSaved /> }] }],
      '/terms',
    );
    expect(await screen.findByRole('heading', { name: 'Sin conexión' })).toBeTruthy();
    expect(screen.queryByText(/dynamically imported module/)).toBeNull();
    expect(consoleError.mock.calls.filter(([e]) => e instanceof TypeError)).toEqual([]);
  });

  it('online, the same failure shows the error itself', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes(
      [{ path: '/', element: layout, children: [{ path: 'terms', element: <NotSaved /> }] }],
      '/terms',
    );
    expect(await screen.findByText(/dynamically imported module/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sin conexión' })).toBeNull();
  });
});
