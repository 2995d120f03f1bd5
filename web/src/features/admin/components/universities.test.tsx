// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOMAIN_MESSAGES } from '#shared/university-domains';
import { universities } from '@/testing/fixtures';
import { UniversitiesTable } from './universities-table';
import { toSave } from './university-editor';
import { EMPTY_UNIVERSITY, UniversityFormDialog, type UniversityFormValues } from './university-form-dialog';

afterEach(cleanup);

const noop = () => undefined;

describe('universities table', () => {
  it('shows the 5-row skeleton while loading, and no empty text', () => {
    render(<UniversitiesTable universities={[]} loading onEdit={noop} onDelete={noop} />);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    expect(screen.queryByText('No se encontraron universidades')).toBeNull();
  });

  it("says 'No se encontraron universidades' when nothing matches", () => {
    render(<UniversitiesTable universities={[]} loading={false} onEdit={noop} onDelete={noop} />);
    expect(screen.getByText('No se encontraron universidades')).toBeTruthy();
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
  });

  it('lists short name and id, full name, domain, creation date, and acts on the right row', () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    render(
      <UniversitiesTable
        universities={universities.slice(0, 2)}
        loading={false}
        deleting={new Set(['usm'])}
        onEdit={onEdit}
        onDelete={onDelete}
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Universidad', 'Nombre completo', 'Dominio de correo', 'Fecha de creación', 'Acciones']);
    const [, ucab, usm] = screen.getAllByRole('row');
    const cells = within(ucab)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells.slice(1, 4)).toEqual(['Universidad Católica Andrés Bello', 'est.ucab.edu.ve', '31/12/2024']);
    expect(within(within(ucab).getAllByRole('cell')[0]).getByText('UCAB')).toBeTruthy();
    expect(within(within(ucab).getAllByRole('cell')[0]).getByText('ucab')).toBeTruthy();
    fireEvent.click(within(ucab).getByRole('button', { name: 'Editar UCAB' }));
    fireEvent.click(within(ucab).getByRole('button', { name: 'Eliminar UCAB' }));
    expect(onEdit).toHaveBeenCalledWith(universities[0]);
    expect(onDelete).toHaveBeenCalledWith(universities[0]);
    // A university being deleted in the background takes no second action.
    const busy = within(usm).getByRole('button', { name: 'Eliminar USM' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.textContent).toBe('Eliminando...');
  });
});

describe('university form dialog', () => {
  const UCAB: UniversityFormValues = {
    id: 'ucab',
    name: 'UCAB',
    full_name: 'Universidad Católica Andrés Bello',
    email_domain: 'est.ucab.edu.ve',
    city: 'Caracas',
    logo: '',
  };

  it("creates: 'Nueva Universidad' with 'Crear', every field editable and empty", () => {
    const onSubmit = vi.fn();
    render(
      <UniversityFormDialog
        open
        mode="create"
        initial={EMPTY_UNIVERSITY}
        busy={false}
        validate={() => ({})}
        onSubmit={onSubmit}
        onClose={noop}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Nueva Universidad' });
    const id = within(dialog).getByLabelText('ID') as HTMLInputElement;
    expect(id.disabled).toBe(false);
    expect(id.value).toBe('');
    fireEvent.change(id, { target: { value: 'unet' } });
    fireEvent.change(within(dialog).getByLabelText('Nombre corto'), { target: { value: 'UNET' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(onSubmit).toHaveBeenCalledWith({ ...EMPTY_UNIVERSITY, id: 'unet', name: 'UNET' });
  });

  it("edits: 'Editar Universidad' with 'Actualizar' and the id disabled", () => {
    render(
      <UniversityFormDialog
        open
        mode="edit"
        initial={UCAB}
        busy={false}
        validate={() => ({})}
        onSubmit={noop}
        onClose={noop}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Editar Universidad' });
    expect((within(dialog).getByLabelText('ID') as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('Nombre completo') as HTMLInputElement).value).toBe(UCAB.full_name);
    expect(within(dialog).getByRole('button', { name: 'Actualizar' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Crear' })).toBeNull();
  });

  it('sends nothing while the client check finds errors, and shows them by field', () => {
    const onSubmit = vi.fn();
    render(
      <UniversityFormDialog
        open
        mode="create"
        initial={EMPTY_UNIVERSITY}
        busy={false}
        validate={(v) => (v.id ? {} : { id: 'El identificador es requerido' })}
        onSubmit={onSubmit}
        onClose={noop}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Crear' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('El identificador es requerido')).toBeTruthy();
    expect(screen.getByLabelText('ID').getAttribute('aria-invalid')).toBe('true');
  });

  it("refuses a public provider's or a shared suffix's domain before sending, with the server's rule", () => {
    const onSubmit = vi.fn();
    const form = { mode: 'edit' as const, initial: UCAB };
    render(
      <UniversityFormDialog
        open
        mode="edit"
        initial={UCAB}
        busy={false}
        validate={(v) => toSave(form, v).errors}
        onSubmit={onSubmit}
        onClose={noop}
      />,
    );
    const domain = screen.getByLabelText('Dominio de correo');
    for (const [value, message] of [
      ['gmail.com', DOMAIN_MESSAGES.publicMail.replace('{domain}', 'gmail.com')],
      ['edu.ve', DOMAIN_MESSAGES.sharedSuffix.replace('{domain}', 'edu.ve')],
    ]) {
      fireEvent.change(domain, { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(domain, { target: { value: 'ucab.edu.ve' } });
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message, on its field when it names one", () => {
    const { rerender } = render(
      <UniversityFormDialog
        open
        mode="create"
        initial={EMPTY_UNIVERSITY}
        busy={false}
        serverError={{ message: 'Ya existe una universidad con ese identificador.', fields: {} }}
        validate={() => ({})}
        onSubmit={noop}
        onClose={noop}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Ya existe una universidad con ese identificador.');
    rerender(
      <UniversityFormDialog
        open
        mode="create"
        initial={EMPTY_UNIVERSITY}
        busy={false}
        serverError={{ message: 'Datos no válidos', fields: { logo: 'El logo debe ser una URL https.' } }}
        validate={() => ({})}
        onSubmit={noop}
        onClose={noop}
      />,
    );
    expect(screen.getByText('El logo debe ser una URL https.')).toBeTruthy();
    expect(screen.getByLabelText('Logo (URL, opcional)').getAttribute('aria-invalid')).toBe('true');
  });
});
