// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#shared/limits';
import { preloadRoute } from '@/app/router';
import { universities } from '@/testing/fixtures';
import { fakeApi, renderApp } from '@/testing/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Its own file: the marketplace's module reads the address it is first loaded at.
it("shows a filtered link's chips and 'Crear alerta' in the first commit, not after it (their chunks load with the screen's)", async () => {
  localStorage.setItem(STORAGE_KEYS.selectedUniversity, 'ucab');
  history.replaceState(null, '', '/marketplace?category=libros');
  fakeApi((req) =>
    req.url.pathname === '/api/universities/ucab'
      ? { body: universities[0] }
      : { body: { items: [], total: 0, nextCursor: null } },
  );
  await preloadRoute('/marketplace');
  renderApp('/marketplace?category=libros');
  // Synchronously after the first render: no Suspense fallback in between.
  expect(screen.getByRole('list', { name: 'Filtros activos' }).textContent).toContain('Libros');
  expect(screen.getByRole('button', { name: /Crear alerta/ })).toBeTruthy();
});
