// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '#shared/account-schemas';
import type { ModerationResult } from '#shared/moderation';
import { resetSessionForTests, type Session, SIGNED_OUT } from '@/lib/session';
import { universities } from '@/testing/fixtures';
import { type FakeRequest, fakeApi, renderApp, signedInSession } from '@/testing/render';

const SESSION = signedInSession({ sub: 'u1', email: 'ana@gmail.com' });
const verified = (university = 'ucab'): Profile => ({
  user_id: 'u1',
  email: 'ana@gmail.com',
  full_name: 'Ana',
  university_email: `ana@est.${university}.edu.ve`,
  university_email_verified: true,
  university_id: university,
  created_at: '2026-01-01T00:00:00.000Z',
});
const APPROVED: ModerationResult = { approved: true, severity: 'low', warnings: [], suggestions: [] };

/** The publishing API as the page sees it; `verdict` decides each content check. */
function publishingApi(profile: Profile, verdict: (title: string) => ModerationResult = () => APPROVED) {
  return fakeApi((req: FakeRequest) => {
    const path = req.url.pathname;
    if (path === '/api/me/profile') return { body: profile };
    if (path === '/api/universities') return { body: { items: universities } };
    const one = /^\/api\/universities\/(\w+)$/.exec(path);
    if (one) return { body: universities.find((u) => u.id === one[1]) };
    if (path === '/api/me/moderation') return { body: verdict((req.body as { title: string }).title) };
    if (path === '/api/me/uploads/from-url') {
      const { url } = req.body as { url: string };
      return url.endsWith('.jpg')
        ? { body: { key: 'uploads/u1/00000000-0000-4000-8000-000000000001.jpg' } }
        : { status: 400, body: { error: { code: 'bad_request', message: 'El archivo debe ser una imagen' } } };
    }
    if (path === '/api/products' && req.method === 'POST')
      return { status: 201, body: { ...(req.body as object), id: 99 } };
    return { status: 404, body: { error: { code: 'not_found', message: 'No encontrado' } } };
  });
}

const render = (session: Session, url = '/new-product') => renderApp(url, session);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const calls = (api: ReturnType<typeof fakeApi>, path: string) => api.requests.filter((r) => r.url.pathname === path);

async function fillRequired() {
  await screen.findByRole('heading', { name: 'Publicar Producto' });
  type('Título', 'Calculadora Casio fx-570');
  type('Precio (USD)', '25');
  type('Número de WhatsApp', '0414-1234567');
  type('Categoría', 'electronica');
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('selectedUniversity', 'ucab');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetSessionForTests();
});

describe('/new-product: who may publish', () => {
  it('sends a visitor to /login with the spec toast', async () => {
    publishingApi(verified());
    const { router } = render(SIGNED_OUT);
    expect(await screen.findByText('Debes iniciar sesión para publicar productos')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fnew-product');
  });

  it('sends a user without a chosen university to /select-university', async () => {
    localStorage.clear();
    publishingApi(verified());
    const { router } = render(SESSION);
    expect(await screen.findByText('Debes seleccionar una universidad')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-university'));
  });

  it('asks an unverified student to verify their institutional e-mail first', async () => {
    publishingApi({ ...verified(), university_email_verified: false, university_id: null });
    render(SESSION);
    const link = await screen.findByRole('link', { name: 'Verificar mi correo institucional' });
    expect(link.getAttribute('href')).toBe('/profile?tab=correo');
    expect(screen.queryByLabelText('Título')).toBeNull();
  });

  it('sends a student browsing another university to /marketplace, naming their own', async () => {
    publishingApi(verified('usm'));
    const { router } = render(SESSION);
    expect(await screen.findByText('Solo puedes publicar productos en USM')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace'));
  });
});

describe('/new-product: the form', () => {
  it('shows the spec messages and sends nothing while fields are wrong', async () => {
    const api = publishingApi(verified());
    render(SESSION);
    await screen.findByRole('heading', { name: 'Publicar Producto' });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar contenido con IA' }));
    expect(await screen.findByText('Complete los campos requeridos antes de la verificación')).toBeTruthy();
    // Not only a toast: each empty field says what it needs, under it.
    expect(screen.getByText('El título es requerido')).toBeTruthy();
    expect(screen.getByText('El precio debe ser mayor a 0')).toBeTruthy();
    expect(screen.getByText('La categoría es requerida')).toBeTruthy();
    expect(screen.getByLabelText('Título').getAttribute('aria-invalid')).toBe('true');
    expect(calls(api, '/api/me/moderation')).toEqual([]);

    // Enter in a field submits: the spec messages appear.
    fireEvent.submit(screen.getByLabelText('Título').closest('form') as HTMLFormElement);
    expect(await screen.findByText('El título es requerido')).toBeTruthy();
    expect(screen.getByText('El precio debe ser mayor a 0')).toBeTruthy();
    expect(screen.getByText('La categoría es requerida')).toBeTruthy();
    expect(screen.getByText('El número de WhatsApp es requerido')).toBeTruthy();
    type('Número de WhatsApp', '0414123');
    fireEvent.submit(screen.getByLabelText('Título').closest('form') as HTMLFormElement);
    expect(await screen.findByText('El número debe tener al menos 10 dígitos')).toBeTruthy();
    expect(calls(api, '/api/products')).toEqual([]);
  });

  it('keeps only digits in the WhatsApp box, behind the +58 prefix', async () => {
    publishingApi(verified());
    render(SESSION);
    await screen.findByRole('heading', { name: 'Publicar Producto' });
    type('Número de WhatsApp', '0414-123 45 67');
    expect((screen.getByLabelText('Número de WhatsApp') as HTMLInputElement).value).toBe('04141234567');
    expect(screen.getByText('+58')).toBeTruthy();
  });

  it('adds tags with Enter and suggestions, removes the last with Backspace, 8 suggestions before Ver más', async () => {
    publishingApi(verified());
    render(SESSION);
    await fillRequired();
    const tags = screen.getByLabelText('Etiquetas');
    fireEvent.change(tags, { target: { value: '  Casio  ' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    fireEvent.change(tags, { target: { value: 'casio' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    expect(screen.getAllByRole('button', { name: /^Quitar etiqueta/ }).map((b) => b.textContent)).toEqual(['×']);
    const suggestions = () => screen.getAllByRole('button', { name: /^\+ / });
    expect(suggestions()).toHaveLength(8);
    fireEvent.click(screen.getByRole('button', { name: /^Ver más/ }));
    expect(suggestions().length).toBeGreaterThan(8);
    fireEvent.click(screen.getByRole('button', { name: '+ laptop' }));
    expect(screen.getByRole('button', { name: 'Quitar etiqueta laptop' })).toBeTruthy();
    fireEvent.keyDown(tags, { key: 'Backspace' });
    expect(screen.queryByRole('button', { name: 'Quitar etiqueta laptop' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Quitar etiqueta casio' })).toBeTruthy();
  });

  it('publishes only after an approved check; editing the text asks for a new one', async () => {
    const api = publishingApi(verified());
    const { router } = render(SESSION);
    await fillRequired();
    const publishButton = () => screen.getByRole('button', { name: 'Publicar Producto' }) as HTMLButtonElement;
    expect(publishButton().disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Verificar contenido con IA' }));
    expect((await screen.findAllByText('Contenido verificado correctamente')).length).toBeGreaterThan(0);
    expect(calls(api, '/api/me/moderation')[0]?.body).toMatchObject({
      title: 'Calculadora Casio fx-570',
      price: 25,
      category: 'electronica',
      condition: 'usado',
    });
    expect(publishButton().disabled).toBe(false);

    type('Título', 'Calculadora Casio fx-570 ES Plus');
    expect(publishButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Verificar contenido con IA' }));
    await waitFor(() => expect(publishButton().disabled).toBe(false));

    fireEvent.click(publishButton());
    expect(await screen.findByText('¡Producto publicado con éxito!')).toBeTruthy();
    expect(calls(api, '/api/products')[0]?.body).toMatchObject({
      title: 'Calculadora Casio fx-570 ES Plus',
      price: 25,
      whatsapp_number: '04141234567',
      category: 'electronica',
      university_id: 'ucab',
      tags: [],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows why moderation rejected the listing and keeps publishing locked', async () => {
    publishingApi(verified(), () => ({
      approved: false,
      severity: 'high',
      warnings: ['Venta de bebidas alcohólicas'],
      suggestions: ['Publica solo artículos permitidos por los términos'],
    }));
    render(SESSION);
    await fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Verificar contenido con IA' }));
    const alert = (await screen.findByText('Venta de bebidas alcohólicas')).closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText('El producto no cumple con las normas de la comunidad')).toBeTruthy();
    expect(within(alert).getByText('Venta de bebidas alcohólicas')).toBeTruthy();
    expect(within(alert).getByText('Publica solo artículos permitidos por los términos')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Publicar Producto' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a drop zone for photos over the real file input, and a dropped file goes the way of a chosen one', async () => {
    publishingApi(verified());
    render(SESSION);
    await screen.findByRole('heading', { name: 'Publicar Producto' });
    const input = document.getElementById(
      screen.getByText('Imágenes (0/4)').getAttribute('for') ?? '',
    ) as HTMLInputElement;
    expect(input.type).toBe('file');
    // Named by the field's label alone (not the drop zone's words), described by the help.
    expect(document.getElementById(input.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Imágenes (0/4)');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/^Hasta 4 fotos/);
    const zone = screen.getByText('Elegir fotos').closest('label') as HTMLLabelElement;
    expect(zone.htmlFor).toBe(input.id);

    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    expect(zone.classList.contains('file-drop--over')).toBe(true);
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['hola'], 'notas.txt', { type: 'text/plain' })] } });
    expect(zone.classList.contains('file-drop--over')).toBe(false);
    expect(await screen.findByText('Error al subir la imagen: El archivo debe ser una imagen')).toBeTruthy();
  });

  it('adds a photo by URL (Enter), then publishes with it; a bad one says why', async () => {
    const api = publishingApi(verified());
    render(SESSION);
    await fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Desde URL' }));
    const field = screen.getByLabelText(/^Imágenes/);
    fireEvent.change(field, { target: { value: '  https://fotos.example/casio.txt ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByText('Error al subir la imagen: El archivo debe ser una imagen')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'https://fotos.example/casio.jpg' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByRole('button', { name: 'Quitar foto 1' })).toBeTruthy();
    expect(calls(api, '/api/me/uploads/from-url').map((r) => r.body)).toEqual([
      { url: 'https://fotos.example/casio.txt' },
      { url: 'https://fotos.example/casio.jpg' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Verificar contenido con IA' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Publicar Producto' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(calls(api, '/api/me/moderation')[0]?.body).toMatchObject({
      image_key: 'uploads/u1/00000000-0000-4000-8000-000000000001.jpg',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Publicar Producto' }));
    await screen.findByText('¡Producto publicado con éxito!');
    expect(calls(api, '/api/products')[0]?.body).toMatchObject({
      images: ['uploads/u1/00000000-0000-4000-8000-000000000001.jpg'],
    });
  });
});
