// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useHydrated } from './use-hydrated';

// React's act() in a test of our own making (no testing library sets it here).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What only the browser knows (a registration kept in localStorage), shown once hydrated. */
function Kept() {
  const hydrated = useHydrated();
  return <output>{hydrated ? (localStorage.getItem('kept') ?? 'nada') : 'Cargando...'}</output>;
}

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('useHydrated', () => {
  it('renders the loading state on the server, hydrates it without a mismatch, then shows the browser’s state', async () => {
    localStorage.setItem('kept', 'registro-1');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Kept />);
    expect(container.textContent).toBe('Cargando...');
    document.body.append(container);
    const mismatch = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Kept />, { onRecoverableError: mismatch });
    });
    expect(mismatch).not.toHaveBeenCalled();
    expect(container.textContent).toBe('registro-1');
  });

  it('is true at once where nothing is hydrated', async () => {
    localStorage.setItem('kept', 'registro-2');
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      createRoot(container).render(<Kept />);
    });
    expect(container.textContent).toBe('registro-2');
  });

  it('a hydration that read the browser’s state at once would mismatch (what the hook is for)', async () => {
    localStorage.setItem('kept', 'registro-3');
    const Eager = () => (
      <output>{typeof window === 'undefined' ? 'Cargando...' : localStorage.getItem('kept')}</output>
    );
    const container = document.createElement('div');
    container.innerHTML = '<output>Cargando...</output>';
    document.body.append(container);
    const mismatch = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Eager />, { onRecoverableError: mismatch });
    });
    expect(mismatch).toHaveBeenCalled();
  });
});
