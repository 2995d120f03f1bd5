// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests } from '@/lib/session';
import { type FakeRequest, fakeApi, renderApp, signedInSession } from '@/testing/render';

const ADMIN = signedInSession({ sub: 'a1', email: 'admin@ucab.edu.ve', 'cognito:groups': ['admin'] });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetSessionForTests();
});

const university = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  full_name: `Universidad ${name}`,
  email_domain: `est.${id}.edu.ve`,
  city: 'Caracas',
  logo: null,
  created_at: '2025-01-01T12:00:00.000Z',
  listed_products: 3,
  deleting_job_id: null,
  ...extra,
});

const job = (extra: Record<string, unknown> = {}) => ({
  id: 'job-1',
  kind: 'deleteUniversity',
  status: 'running',
  target: 'usm',
  processed: 2,
  indexed: null,
  drift: null,
  error: null,
  started_by: 'a1',
  created_at: '2026-11-23T08:00:00.000Z',
  updated_at: '2026-11-23T08:00:01.000Z',
  finished_at: null,
  ...extra,
});

const error = (status: number, message: string, details: { path: string; message: string }[] = []) => ({
  status,
  body: { error: { code: 'x', message, details } },
});

/** An in-test admin API of universities that really changes its list. */
function universitiesApi(
  options: { failDelete?: string; createError?: ReturnType<typeof error>; jobEnds?: boolean } = {},
) {
  const items = [university('ucab', 'UCAB'), university('usm', 'USM')];
  let jobReads = 0;
  return fakeApi((req: FakeRequest) => {
    const path = req.url.pathname;
    if (path === '/api/admin/universities' && req.method === 'GET') return { body: { items, total: items.length } };
    if (path === '/api/admin/universities' && req.method === 'POST') {
      if (options.createError) return options.createError;
      const body = req.body as Record<string, string>;
      items.push(university(body.id, body.name));
      return { status: 201, body: items.at(-1) };
    }
    const del = /^\/api\/admin\/universities\/([a-z0-9-]+)$/.exec(path);
    if (del && req.method === 'DELETE') {
      if (options.failDelete) return error(409, options.failDelete);
      const target = items.find((u) => u.id === del[1]);
      if (target) Object.assign(target, { deleting_job_id: 'job-1' });
      return { status: 202, body: { university_id: del[1], job: job() } };
    }
    if (path === '/api/admin/jobs/job-1') {
      jobReads += 1;
      // Running when first read; then, if asked, done: the university's item goes with its products.
      if (!options.jobEnds || jobReads === 1) return { body: job() };
      const gone = items.findIndex((u) => u.deleting_job_id === 'job-1');
      if (gone >= 0) items.splice(gone, 1);
      return { body: job({ status: 'succeeded', processed: 3, finished_at: '2026-11-23T08:00:05.000Z' }) };
    }
    if (path === '/api/admin/audit') return { body: { items: [], nextCursor: null } };
    return error(404, 'No encontrado');
  });
}

describe('Gestión de Universidades', () => {
  it('shows the 5-row skeleton, then the count and the rows; the search filters them', async () => {
    universitiesApi();
    renderApp('/admin/universities', ADMIN);
    expect((await screen.findAllByTestId('skeleton-row')).length).toBe(5);
    expect(await screen.findByText('2 universidades')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Gestión de Universidades' })).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Buscar universidades...'), { target: { value: 'santa' } });
    expect(await screen.findByText('No se encontraron universidades')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Buscar universidades...'), { target: { value: 'usm' } });
    expect(await screen.findByText('Universidad USM')).toBeTruthy();
    expect(screen.queryByText('Universidad UCAB')).toBeNull();
  });

  it("deletes after confirming: 'Éxito', the row leaves the table, the products' job shows its progress", async () => {
    const api = universitiesApi();
    renderApp('/admin/universities', ADMIN);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar USM' }));
    const confirm = screen.getByRole('dialog', { name: '¿Eliminar universidad?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Éxito')).toBeTruthy();
    expect(screen.getByText('Universidad eliminada correctamente')).toBeTruthy();
    expect(await screen.findByText('Eliminando USM y sus productos: 2')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Eliminar USM' })).toBeNull());
    expect(screen.getByText('1 universidad')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'DELETE' && r.url.pathname === '/api/admin/universities/usm')).toBe(
      true,
    );
  });

  it("takes the job's progress away once the job ends (the list is read again)", async () => {
    universitiesApi({ jobEnds: true });
    renderApp('/admin/universities', ADMIN);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar USM' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Eliminando USM y sus productos: 2')).toBeTruthy();
    // The job is polled every second: it ends at the second read.
    await waitFor(() => expect(screen.queryByText(/^Eliminando USM y sus productos/)).toBeNull(), { timeout: 4000 });
    expect(screen.getByText('1 universidad')).toBeTruthy();
  });

  it("says 'Error' with the reason when the deletion is refused, and keeps the row", async () => {
    universitiesApi({ failDelete: 'La universidad se está eliminando.' });
    renderApp('/admin/universities', ADMIN);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar USM' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText('No se pudo eliminar la universidad: La universidad se está eliminando.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Eliminar USM' })).toBeTruthy();
  });

  it('checks the form with the shared schema before sending anything', async () => {
    const api = universitiesApi();
    renderApp('/admin/universities', ADMIN);
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar Universidad' }));
    const dialog = screen.getByRole('dialog', { name: 'Nueva Universidad' });
    fireEvent.change(within(dialog).getByLabelText('ID'), { target: { value: 'Mi Uni' } });
    fireEvent.change(within(dialog).getByLabelText('Nombre corto'), { target: { value: 'MU' } });
    fireEvent.change(within(dialog).getByLabelText('Nombre completo'), { target: { value: 'Mi Universidad' } });
    fireEvent.change(within(dialog).getByLabelText('Dominio de correo'), { target: { value: 'no es dominio' } });
    fireEvent.change(within(dialog).getByLabelText('Logo (URL, opcional)'), { target: { value: 'http://x.y/l.png' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(
      await within(dialog).findByText(
        'El identificador debe ser un slug en minúsculas: letras, números y guiones, de 2 a 20 caracteres.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('Dominio de correo no válido.')).toBeTruthy();
    expect(within(dialog).getByText('El logo debe ser una URL https.')).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("shows the server's refusal of an id that exists, and creates nothing", async () => {
    universitiesApi({ createError: error(409, 'Ya existe una universidad con ese identificador.') });
    renderApp('/admin/universities', ADMIN);
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar Universidad' }));
    const dialog = screen.getByRole('dialog', { name: 'Nueva Universidad' });
    fireEvent.change(within(dialog).getByLabelText('ID'), { target: { value: 'ucab' } });
    fireEvent.change(within(dialog).getByLabelText('Nombre corto'), { target: { value: 'UCAB' } });
    fireEvent.change(within(dialog).getByLabelText('Nombre completo'), { target: { value: 'Otra' } });
    fireEvent.change(within(dialog).getByLabelText('Dominio de correo'), { target: { value: 'est.ucab.edu.ve' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Ya existe una universidad con ese identificador.',
    );
    expect(screen.getByText('2 universidades')).toBeTruthy();
  });
});

const request = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  university_name: `U${id}`,
  university_full_name: `Universidad ${id}`,
  email_domain: `${id}.edu.ve`,
  city: 'Mérida',
  additional_info: null,
  status,
  admin_notes: null,
  requester_id: null,
  requester_name: 'Usuario anónimo',
  requester_email: 'No disponible',
  created_at: '2026-11-01T10:00:00.000Z',
  ...extra,
});

describe('Solicitudes de Universidad', () => {
  it("says 'No hay solicitudes pendientes' when there are none", async () => {
    fakeApi(() => ({ body: { items: [], nextCursor: null } }));
    renderApp('/admin/university-requests', ADMIN);
    expect(await screen.findByText('No hay solicitudes pendientes')).toBeTruthy();
  });

  it('approves a pending request with notes, then offers to create the university prefilled', async () => {
    const items = [request('ula', 'pending'), request('old', 'weird')];
    const api = fakeApi((req) => {
      if (req.url.pathname === '/api/admin/university-requests') return { body: { items, nextCursor: null } };
      if (req.url.pathname === '/api/admin/university-requests/ula/decision') {
        Object.assign(items[0], { status: 'approved', admin_notes: 'ok' });
        return {
          body: {
            request: items[0],
            university_draft: {
              id: 'ula',
              name: 'Uula',
              full_name: 'Universidad ula',
              email_domain: 'ula.edu.ve',
              city: 'Mérida',
              logo: null,
              request_id: 'ula',
            },
          },
        };
      }
      return { body: { items: [], nextCursor: null } };
    });
    renderApp('/admin/university-requests', ADMIN);
    expect(await screen.findByText('Desconocido')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ver detalles de Uula' }));
    const dialog = screen.getByRole('dialog', { name: 'Detalles de la solicitud' });
    fireEvent.change(within(dialog).getByLabelText('Notas del administrador'), { target: { value: 'ok' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByText('Solicitud aprobada correctamente')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ status: 'approved', admin_notes: 'ok' });
    fireEvent.click(await screen.findByRole('button', { name: 'Crear universidad' }));
    const form = screen.getByRole('dialog', { name: 'Nueva Universidad' });
    expect((within(form).getByLabelText('ID') as HTMLInputElement).value).toBe('ula');
    expect((within(form).getByLabelText('Dominio de correo') as HTMLInputElement).value).toBe('ula.edu.ve');
    expect((within(form).getByLabelText('Ciudad (opcional)') as HTMLInputElement).value).toBe('Mérida');
  });

  it("shows the server's refusal of a request that is no longer pending", async () => {
    fakeApi((req) =>
      req.method === 'POST'
        ? error(409, 'Solo se pueden aprobar o rechazar solicitudes pendientes.')
        : { body: { items: [request('ula', 'pending')], nextCursor: null } },
    );
    renderApp('/admin/university-requests', ADMIN);
    fireEvent.click(await screen.findByRole('button', { name: 'Ver detalles de Uula' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rechazar' }));
    const dialog = screen.getByRole('dialog', { name: 'Detalles de la solicitud' });
    await waitFor(() =>
      expect(within(dialog).getAllByRole('alert').map((a) => a.textContent)).toContain(
        'Solo se pueden aprobar o rechazar solicitudes pendientes.',
      ),
    );
    // The toast shows inside the open dialog (the page behind a modal dialog is inert).
    expect(within(dialog).getByText('No se pudo actualizar la solicitud')).toBeTruthy();
  });
});
