// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider, useToast } from './toast';

afterEach(cleanup);

function Buttons() {
  const { toast } = useToast();
  return (
    <>
      <button type="button" onClick={() => toast({ title: 'Primero' })}>
        uno
      </button>
      <button
        type="button"
        onClick={() => toast({ title: 'Segundo', description: 'Detalle', variant: 'destructive' })}
      >
        dos
      </button>
    </>
  );
}

describe('toast', () => {
  it('shows one toast at a time: a new one replaces the current one', () => {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'uno' }));
    expect(screen.getByRole('status').textContent).toContain('Primero');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'dos' })));
    expect(screen.queryByText('Primero')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Segundo');
    expect(screen.getByText('Detalle')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar notificación' }));
    expect(screen.queryByText('Segundo')).toBeNull();
  });
});
