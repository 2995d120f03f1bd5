// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BuyerDeal, DEAL_MESSAGES, type PurchaseEntry } from '#shared/deals';
import { REVIEW_MESSAGES } from '#shared/reviews';
import { resetSessionForTests } from '@/lib/session';
import { product } from '@/testing/fixtures';
import { fakeApi, renderApp, signedInSession } from '@/testing/render';

const entry = (id: number, title: string, over: Partial<PurchaseEntry> = {}): PurchaseEntry => ({
  product: product({ id, title }),
  state: 'available',
  contacted_at: '2026-12-06T10:00:00.000Z',
  asked_at: null,
  last_at: '2026-12-06T10:00:00.000Z',
  ...over,
});

const deal = (product_id: number, title: string, over: Partial<BuyerDeal> = {}): BuyerDeal => ({
  product_id,
  title,
  seller_name: 'Sara Vendedora',
  stage: 'to_confirm',
  answer_by: '2026-12-13T15:00:00.000Z',
  confirmed_at: null,
  code: '482913',
  can_review: false,
  review_until: null,
  reviewed: false,
  received_review: null,
  ...over,
});

/** /api/me/purchases, and the buyer's answers, with state (as the server answers them). */
function purchasesApi(items: PurchaseEntry[] | 'fail', start: BuyerDeal[] = []) {
  let deals = [...start];
  return fakeApi((req) => {
    if (req.url.pathname === '/api/me/purchases')
      return items === 'fail'
        ? { status: 500, body: { error: { code: 'Internal', message: 'Error' } } }
        : { body: { items, deals } };
    const review = /^\/api\/me\/deals\/(\d+)\/review$/.exec(req.url.pathname);
    if (review) {
      deals = deals.map((d) =>
        d.product_id === Number(review[1]) ? { ...d, can_review: false, reviewed: true } : d,
      );
      return { status: 201, body: { product_id: Number(review[1]), side: 'buyer', visible: false } };
    }
    const reply = /^\/api\/me\/deals\/(\d+)\/reviews\/seller\/reply$/.exec(req.url.pathname);
    if (reply) {
      const text = (req.body as { text: string }).text;
      deals = deals.map((d) =>
        d.product_id === Number(reply[1]) && d.received_review
          ? { ...d, received_review: { ...d.received_review, reply_text: text } }
          : d,
      );
      return { body: { reply_text: text, reply_at: '2026-12-07T10:00:00.000Z' } };
    }
    const answer = /^\/api\/me\/purchases\/(\d+)\/answer$/.exec(req.url.pathname);
    if (answer && req.method === 'POST') {
      const { received } = req.body as { received: boolean };
      deals = deals.map((d) =>
        d.product_id === Number(answer[1])
          ? { ...d, stage: received ? 'confirmed' : 'disputed', code: null }
          : d,
      );
      return { body: deals.find((d) => d.product_id === Number(answer[1])) };
    }
    return { status: 404, body: { error: { code: 'NotFound', message: 'No encontrado' } } };
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetSessionForTests();
});

describe("'Mis Compras'", () => {
  it('lists what the person came for, each card with where it stands and how they came', async () => {
    const api = purchasesApi([
      entry(3, 'Bicicleta', { contacted_at: null, asked_at: '2026-12-06T11:00:00.000Z' }),
      entry(2, 'Lámpara', { state: 'reserved', asked_at: '2026-12-06T09:00:00.000Z' }),
      entry(1, 'Escritorio', { state: 'sold' }),
    ]);
    renderApp('/my-purchases', signedInSession());
    expect(await screen.findByRole('heading', { name: 'Mis Compras' })).toBeTruthy();
    const cards = await screen.findAllByRole('link', { name: /Bicicleta|Lámpara|Escritorio/ });
    expect(cards.map((a) => a.getAttribute('href'))).toEqual(['/product/3', '/product/2', '/product/1']);
    // Each card's state and how the person came, beside it (the card's list item).
    const itemOf = (title: string) => {
      const item = screen.getByRole('link', { name: new RegExp(title) }).closest('li');
      if (!item) throw new Error(`${title} is not in a list item`);
      return within(item);
    };
    expect(itemOf('Bicicleta').getByText('Disponible')).toBeTruthy();
    expect(itemOf('Bicicleta').getByText('Le preguntaste al vendedor')).toBeTruthy();
    expect(itemOf('Lámpara').getByText('Reservado')).toBeTruthy();
    expect(itemOf('Lámpara').getByText('Contactaste al vendedor y le preguntaste')).toBeTruthy();
    expect(itemOf('Escritorio').getByText('Vendido')).toBeTruthy();
    expect(itemOf('Escritorio').getByText('Contactaste al vendedor')).toBeTruthy();
    expect(screen.queryByText('Próximamente')).toBeNull();
    expect(api.requests.map((r) => r.url.pathname)).toContain('/api/me/purchases');
  });

  it('says what will appear here when the person has come for nothing yet', async () => {
    purchasesApi([]);
    renderApp('/my-purchases', signedInSession());
    expect(await screen.findByText(/Aquí verás los productos por los que contactaste/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explorar productos' }).getAttribute('href')).toBe('/');
  });

  it('says the list could not load, in Spanish, when the API fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    purchasesApi('fail');
    renderApp('/my-purchases', signedInSession());
    expect(
      await screen.findByText('No se pudieron cargar tus compras. Inténtalo de nuevo más tarde.'),
    ).toBeTruthy();
  });

  it('sends a signed-out visitor to sign in, to come back here', async () => {
    const api = purchasesApi([]);
    const { router } = renderApp('/my-purchases', { status: 'signed-out' } as never);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toContain('next=%2Fmy-purchases');
    expect(api.requests.some((r) => r.url.pathname === '/api/me/purchases')).toBe(false);
  });

  it("asks '¿Recibiste «…»?' for a sale to the person, shows the handoff code, and takes the answer", async () => {
    const api = purchasesApi(
      [entry(5, 'Calculadora', { state: 'sold_to_you' }), entry(6, 'Silla', { state: 'reserved_for_you' })],
      [deal(5, 'Calculadora'), deal(6, 'Silla', { stage: 'reserved', answer_by: null, code: '105577' })],
    );
    renderApp('/my-purchases', signedInSession());
    const section = within(await screen.findByRole('region', { name: 'Por confirmar' }));
    expect(section.getByText('¿Recibiste «Calculadora»?')).toBeTruthy();
    // Only the sale waits for an answer; a reservation shows its code on its card.
    expect(section.queryByText('¿Recibiste «Silla»?')).toBeNull();
    const silla = screen.getByRole('link', { name: /Silla/ }).closest('li') as HTMLElement;
    expect(within(silla).getByText('Reservado para ti')).toBeTruthy();
    expect(within(silla).getByText('105577')).toBeTruthy();
    expect(section.getByText('482913')).toBeTruthy();

    fireEvent.click(section.getByRole('button', { name: 'Sí, lo recibí' }));
    expect(await screen.findByText(DEAL_MESSAGES.received)).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Por confirmar' })).toBeNull());
    const answers = api.requests.filter((r) => r.url.pathname.endsWith('/answer'));
    expect(answers.map((r) => [r.url.pathname, r.body])).toEqual([
      ['/api/me/purchases/5/answer', { received: true }],
    ]);
    // Confirmed: the code is no longer shown.
    expect(screen.queryByText('482913')).toBeNull();
  });

  it("asks again before 'No lo recibí', which closes the reviews", async () => {
    const api = purchasesApi([entry(5, 'Calculadora', { state: 'sold_to_you' })], [deal(5, 'Calculadora')]);
    renderApp('/my-purchases', signedInSession());
    const section = within(await screen.findByRole('region', { name: 'Por confirmar' }));
    fireEvent.click(section.getByRole('button', { name: 'No lo recibí' }));
    const dialog = within(await screen.findByRole('dialog', { name: '¿No recibiste «Calculadora»?' }));
    expect(dialog.getByText(/ninguno de los dos podrá dejar una reseña/)).toBeTruthy();
    // Cancel first: nothing is sent.
    fireEvent.click(dialog.getByRole('button', { name: 'Cancelar' }));
    expect(api.requests.some((r) => r.url.pathname.endsWith('/answer'))).toBe(false);
    fireEvent.click(section.getByRole('button', { name: 'No lo recibí' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No lo recibí' }));
    expect(await screen.findByText(DEAL_MESSAGES.notReceived)).toBeTruthy();
    const answers = api.requests.filter((r) => r.url.pathname.endsWith('/answer'));
    expect(answers.map((r) => r.body)).toEqual([{ received: false }]);
  });

  it("asks for a review of a confirmed deal: stars first, then 'Publicar reseña'; says it stays hidden until both wrote", async () => {
    const api = purchasesApi(
      [entry(5, 'Calculadora', { state: 'sold_to_you' })],
      [
        deal(5, 'Calculadora', {
          stage: 'confirmed',
          code: null,
          can_review: true,
          review_until: '2026-12-20T15:00:00.000Z',
        }),
      ],
    );
    renderApp('/my-purchases', signedInSession());
    const section = within(await screen.findByRole('region', { name: 'Reseñas por escribir' }));
    expect(section.getByText('Puedes dejarla hasta el 20 de diciembre.')).toBeTruthy();
    // No stars yet: said, nothing sent.
    fireEvent.click(section.getByRole('button', { name: 'Publicar reseña' }));
    expect(section.getByRole('alert').textContent).toBe(REVIEW_MESSAGES.starsRequired);
    fireEvent.click(section.getByRole('radio', { name: '4 estrellas' }));
    fireEvent.change(section.getByLabelText('Tu reseña (opcional)'), { target: { value: 'Muy puntual.' } });
    fireEvent.click(section.getByRole('button', { name: 'Publicar reseña' }));
    expect(await screen.findByText(REVIEW_MESSAGES.postedHidden)).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Reseñas por escribir' })).toBeNull());
    const posts = api.requests.filter((r) => r.url.pathname.endsWith('/review'));
    expect(posts.map((r) => r.body)).toEqual([{ stars: 4, text: 'Muy puntual.' }]);
  });

  it("shows the seller's review of the person, to them only, and takes their one reply", async () => {
    const api = purchasesApi(
      [entry(5, 'Calculadora', { state: 'sold_to_you' })],
      [
        deal(5, 'Calculadora', {
          stage: 'confirmed',
          code: null,
          reviewed: true,
          received_review: { stars: 5, text: 'Compradora puntual', reply_text: null },
        }),
      ],
    );
    renderApp('/my-purchases', signedInSession());
    const section = within(await screen.findByRole('region', { name: 'Reseñas que recibiste' }));
    expect(section.getByRole('img', { name: '5 de 5 estrellas' })).toBeTruthy();
    expect(section.getByText('Compradora puntual')).toBeTruthy();
    fireEvent.change(section.getByLabelText('Tu respuesta'), { target: { value: '¡Gracias!' } });
    fireEvent.click(section.getByRole('button', { name: 'Publicar respuesta' }));
    expect(await screen.findByText(REVIEW_MESSAGES.replyPosted)).toBeTruthy();
    expect(await section.findByText('¡Gracias!')).toBeTruthy();
    expect(api.requests.filter((r) => r.url.pathname.endsWith('/reply')).map((r) => r.body)).toEqual([
      { text: '¡Gracias!' },
    ]);
  });
});
