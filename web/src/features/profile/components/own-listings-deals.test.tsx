// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEAL_MESSAGES, type InterestedPerson, type SellerDeal } from '#shared/deals';
import { resetSessionForTests } from '@/lib/session';
import { product } from '@/testing/fixtures';
import { type FakeRequest, fakeApi, renderApp, signedInSession } from '@/testing/render';

/**
 * The seller's side of a deal (issue 40) in 'Mis Productos': '¿A quién se lo vendiste?' with the
 * people who came for the listing, where the deal stands, and the handoff code typed at the meeting.
 * The fake API answers as the server does (its rules are tested in test/integration/deals.test.ts).
 */
const SESSION = signedInSession({ sub: 'seller', email: 'sara@gmail.com' });

type Own = ReturnType<typeof product> & { status: 'active' | 'reserved' | 'sold'; deal: SellerDeal | null };
const own = (
  id: number,
  title: string,
  status: Own['status'] = 'active',
  deal: SellerDeal | null = null,
): Own => ({
  ...product({ id, title, price: 10, created_at: '2026-01-05T12:00:00.000Z' }),
  status,
  deal,
});
const person = (user_id: string, name: string, verified = false): InterestedPerson => ({
  user_id,
  name,
  verified,
  contacted_at: '2026-01-06T12:00:00.000Z',
  asked_at: null,
  last_at: '2026-01-06T12:00:00.000Z',
});
const pending = (buyer_name: string): SellerDeal => ({
  buyer_id: 'b1',
  buyer_name,
  stage: 'to_confirm',
  answer_by: '2026-01-13T12:00:00.000Z',
  confirmed_at: null,
  code_tries_left: 5,
  can_review: false,
  review_until: null,
  reviewed: false,
});

function dealsApi(start: Own[], interested: Record<number, InterestedPerson[]>, code = '482913') {
  let items = [...start];
  const api = fakeApi((req: FakeRequest) => {
    const path = req.url.pathname;
    if (path === '/api/me/profile')
      return {
        body: {
          user_id: 'seller',
          email: 'sara@gmail.com',
          full_name: 'Sara',
          university_email: null,
          university_email_verified: false,
          university_id: null,
          created_at: '2026-01-01T00:00:00.000Z',
        },
      };
    if (path === '/api/me/products') return { body: { items } };
    const who = /^\/api\/me\/products\/(\d+)\/interested$/.exec(path);
    if (who) return { body: { items: interested[Number(who[1])] ?? [] } };
    const mine = /^\/api\/me\/products\/(\d+)$/.exec(path);
    if (mine && req.method === 'PATCH') {
      const { status, buyer_id } = req.body as { status: Own['status']; buyer_id?: string | null };
      const buyer = (interested[Number(mine[1])] ?? []).find((p) => p.user_id === buyer_id);
      items = items.map((p) =>
        p.id === Number(mine[1])
          ? { ...p, status, deal: buyer ? { ...pending(buyer.name), buyer_id: buyer.user_id } : null }
          : p,
      );
      return { body: items.find((p) => p.id === Number(mine[1])) };
    }
    const review = /^\/api\/me\/deals\/(\d+)\/review$/.exec(path);
    if (review) {
      items = items.map((i) =>
        i.id === Number(review[1]) && i.deal
          ? { ...i, deal: { ...i.deal, can_review: false, reviewed: true } }
          : i,
      );
      return { status: 201, body: { product_id: Number(review[1]), side: 'seller', visible: true } };
    }
    const handoff = /^\/api\/me\/products\/(\d+)\/handoff$/.exec(path);
    if (handoff) {
      const p = items.find((i) => i.id === Number(handoff[1]));
      if (!p?.deal) return { status: 404, body: { error: { code: 'not_found', message: 'No encontrado' } } };
      if ((req.body as { code: string }).code !== code) {
        const left = p.deal.code_tries_left - 1;
        items = items.map((i) =>
          i === p && i.deal ? { ...i, deal: { ...i.deal, code_tries_left: left } } : i,
        );
        return {
          status: 400,
          body: { error: { code: 'bad_request', message: DEAL_MESSAGES.codeWrong(left) } },
        };
      }
      items = items.map((i) =>
        i === p && i.deal ? { ...i, status: 'sold', deal: { ...i.deal, stage: 'confirmed' } } : i,
      );
      return { body: items.find((i) => i.id === p.id) };
    }
    return { status: 404, body: { error: { code: 'not_found', message: 'No encontrado' } } };
  });
  return {
    patches: () => api.requests.filter((r) => r.method === 'PATCH').map((r) => r.body),
    handoffs: () => api.requests.filter((r) => r.url.pathname.endsWith('/handoff')).map((r) => r.body),
    reviews: () => api.requests.filter((r) => r.url.pathname.endsWith('/review')).map((r) => r.body),
  };
}

const row = (title: string) => screen.getByText(title).closest('li') as HTMLElement;
const openMenu = (title: string) =>
  fireEvent.click(within(row(title)).getByRole('button', { name: `Acciones de ${title}` }));

beforeEach(() => localStorage.setItem('selectedUniversity', 'ucab'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetSessionForTests();
  localStorage.clear();
});

describe('closing a sale in Mis Productos (issue 40)', () => {
  it("asks '¿A quién se lo vendiste?' with the people who came, and names the one chosen", async () => {
    const api = dealsApi([own(7, 'Calculadora')], {
      7: [person('b1', 'Carla Compradora', true), person('b2', 'Rita Rival')],
    });
    renderApp('/my-products', SESSION);
    await screen.findByRole('link', { name: 'Calculadora' });
    openMenu('Calculadora');
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como vendido' }));
    const dialog = await screen.findByRole('dialog', { name: '¿A quién se lo vendiste?' });
    expect(within(dialog).getByText('Correo institucional verificado', { exact: false })).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: 'Marcar como vendido' }) as HTMLButtonElement;
    // Nothing chosen yet: nothing to send.
    expect(submit.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: /Carla Compradora/ }));
    fireEvent.click(submit);
    expect(await screen.findByText('Producto marcado como vendido')).toBeTruthy();
    expect(api.patches()).toEqual([{ status: 'sold', buyer_id: 'b1' }]);
    await waitFor(() =>
      expect(
        within(row('Calculadora')).getByText('Vendido a Carla Compradora · Esperando su confirmación'),
      ).toBeTruthy(),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("sells to someone outside the app with 'A alguien fuera de Mercado Universitario'", async () => {
    const api = dealsApi([own(8, 'Lámpara')], { 8: [person('b1', 'Carla Compradora')] });
    renderApp('/my-products', SESSION);
    await screen.findByRole('link', { name: 'Lámpara' });
    openMenu('Lámpara');
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como vendido' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'A alguien fuera de Mercado Universitario' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como vendido' }));
    expect(await screen.findByText('Producto marcado como vendido')).toBeTruthy();
    expect(api.patches()).toEqual([{ status: 'sold', buyer_id: null }]);
  });

  it("reserves for one of them: '¿Para quién lo reservas?', then 'Reservado para …'", async () => {
    const api = dealsApi([own(9, 'Silla')], { 9: [person('b2', 'Rita Rival')] });
    renderApp('/my-products', SESSION);
    await screen.findByRole('link', { name: 'Silla' });
    openMenu('Silla');
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como reservado' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Para quién lo reservas?' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Rita Rival' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como reservado' }));
    expect(await screen.findByText('Producto marcado como reservado')).toBeTruthy();
    expect(api.patches()).toEqual([{ status: 'reserved', buyer_id: 'b2' }]);
  });

  it('confirms the handoff with the buyer’s code: a wrong one says the tries left, the right one confirms', async () => {
    const api = dealsApi([own(10, 'Bicicleta', 'sold', pending('Carla Compradora'))], {});
    renderApp('/my-products', SESSION);
    await screen.findByText('Bicicleta');
    expect(
      within(row('Bicicleta')).getByText('Vendido a Carla Compradora · Esperando su confirmación'),
    ).toBeTruthy();
    fireEvent.click(within(row('Bicicleta')).getByRole('button', { name: 'Confirmar entrega de Bicicleta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar entrega' });
    const input = within(dialog).getByLabelText('Código de entrega');
    // Too short: said at once, nothing sent (a try is not spent on a typo).
    fireEvent.change(input, { target: { value: '4829' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(DEAL_MESSAGES.codeFormat);
    expect(api.handoffs()).toEqual([]);
    fireEvent.change(input, { target: { value: '111111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await within(dialog).findByText(DEAL_MESSAGES.codeWrong(4))).toBeTruthy();
    fireEvent.change(input, { target: { value: '482913' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(DEAL_MESSAGES.confirmed)).toBeTruthy();
    await waitFor(() =>
      expect(
        within(row('Bicicleta')).getByText('Vendido a Carla Compradora · Entrega confirmada'),
      ).toBeTruthy(),
    );
    expect(within(row('Bicicleta')).queryByRole('button', { name: /Confirmar entrega/ })).toBeNull();
    expect(api.handoffs()).toEqual([{ code: '111111' }, { code: '482913' }]);
  });

  it("offers 'Calificar al comprador' on a confirmed deal and sends the seller's review", async () => {
    const confirmed: SellerDeal = {
      ...pending('Carla Compradora'),
      stage: 'confirmed',
      can_review: true,
      review_until: '2026-01-27T12:00:00.000Z',
    };
    const api = dealsApi([own(11, 'Escritorio', 'sold', confirmed)], {});
    renderApp('/my-products', SESSION);
    await screen.findByText('Escritorio');
    fireEvent.click(
      within(row('Escritorio')).getByRole('button', { name: 'Calificar al comprador de Escritorio' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Calificar al comprador' });
    fireEvent.click(within(dialog).getByRole('radio', { name: '5 estrellas' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publicar reseña' }));
    expect(await screen.findByText('Reseña publicada')).toBeTruthy();
    expect(api.reviews()).toEqual([{ stars: 5, text: null }]);
    await waitFor(() =>
      expect(within(row('Escritorio')).queryByRole('button', { name: /Calificar al comprador/ })).toBeNull(),
    );
  });
});
