// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicReview } from '#shared/reviews';
import { resetSessionForTests, SIGNED_OUT } from '@/lib/session';
import { seller } from '@/testing/fake-catalog';
import { type FakeRequest, fakeApi, renderApp, signedInSession } from '@/testing/render';

const review = (n: number, over: Partial<PublicReview> = {}): PublicReview => ({
  product_id: n,
  side: 'buyer',
  title: `Producto ${n}`,
  author_name: `Comprador ${n}`,
  author_verified: n % 2 === 0,
  stars: 4,
  text: `Reseña ${n}`,
  visible_at: `2026-11-${String(30 - n).padStart(2, '0')}T15:00:00.000Z`,
  reply_text: null,
  reply_at: null,
  ...over,
});

/** The seller page (/vendedor/seller-1) with its first page of reviews, as the API answers it. */
async function render(
  session = SIGNED_OUT,
  reviews = { items: [review(1), review(2)], next_cursor: 'c2' as string | null },
) {
  const api = fakeApi((req: FakeRequest) => {
    if (req.url.pathname === '/api/sellers/seller-1') return { body: seller({ reviews }) };
    if (req.url.pathname === '/api/sellers/seller-1/reviews')
      return { body: { items: [review(3, { text: null })], next_cursor: null } };
    if (/^\/api\/reviews\/\d+\/buyer\/report$/.test(req.url.pathname))
      return { status: 201, body: { reported: true } };
    const reply = /^\/api\/me\/deals\/(\d+)\/reviews\/buyer\/reply$/.exec(req.url.pathname);
    if (reply)
      return {
        body: { reply_text: (req.body as { text: string }).text, reply_at: '2026-12-01T10:00:00.000Z' },
      };
    return { status: 404, body: { error: { code: 'not_found', message: 'No encontrado' } } };
  });
  renderApp('/vendedor/seller-1', session);
  await screen.findByRole('heading', { name: 'Reseñas como vendedor' });
  return api;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetSessionForTests();
});

const reviewList = () =>
  within(screen.getByRole('region', { name: 'Reseñas como vendedor' })).getByRole('list');

describe("a seller's reviews (issue 40)", () => {
  it('lists them newest first with stars, author, verified badge and what they bought; more on demand', async () => {
    const api = await render();
    const items = within(reviewList()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByRole('img', { name: '4 de 5 estrellas' })).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText(/Comprador 1 ·.*Compró «Producto 1»/)).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText(/✓ Correo institucional verificado/)).toBeTruthy();
    // Visitors neither reply nor report.
    expect(screen.queryByRole('button', { name: 'Responder' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reportar reseña' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ver más reseñas' }));
    expect(await screen.findByText(/Comprador 3/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ver más reseñas' })).toBeNull();
    const more = api.requests.filter((r) => r.url.pathname.endsWith('/reviews'));
    expect(more.map((r) => r.url.search)).toEqual(['?cursor=c2']);
  });

  it('says how reviews are earned when there are none', async () => {
    await render(SIGNED_OUT, { items: [], next_cursor: null });
    expect(screen.getByText(/Todavía no tiene reseñas/)).toBeTruthy();
  });

  it('lets the seller reply once to a review, and shows the reply', async () => {
    const api = await render(signedInSession({ sub: 'seller-1', email: 'maria@gmail.com' }));
    const first = within(reviewList()).getAllByRole('listitem')[0] as HTMLElement;
    fireEvent.click(within(first).getByRole('button', { name: 'Responder' }));
    // Nothing to send: said, not sent.
    fireEvent.click(within(first).getByRole('button', { name: 'Publicar respuesta' }));
    expect(within(first).getByRole('alert').textContent).toBe('Escribe tu respuesta.');
    fireEvent.change(within(first).getByLabelText('Tu respuesta'), {
      target: { value: 'Gracias por tu compra' },
    });
    fireEvent.click(within(first).getByRole('button', { name: 'Publicar respuesta' }));
    expect(await within(first).findByText('Respuesta del vendedor:')).toBeTruthy();
    expect(within(first).getByText(/Gracias por tu compra/)).toBeTruthy();
    expect(within(first).queryByRole('button', { name: 'Responder' })).toBeNull();
    const replies = api.requests.filter((r) => r.url.pathname.endsWith('/reply'));
    expect(replies.map((r) => [r.url.pathname, r.body])).toEqual([
      ['/api/me/deals/1/reviews/buyer/reply', { text: 'Gracias por tu compra' }],
    ]);
  });

  it("lets a signed-in person report a review with a comment ('Reportar reseña'); a visitor sees no such button", async () => {
    const api = await render(signedInSession({ sub: 'u9', email: 'pepe@gmail.com' }));
    const first = within(reviewList()).getAllByRole('listitem')[0] as HTMLElement;
    fireEvent.click(within(first).getByRole('button', { name: 'Reportar reseña' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reportar reseña' }));
    fireEvent.change(dialog.getByLabelText('Comentario (opcional)'), { target: { value: 'No es verdad' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Enviar reporte' }));
    expect(await screen.findByText('Reseña reportada. Un administrador la revisará.')).toBeTruthy();
    const reports = api.requests.filter((r) => r.url.pathname.endsWith('/report'));
    expect(reports.map((r) => [r.url.pathname, r.body])).toEqual([
      ['/api/reviews/1/buyer/report', { comment: 'No es verdad' }],
    ]);
  });
});
