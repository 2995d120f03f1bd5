// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReindexPanel } from './reindex-panel';

afterEach(cleanup);

const noop = () => undefined;

describe('reindex panel', () => {
  it('starts a reindex, then shows it running with the button disabled', () => {
    const onStart = vi.fn();
    const { rerender } = render(<ReindexPanel job={null} starting={false} onStart={onStart} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reindexar' }));
    expect(onStart).toHaveBeenCalledTimes(1);
    rerender(<ReindexPanel job={{ status: 'running', processed: 500 }} starting={false} onStart={onStart} />);
    expect(screen.getByRole('button', { name: 'Reindexando...' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the final count and that the index agrees with the table', () => {
    render(
      <ReindexPanel
        job={{ status: 'succeeded', processed: 5000, count: 4321, drift: { missing: 0, extra: 0 } }}
        starting={false}
        onStart={noop}
      />,
    );
    expect(screen.getByRole('status').textContent).toMatch(
      /^Índice reconstruido: 4\.321 productos indexados\./,
    );
    expect(screen.getByText('El índice y la base de datos coinciden exactamente.')).toBeTruthy();
    expect(screen.queryByText(/Diferencia con la base de datos/)).toBeNull();
  });

  it('says how far the index and the table differ when the check found a difference', () => {
    render(
      <ReindexPanel
        job={{ status: 'succeeded', processed: 10, count: 9, drift: { missing: 2, extra: 1 } }}
        starting={false}
        onStart={noop}
      />,
    );
    expect(screen.getByText('Diferencia con la base de datos: 2 sin indexar, 1 de más.')).toBeTruthy();
    expect(screen.queryByText('El índice y la base de datos coinciden exactamente.')).toBeNull();
  });

  it("shows the spec's error when the job failed, and lets the admin try again", () => {
    render(<ReindexPanel job={{ status: 'failed', processed: 0 }} starting={false} onStart={noop} />);
    expect(screen.getByRole('alert').textContent).toBe('Error al reindexar el índice de búsqueda');
    expect(screen.getByRole('button', { name: 'Reindexar' }).hasAttribute('disabled')).toBe(false);
    cleanup();
    render(
      <ReindexPanel
        job={{ status: 'failed', processed: 0, error: 'Error inesperado' }}
        starting={false}
        onStart={noop}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Error inesperado');
  });
});
