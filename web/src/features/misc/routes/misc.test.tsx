// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { ErrorPage } from './error-page';
import { Component as NotFound } from './not-found';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('misc pages', () => {
  it('the error page shows the heading and the error message as text', async () => {
    const { container } = renderRoutes(
      [{ path: '/', element: <ErrorPage error={new Error('No se pudo leer <b>algo</b>')} /> }],
      '/',
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('No se pudo leer <b>algo</b>')).toBeTruthy();
    expect(container.querySelector('b')).toBeNull();
  });

  it('the 404 page links home', async () => {
    renderRoutes([{ path: '*', element: <NotFound /> }], '/no-existe');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
  });
});
