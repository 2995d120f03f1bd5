// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from './dialog';
import { ToastProvider, useToast } from './toast';

afterEach(cleanup);

const press = (key: string, shiftKey = false) =>
  fireEvent.keyDown(document.activeElement as Element, { key, shiftKey });

/** A page with an opener and a form dialog whose parent re-renders on every keystroke. */
function Page() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const { toast } = useToast();
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Datos" description="Completa los datos.">
        <label>
          Nombre
          <input value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          Apellido
          <input />
        </label>
        <button type="button" onClick={() => toast({ title: 'Guardado' })}>
          Guardar
        </button>
      </Dialog>
    </>
  );
}

const renderPage = () =>
  render(
    <ToastProvider>
      <Page />
    </ToastProvider>,
  );

describe('Dialog', () => {
  it('opens as a modal <dialog> named by its title, with the focus on its first field', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    const dialog = screen.getByRole('dialog', { name: 'Datos' }) as HTMLDialogElement;
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('Completa los datos.').id);
    expect(document.activeElement).toBe(screen.getByLabelText('Nombre'));
  });

  it('keeps the focus where it is while its parent re-renders (typing in a field)', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    const last = screen.getByLabelText('Apellido');
    last.focus();
    // A re-render of the parent passes a new onClose: the focus must stay in the field being used.
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Ana' } });
    expect(document.activeElement).toBe(last);
  });

  it('wraps Tab round its controls, closes with Escape and gives the focus back to the opener', () => {
    renderPage();
    const opener = screen.getByRole('button', { name: 'Abrir' });
    opener.focus();
    fireEvent.click(opener);
    const close = screen.getByRole('button', { name: 'Cerrar' });
    const save = screen.getByRole('button', { name: 'Guardar' });
    save.focus();
    press('Tab');
    expect(document.activeElement).toBe(close);
    press('Tab', true);
    expect(document.activeElement).toBe(save);
    press('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with the dialog cancel (a phone back gesture) and on a press on the backdrop, not inside', () => {
    renderPage();
    const opener = screen.getByRole('button', { name: 'Abrir' });
    fireEvent.click(opener);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(opener);
    fireEvent.mouseDown(screen.getByText('Completa los datos.'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows toasts inside the open dialog (the page behind it is inert) and back on the page after', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.contains(screen.getByRole('status'))).toBe(true);
    expect(screen.getByText('Guardado')).toBeTruthy();
    // The toast's close button is the dialog's last control: Tab from it wraps round too.
    screen.getByRole('button', { name: 'Cerrar notificación' }).focus();
    press('Tab');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cerrar' }));
    press('Escape');
    expect(screen.getByText('Guardado')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
