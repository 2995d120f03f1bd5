// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '#shared/account-schemas';
import { resetSessionForTests, type Session, SIGNED_OUT } from '@/lib/session';
import { product, universities } from '@/testing/fixtures';
import { type FakeRequest, fakeApi, renderApp, signedInSession } from '@/testing/render';
import { STATUS_POLL_MS } from '../components/institutional-email-card';

const SESSION = signedInSession({ sub: 'u1', email: 'ana@gmail.com' });

const blankProfile = (): Profile => ({
  user_id: 'u1',
  email: 'ana@gmail.com',
  full_name: 'Ana Pérez',
  university_email: null,
  university_email_verified: false,
  university_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
});

const RIGHT_CODE = '123456';

type OwnItem = ReturnType<typeof product> & { status: 'active' | 'sold' | 'inactive' };
const ownItem = (id: number, title: string, status: OwnItem['status'] = 'active'): OwnItem => ({
  ...product({ id, title, price: 12.5, created_at: '2026-03-05T12:00:00.000Z' }),
  status,
});
const error = (status: number, message: string) => ({
  status,
  body: { error: { code: 'BadRequest', message } },
});

/**
 * An in-test accounts API with state: the profile, one outstanding institutional code, and the
 * verification status another device may complete (`verifyElsewhere`).
 */
function accountsApi(start: Profile = blankProfile(), listings: OwnItem[] = []) {
  let profile = { ...start };
  let own = [...listings];
  let pending: { email: string; university_id: string } | null = null;
  const api = fakeApi((req: FakeRequest) => {
    const path = req.url.pathname;
    if (path === '/api/universities') return { body: { items: universities } };
    const one = /^\/api\/universities\/(\w+)$/.exec(path);
    if (one) return { body: universities.find((u) => u.id === one[1]) };
    if (path === '/api/me/profile' && req.method === 'GET') return { body: profile };
    if (path === '/api/me/products') return { body: { items: own } };
    // Nobody came for these listings: selling or reserving asks whom for nothing (issue 40).
    if (/^\/api\/me\/products\/\d+\/interested$/.test(path)) return { body: { items: [] } };
    const mine = /^\/api\/me\/products\/(\d+)$/.exec(path);
    if (mine && req.method === 'PATCH') {
      const { status } = req.body as { status: OwnItem['status'] };
      own = own.map((p) => (p.id === Number(mine[1]) ? { ...p, status } : p));
      return { body: own.find((p) => p.id === Number(mine[1])) };
    }
    if (mine && req.method === 'DELETE') {
      own = own.filter((p) => p.id !== Number(mine[1]));
      return { body: { id: Number(mine[1]), deleted: true } };
    }
    if (path === '/api/me/profile' && req.method === 'PATCH') {
      profile = { ...profile, ...(req.body as { full_name: string }) };
      return { body: profile };
    }
    if (path === '/api/me/institutional-email' && req.method === 'POST') {
      pending = req.body as { email: string; university_id: string };
      return { status: 202, body: { ok: true } };
    }
    if (path === '/api/me/institutional-email' && req.method === 'GET') {
      const { university_email, university_email_verified, university_id } = profile;
      return { body: { university_email, university_email_verified, university_id } };
    }
    if (path === '/api/me/sign-out-everywhere' && req.method === 'POST') return { body: { ok: true } };
    if (path === '/api/me/institutional-email/verify') {
      const { code } = req.body as { code: string };
      if (!pending || code !== RIGHT_CODE) return error(400, 'Código de verificación inválido');
      profile = {
        ...profile,
        university_email: pending.email,
        university_email_verified: true,
        university_id: pending.university_id,
      };
      pending = null;
      return { body: profile };
    }
    return error(404, 'No encontrado');
  });
  return {
    ...api,
    verifyElsewhere() {
      if (!pending) throw new Error('no code was requested');
      profile = {
        ...profile,
        university_email: pending.email,
        university_email_verified: true,
        university_id: pending.university_id,
      };
    },
    calls: (method: string, path: string) =>
      api.requests.filter((r) => r.method === method && r.url.pathname === path),
  };
}

const render = (session: Session, url: string) => renderApp(url, session);
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const pasteCode = (code: string) =>
  fireEvent.paste(screen.getByLabelText('Dígito 1'), { clipboardData: { getData: () => code } });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem('selectedUniversity', 'ucab');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetSessionForTests();
});

describe('/profile', () => {
  it('sends a visitor to /login, which will bring them back', async () => {
    accountsApi();
    const { router } = render(SIGNED_OUT, '/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fprofile');
  });

  it('sends a signed-in user without a chosen university to /select-university', async () => {
    localStorage.clear();
    accountsApi();
    const { router } = render(SESSION, '/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-university'));
  });

  it('shows the e-mail initial, the e-mail, the university and the header buttons', async () => {
    accountsApi();
    render(SESSION, '/profile');
    expect(await screen.findByRole('heading', { name: 'ana@gmail.com' })).toBeTruthy();
    expect(document.querySelector('.profile-header__avatar')?.textContent).toBe('A');
    expect(await screen.findByText('Universidad Católica Andrés Bello')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Favoritos' }).getAttribute('href')).toBe('/favoritos');
    expect(screen.getByRole('link', { name: 'Cambiar Universidad' }).getAttribute('href')).toBe(
      '/select-university',
    );
  });

  it("opens on 'Mis Publicaciones' with the way to publish, and the tabs switch with the keyboard", async () => {
    accountsApi();
    const { router } = render(SESSION, '/profile');
    const listings = await screen.findByRole('tab', { name: 'Mis Publicaciones' });
    expect(listings.getAttribute('aria-selected')).toBe('true');
    const panel = within(screen.getByRole('tabpanel'));
    expect(await panel.findByText('Aún no has publicado productos.')).toBeTruthy();
    expect(panel.getByRole('link', { name: 'Publicar Producto' }).getAttribute('href')).toBe('/new-product');
    fireEvent.keyDown(listings, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Correo Institucional' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(router.state.location.search).toBe('?tab=correo');
    expect(await screen.findByLabelText('Correo institucional')).toBeTruthy();
  });

  it('checks the institutional fields before sending anything', async () => {
    const api = accountsApi();
    render(SESSION, '/profile?tab=correo');
    await screen.findByLabelText('Correo institucional');
    await screen.findByRole('option', { name: 'Universidad Santa María' });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('Por favor completa todos los campos')).toBeTruthy();
    type('Correo institucional', 'ana@gmail.com');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('El correo debe ser del dominio est.ucab.edu.ve')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Universidad'), { target: { value: 'usm' } });
    type('Correo institucional', 'ana@est.ucab.edu.ve');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('El correo debe ser del dominio est.usm.edu.ve')).toBeTruthy();
    expect(api.calls('POST', '/api/me/institutional-email')).toEqual([]);
  });

  it("verifies an institutional address with the e-mailed code and shows 'Verificado'", async () => {
    const api = accountsApi();
    render(SESSION, '/profile?tab=correo');
    await screen.findByLabelText('Correo institucional');
    type('Correo institucional', ' Ana@Est.UCAB.edu.ve ');
    await screen.findByRole('option', { name: 'Universidad Católica Andrés Bello' });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(
      await screen.findByText('Código de verificación enviado a tu correo institucional...'),
    ).toBeTruthy();
    expect(api.calls('POST', '/api/me/institutional-email')[0]?.body).toEqual({
      university_id: 'ucab',
      email: 'ana@est.ucab.edu.ve',
    });

    pasteCode('654321');
    expect(await screen.findByText('Código inválido')).toBeTruthy();
    expect(await screen.findByText('Código de verificación inválido')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Dígito 1') as HTMLInputElement).value).toBe(''));

    pasteCode(RIGHT_CODE);
    expect(await screen.findByText('¡Correo institucional verificado correctamente!')).toBeTruthy();
    expect(await screen.findByText('Verificado')).toBeTruthy();
    expect(screen.getByText('ana@est.ucab.edu.ve')).toBeTruthy();
    expect(screen.queryByLabelText('Correo institucional')).toBeNull();
  });

  it('says why an institutional e-mail is no longer verified when its university was deleted', async () => {
    accountsApi({
      ...blankProfile(),
      university_email: 'ana@est.vieja.edu.ve',
      university_email_ended: {
        reason: 'university_deleted',
        university_name: 'Universidad Vieja',
        at: '2026-05-01T10:00:00.000Z',
      },
    });
    render(SESSION, '/profile?tab=correo');
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe(
      'Tu universidad fue eliminada de Mercado Universitario; tu correo institucional ya no está verificado. (ana@est.vieja.edu.ve, Universidad Vieja)',
    );
    // The way to verify an address again is there.
    expect(screen.getByLabelText('Correo institucional')).toBeTruthy();
    expect(screen.queryByText('Verificado')).toBeNull();
  });

  it('notices, within 5 seconds, a code entered on another device', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = accountsApi();
    render(SESSION, '/profile?tab=correo');
    await screen.findByLabelText('Correo institucional');
    type('Correo institucional', 'ana@est.ucab.edu.ve');
    await screen.findByRole('option', { name: 'Universidad Católica Andrés Bello' });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    await screen.findByLabelText('Dígito 1');
    const checksBefore = api.calls('GET', '/api/me/institutional-email').length;

    api.verifyElsewhere();
    await act(() => vi.advanceTimersByTimeAsync(STATUS_POLL_MS));
    expect(await screen.findByText('Verificado')).toBeTruthy();
    expect(api.calls('GET', '/api/me/institutional-email').length).toBeGreaterThan(checksBefore);

    // Verified: the checks stop.
    const checksAfter = api.calls('GET', '/api/me/institutional-email').length;
    await act(() => vi.advanceTimersByTimeAsync(STATUS_POLL_MS * 3));
    expect(api.calls('GET', '/api/me/institutional-email').length).toBe(checksAfter);
  });

  it('keeps the code step across a reload of the tab, and lets the person use another address', async () => {
    accountsApi();
    render(SESSION, '/profile?tab=correo');
    await screen.findByLabelText('Correo institucional');
    type('Correo institucional', 'ana@est.ucab.edu.ve');
    await screen.findByRole('option', { name: 'Universidad Católica Andrés Bello' });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    await screen.findByLabelText('Dígito 1');
    cleanup();

    render(SESSION, '/profile?tab=correo');
    expect(await screen.findByLabelText('Dígito 1')).toBeTruthy();
    expect(screen.getByText('ana@est.ucab.edu.ve')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Usar otro correo' }));
    expect(await screen.findByLabelText('Correo institucional')).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
  });

  it('shows a verified address read-only and never polls', async () => {
    const api = accountsApi({
      ...blankProfile(),
      university_email: 'ana@est.usm.edu.ve',
      university_email_verified: true,
      university_id: 'usm',
    });
    render(SESSION, '/profile?tab=correo');
    expect(await screen.findByText('Verificado')).toBeTruthy();
    expect(screen.getByText('ana@est.usm.edu.ve')).toBeTruthy();
    expect(await screen.findByText('Universidad Santa María')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar código' })).toBeNull();
    expect(api.calls('GET', '/api/me/institutional-email')).toEqual([]);
  });
});

describe('/settings', () => {
  it('saves the full name with the spec toasts, after checking it', async () => {
    const api = accountsApi();
    render(SESSION, '/settings');
    const name = (await screen.findByLabelText('Nombre completo')) as HTMLInputElement;
    expect(name.value).toBe('Ana Pérez');
    type('Nombre completo', ' A ');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('El nombre es requerido')).toBeTruthy();
    expect(api.calls('PATCH', '/api/me/profile')).toEqual([]);

    type('Nombre completo', '  Ana María Pérez ');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Configuración guardada correctamente')).toBeTruthy();
    expect(api.calls('PATCH', '/api/me/profile')[0]?.body).toEqual({ full_name: 'Ana María Pérez' });
    expect(name.value).toBe('Ana María Pérez');
  });

  it("says 'Error al guardar la configuración' when the save fails", async () => {
    fakeApi((req) =>
      req.method === 'PATCH' ? error(500, 'Ocurrió un error inesperado') : { body: blankProfile() },
    );
    render(SESSION, '/settings');
    await screen.findByDisplayValue('Ana Pérez');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Error al guardar la configuración')).toBeTruthy();
  });

  it('signs out everywhere: the server revokes every session first, then this device signs out', async () => {
    const api = accountsApi();
    const signOut = vi.fn(async () => undefined);
    const { router } = render(signedInSession({ sub: 'u1', email: 'ana@gmail.com' }, signOut), '/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(api.calls('POST', '/api/me/sign-out-everywhere')).toHaveLength(1);
    expect(await screen.findByText('Sesión cerrada correctamente')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('stays signed in and says so when the server cannot sign out the other devices', async () => {
    fakeApi((req) =>
      req.url.pathname === '/api/me/sign-out-everywhere'
        ? error(500, 'Ocurrió un error inesperado')
        : { body: blankProfile() },
    );
    const signOut = vi.fn(async () => undefined);
    render(signedInSession({ sub: 'u1', email: 'ana@gmail.com' }, signOut), '/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }));
    expect(await screen.findByText('Error al cerrar sesión')).toBeTruthy();
    expect(signOut).not.toHaveBeenCalled();
  });

  it('signs out this device only with Cerrar Sesión', async () => {
    const api = accountsApi();
    const signOut = vi.fn(async () => undefined);
    render(signedInSession({ sub: 'u1', email: 'ana@gmail.com' }, signOut), '/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar Sesión' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(api.calls('POST', '/api/me/sign-out-everywhere')).toEqual([]);
  });
});

describe('/verify-email', () => {
  it('goes home without the e-mail parameter', async () => {
    accountsApi();
    const { router } = render(SESSION, '/verify-email');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('confirms a right code, then goes on to /new-product after 1.5 s', async () => {
    const api = accountsApi();
    const { router } = render(SESSION, '/verify-email?email=ana%40est.ucab.edu.ve');
    // Resend knows the university from the address's domain.
    fireEvent.click(await screen.findByRole('button', { name: 'Reenviar código' }));
    await waitFor(() =>
      expect(api.calls('POST', '/api/me/institutional-email')[0]?.body).toEqual({
        university_id: 'ucab',
        email: 'ana@est.ucab.edu.ve',
      }),
    );
    pasteCode(RIGHT_CODE);
    expect(await screen.findByRole('heading', { name: 'Verificación exitosa' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/verify-email');
    await waitFor(() => expect(router.state.location.pathname).toBe('/new-product'), { timeout: 3000 });
  });
});

describe('own listings', () => {
  it("shows each listing's first photo as a thumbnail, from the small sizes when the server derived them", async () => {
    const photo = '/images/products/2/1.jpg';
    accountsApi(blankProfile(), [
      {
        ...ownItem(2, 'Guitarra'),
        image: photo,
        image_variants: { [photo]: { width: 1600, height: 1200, widths: [320, 640, 1280] } },
      },
      ownItem(1, 'Calculadora', 'sold'),
    ]);
    render(SESSION, '/my-products');
    const guitar = (await screen.findByRole('link', { name: 'Guitarra' })).closest('li') as HTMLElement;
    const thumb = guitar.querySelector('img') as HTMLImageElement;
    expect(thumb.getAttribute('src')).toBe(photo);
    expect(thumb.getAttribute('srcset')).toBe(
      '/images/products/2/1.w320.webp 320w, /images/products/2/1.w640.webp 640w, /images/products/2/1.w1280.webp 1280w, /images/products/2/1.jpg 1600w',
    );
    expect(thumb.getAttribute('sizes')).toBe('64px');
    // Decorative: the title beside it names the product.
    expect(thumb.getAttribute('alt')).toBe('');
    // A listing without a photo shows a plain tile and asks for no picture.
    const calc = screen.getByText('Calculadora').closest('li') as HTMLElement;
    expect(calc.querySelector('img')).toBeNull();
    expect(calc.querySelector('.own-listing__thumb--empty')).not.toBeNull();
  });

  it("lists the seller's products with their status, marks one sold and deletes another after confirming", async () => {
    const api = accountsApi(blankProfile(), [ownItem(2, 'Guitarra'), ownItem(1, 'Calculadora', 'sold')]);
    render(SESSION, '/my-products');
    expect(await screen.findByRole('heading', { name: 'Mis Productos' })).toBeTruthy();
    const guitar = (await screen.findByRole('link', { name: 'Guitarra' })).closest('li') as HTMLElement;
    expect(within(guitar).getByText('Activo')).toBeTruthy();
    expect(within(guitar).getByText(/US\$ 12,50/)).toBeTruthy();
    const calc = screen.getByText('Calculadora').closest('li') as HTMLElement;
    expect(within(calc).getByText('Vendido')).toBeTruthy();

    // A sold product offers no 'Marcar como vendido'.
    fireEvent.click(within(calc).getByRole('button', { name: 'Acciones de Calculadora' }));
    expect(screen.queryByRole('button', { name: 'Marcar como vendido' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });

    fireEvent.click(within(guitar).getByRole('button', { name: 'Acciones de Guitarra' }));
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como vendido' }));
    expect(await screen.findByText('Producto marcado como vendido')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(screen.getByText('Guitarra').closest('li') as HTMLElement).getByText('Vendido'),
      ).toBeTruthy(),
    );
    expect(api.calls('PATCH', '/api/me/products/2')[0]?.body).toEqual({ status: 'sold', buyer_id: null });

    fireEvent.click(screen.getByRole('button', { name: 'Acciones de Calculadora' }));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(/Esta acción no se puede deshacer/)).toBeTruthy();
    // Cancel first: nothing is deleted.
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(api.calls('DELETE', '/api/me/products/1')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Acciones de Calculadora' }));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Producto eliminado correctamente')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Calculadora')).toBeNull());
  });

  it("reserves a listing and makes it available again: 'Reservado' badge, still linked, still sellable", async () => {
    const api = accountsApi(blankProfile(), [ownItem(4, 'Silla')]);
    render(SESSION, '/my-products');
    const row = () => screen.getByText('Silla').closest('li') as HTMLElement;
    await screen.findByRole('link', { name: 'Silla' });
    fireEvent.click(within(row()).getByRole('button', { name: 'Acciones de Silla' }));
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como reservado' }));
    expect(await screen.findByText('Producto marcado como reservado')).toBeTruthy();
    await waitFor(() => expect(within(row()).getByText('Reservado')).toBeTruthy());
    expect(api.calls('PATCH', '/api/me/products/4')[0]?.body).toEqual({ status: 'reserved', buyer_id: null });
    // A reserved listing stays on offer: its page link, 'Marcar como vendido', and the way back.
    expect(within(row()).getByRole('link', { name: 'Silla' })).toBeTruthy();
    fireEvent.click(within(row()).getByRole('button', { name: 'Acciones de Silla' }));
    expect(screen.getByRole('button', { name: 'Marcar como vendido' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como disponible' }));
    expect(await screen.findByText('Producto disponible de nuevo')).toBeTruthy();
    await waitFor(() => expect(within(row()).getByText('Activo')).toBeTruthy());
    expect(api.calls('PATCH', '/api/me/products/4')[1]?.body).toEqual({ status: 'active' });
  });

  it("marks a product held for review by reports 'En revisión', without a link or 'Marcar como vendido'", async () => {
    accountsApi(blankProfile(), [
      { ...ownItem(3, 'Bicicleta'), held_at: '2026-03-06T12:00:00.000Z' } as OwnItem,
    ]);
    render(SESSION, '/my-products');
    const bike = (await screen.findByText('Bicicleta')).closest('li') as HTMLElement;
    expect(within(bike).getByText('En revisión')).toBeTruthy();
    expect(within(bike).queryByText('Activo')).toBeNull();
    expect(within(bike).queryByRole('link', { name: 'Bicicleta' })).toBeNull();
    fireEvent.click(within(bike).getByRole('button', { name: 'Acciones de Bicicleta' }));
    expect(screen.queryByRole('button', { name: 'Marcar como vendido' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Eliminar' })).toBeTruthy();
  });

  it("says 'Error al cargar tus productos' when the list cannot load", async () => {
    fakeApi((req) =>
      req.url.pathname === '/api/me/products'
        ? error(500, 'Ocurrió un error inesperado')
        : error(404, 'No encontrado'),
    );
    render(SESSION, '/my-products');
    expect(await screen.findByText('Error al cargar tus productos')).toBeTruthy();
  });
});
