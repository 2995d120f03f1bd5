// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPORT_MESSAGES } from '#shared/report-messages';
import { SIGNED_OUT } from '@/lib/session';
import { product } from '@/testing/fixtures';
import { type FakeRequest, fakeApi, renderRoutes, signedInSession, withSession } from '@/testing/render';
import { ReportButton } from './report-button';

type Answer = { status?: number; body: unknown };

/** The API as the report button sees it: the own listings, the report state and the report itself. */
function reportApi(opts: { own?: number[]; reported?: boolean; post?: Answer } = {}) {
  return fakeApi((req: FakeRequest) => {
    const path = req.url.pathname;
    if (path === '/api/me/products')
      return { body: { items: (opts.own ?? []).map((id) => ({ ...product({ id }), status: 'active' })) } };
    if (path === '/api/products/42/report' && req.method === 'GET')
      return { body: { reported: opts.reported ?? false } };
    if (path === '/api/products/42/report' && req.method === 'POST')
      return opts.post ?? { status: 201, body: { reported: true } };
    return { status: 404, body: { error: { code: 'not_found', message: 'No encontrado' } } };
  });
}

const render = (session = signedInSession()) =>
  renderRoutes(
    withSession(session, [
      { path: '*', element: <ReportButton productId={42} productTitle="Calculadora Casio" /> },
    ]),
    '/product/42',
  );

const posts = (api: ReturnType<typeof reportApi>) => api.requests.filter((r) => r.method === 'POST');

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Reportar' }));
  return screen.findByRole('dialog', { name: 'Reportar producto' });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the report button', () => {
  it('sends a visitor to sign in and back, asking the API for nothing', async () => {
    const api = reportApi();
    const { router } = render(SIGNED_OUT);
    fireEvent.click(screen.getByRole('button', { name: 'Reportar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fproduct%2F42');
    expect(api.requests.filter((r) => r.url.pathname.includes('/report'))).toEqual([]);
  });

  it('is not there for the seller, who is not asked about reports either', async () => {
    const api = reportApi({ own: [42] });
    render();
    await waitFor(() => expect(api.requests.some((r) => r.url.pathname === '/api/me/products')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('button', { name: /Reportar|reportaste/ })).toBeNull();
    expect(api.requests.filter((r) => r.url.pathname.includes('/report'))).toEqual([]);
  });

  it("keeps its place while a signed-in person's own listings load (nothing below it moves), then stays for a buyer", async () => {
    let answerOwn: () => void = () => {};
    const own = new Promise<void>((resolve) => (answerOwn = resolve));
    fakeApi(async (req: FakeRequest) => {
      if (req.url.pathname === '/api/me/products') {
        await own;
        return { body: { items: [] } };
      }
      return { body: { reported: false } };
    });
    render();
    // The own listings are still loading: the viewer is not known yet, the button is there.
    expect(screen.getByRole('button', { name: 'Reportar' })).toBeTruthy();
    answerOwn();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reportar' })).toBeTruthy());
  });

  it('asks for a category, counts the comment, sends the report and then says it was reported', async () => {
    const api = reportApi();
    render();
    const dialog = await openDialog();
    // The seven categories, as a radio group; the first one has the focus.
    const options = within(dialog).getAllByRole('radio');
    expect(options.map((o) => o.closest('label')?.textContent)).toEqual([
      'Contenido prohibido',
      'Fraude o estafa',
      'Información engañosa',
      'Spam',
      'Acoso',
      'Contenido duplicado',
      'Precio abusivo',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(options[0]));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar reporte' }));
    expect(within(dialog).getByText(REPORT_MESSAGES.categoryRequired)).toBeTruthy();
    expect(posts(api)).toEqual([]);

    fireEvent.click(within(dialog).getByLabelText('Fraude o estafa'));
    const comment = within(dialog).getByLabelText('Comentarios adicionales (opcional)');
    expect(comment.getAttribute('maxlength')).toBe('500');
    fireEvent.change(comment, { target: { value: 'Pide el pago por adelantado' } });
    expect(within(dialog).getByText('27/500 caracteres')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar reporte' }));

    expect(await screen.findByText(REPORT_MESSAGES.sent)).toBeTruthy();
    expect(posts(api).map((r) => r.body)).toEqual([
      { report_category: 'fraude_estafa', additional_comments: 'Pide el pago por adelantado' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Ya reportaste este producto' })).toBeTruthy();
  });

  it('tells a user who reported already, without opening the form again', async () => {
    const api = reportApi({ reported: true });
    render();
    const done = await screen.findByRole('button', { name: 'Ya reportaste este producto' });
    expect(done.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(done);
    expect((await screen.findByRole('status')).textContent).toContain(REPORT_MESSAGES.alreadyReported);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(api)).toEqual([]);
  });

  it('shows a repeat refused by the server as information, not as an error', async () => {
    reportApi({
      post: {
        status: 409,
        body: { error: { code: 'already_reported', message: REPORT_MESSAGES.alreadyReported } },
      },
    });
    render();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByLabelText('Spam'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar reporte' }));
    const info = await screen.findByRole('status');
    expect(info.textContent).toContain(REPORT_MESSAGES.alreadyReported);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Ya reportaste este producto' })).toBeTruthy();
  });

  it("shows the spec's error and keeps the form when sending fails", async () => {
    reportApi({
      post: { status: 500, body: { error: { code: 'internal', message: 'Ocurrió un error inesperado' } } },
    });
    render();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByLabelText('Acoso'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar reporte' }));
    expect((await screen.findByRole('alert')).textContent).toContain(REPORT_MESSAGES.failed);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((within(dialog).getByLabelText('Acoso') as HTMLInputElement).checked).toBe(true);
  });

  it('keeps the focus inside while open and closes with Escape, giving the focus back', async () => {
    reportApi();
    render();
    const trigger = await screen.findByRole('button', { name: 'Reportar' });
    trigger.focus();
    const dialog = await openDialog();
    const submit = within(dialog).getByRole('button', { name: 'Enviar reporte' });
    const close = within(dialog).getByRole('button', { name: 'Cerrar' });
    // Keys go to the focused control, as in a browser.
    const press = (key: string, shiftKey = false) =>
      fireEvent.keyDown(document.activeElement as Element, { key, shiftKey });
    submit.focus();
    press('Tab');
    expect(document.activeElement).toBe(close);
    press('Tab', true);
    expect(document.activeElement).toBe(submit);
    press('Escape');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });
});
