// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { ErrorPage } from './error-page';

// What a screen's chunk that cannot be fetched throws (React.lazy rethrows it while rendering).
const notSaved = new TypeError('Failed to fetch dynamically imported module: /assets/terms-abc.js');

let online = true;
Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

afterEach(() => {
  cleanup();
  online = true;
});

describe('the error page offline (decision 023)', () => {
  it("says 'Sin conexión' in Spanish instead of the technical error, with a retry and a way home", async () => {
    online = false;
    renderRoutes([{ path: '/terms', element: <ErrorPage error={notSaved} /> }], '/terms');
    expect(await screen.findByRole('heading', { name: 'Sin conexión' })).toBeTruthy();
    expect(screen.getByText(/no está guardada en tu teléfono/)).toBeTruthy();
    expect(screen.queryByText(/dynamically imported module/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
  });

  it('shows the error itself when the browser is online', async () => {
    renderRoutes([{ path: '/terms', element: <ErrorPage error={notSaved} /> }], '/terms');
    expect(await screen.findByText(/dynamically imported module/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sin conexión' })).toBeNull();
  });
});
