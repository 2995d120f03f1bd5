// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductDetail } from '#shared/schemas';
import { SIGNED_OUT } from '@/lib/session';
import { product } from '@/testing/fixtures';
import { type FakeRequest, fakeApi, renderRoutes, signedInSession, withSession } from '@/testing/render';
import { ContactButton, contactMessage, contactUrls } from './contact-button';

const listing: ProductDetail = {
  ...product({ id: 42, title: 'Calculadora Casio', price: 25 }),
  description: null,
  images: [],
  tags: [],
  seller_name: 'María',
  status: 'active',
};

function contactApi(number: string | null, ownIds: number[] = []) {
  return fakeApi((req: FakeRequest) => {
    if (req.url.pathname === '/api/products/42/contact')
      return { body: { whatsapp_number: number, seller_name: 'María' } };
    if (req.url.pathname === '/api/universities/ucab/meeting-points')
      return {
        body: {
          items: [
            {
              id: 'p1',
              university_id: 'ucab',
              name: 'Entrada de la Biblioteca Central',
              description: 'Frente a los torniquetes',
              hours: '7:00 a 18:00',
              created_at: '2026-01-01T00:00:00.000Z',
            },
          ],
        },
      };
    if (req.url.pathname === '/api/me/products')
      return { body: { items: ownIds.map((id) => ({ ...product({ id }), status: 'active' })) } };
    return { status: 404, body: { error: { code: 'not_found', message: 'No encontrado' } } };
  });
}

const render = (session = signedInSession()) =>
  renderRoutes(
    withSession(session, [{ path: '*', element: <ContactButton product={listing} /> }]),
    '/product/42',
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('contact by WhatsApp', () => {
  it('builds the spec message and the app and web links', () => {
    const text = contactMessage('Calculadora Casio', 25);
    expect(text).toBe('Hola! Me interesa tu producto: Calculadora Casio por $25. ¿Está disponible?');
    expect(contactMessage('Calculadora Casio', 25, null)).toBe(text);
    expect(contactMessage('Calculadora Casio', 25, 'la entrada de la biblioteca')).toBe(
      'Hola! Me interesa tu producto: Calculadora Casio por $25. ¿Está disponible? Podríamos vernos en la entrada de la biblioteca.',
    );
    expect(contactUrls('+58 414-1234567', text)).toEqual({
      app: `whatsapp://send?phone=584141234567&text=${encodeURIComponent(text)}`,
      web: `https://wa.me/584141234567?text=${encodeURIComponent(text)}`,
    });
  });

  it('asks a visitor to sign in, and asks the API for nothing', async () => {
    const api = contactApi('584141234567');
    const { router } = render(SIGNED_OUT);
    // A link that works before the app runs; a tap made then is kept for the app (it knows the session).
    const link = screen.getByRole('link', { name: 'Contactar por WhatsApp' });
    expect(link.getAttribute('href')).toBe('/login?next=%2Fproduct%2F42');
    expect(link.hasAttribute('data-needs-app')).toBe(true);
    fireEvent.click(link);
    expect(await screen.findByText('Debes iniciar sesión para contactar al vendedor')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fproduct%2F42');
    expect(api.requests.filter((r) => r.url.pathname.endsWith('/contact'))).toEqual([]);
  });

  it('opens WhatsApp Web in a new tab on a computer, with the prefilled message', async () => {
    contactApi('584141234567');
    const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Contactar por WhatsApp' }));
    // The tips first; nothing opens until the buyer goes on.
    expect(await screen.findByRole('heading', { name: 'Verifica el pago en tu banco' })).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Abrir WhatsApp' }));
    await waitFor(() => expect(tab.location.href).toContain('https://wa.me/584141234567?text='));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.opener).toBeNull();
    // Without a point chosen, the spec's message exactly.
    expect(decodeURIComponent(tab.location.href.split('text=')[1])).toBe(
      'Hola! Me interesa tu producto: Calculadora Casio por $25. ¿Está disponible?',
    );
  });

  it('puts the chosen meeting point into the message', async () => {
    contactApi('584141234567');
    const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Contactar por WhatsApp' }));
    const select = await screen.findByLabelText('Punto de encuentro (opcional)');
    await screen.findByRole('option', { name: 'Entrada de la Biblioteca Central' });
    fireEvent.change(select, { target: { value: 'p1' } });
    expect(await screen.findByText('Frente a los torniquetes · Horario: 7:00 a 18:00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Abrir WhatsApp' }));
    await waitFor(() => expect(tab.location.href).toContain('https://wa.me/584141234567?text='));
    expect(tab.location.href).toContain(
      encodeURIComponent('Podríamos vernos en Entrada de la Biblioteca Central.'),
    );
  });

  it('says so when the seller gave no number', async () => {
    contactApi(null);
    const tab = { opener: null, location: { href: 'about:blank' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Contactar por WhatsApp' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir WhatsApp' }));
    expect(await screen.findByText('El vendedor no ha proporcionado un número de WhatsApp')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
  });

  it('shows the seller a way to manage the listing instead of contacting themselves', async () => {
    contactApi('584141234567', [42]);
    render();
    expect(await screen.findByRole('link', { name: 'Administrar mis productos' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Contactar por WhatsApp' })).toBeNull();
  });
});
