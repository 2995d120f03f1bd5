// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '#shared/account-schemas';
import { resetSessionForTests } from '@/lib/session';
import { type FakeRequest, fakeApi, renderApp, signedInSession } from '@/testing/render';

const SESSION = signedInSession({ sub: 'u1', email: 'ana@gmail.com' });
const profile: Profile = {
  user_id: 'u1',
  email: 'ana@gmail.com',
  full_name: 'Ana Pérez',
  university_email: null,
  university_email_verified: false,
  university_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

/** The accounts API with the switch (`fail`: the next PUT answers that error). */
function settingsApi(start = true) {
  let questions = start;
  let fail: { status: number; message: string } | null = null;
  const api = fakeApi((req: FakeRequest) => {
    if (req.url.pathname === '/api/me/profile') return { body: profile };
    if (req.url.pathname === '/api/me/notifications' && req.method === 'GET') return { body: { questions } };
    if (req.url.pathname === '/api/me/notifications' && req.method === 'PUT') {
      if (fail) {
        const { status, message } = fail;
        fail = null;
        return { status, body: { error: { code: 'unavailable', message } } };
      }
      questions = (req.body as { questions: boolean }).questions;
      return { body: { questions } };
    }
    return { status: 404, body: { error: { code: 'not_found', message: 'No encontrado' } } };
  });
  return {
    ...api,
    failNext: (status: number, message: string) => {
      fail = { status, message };
    },
    puts: () => api.requests.filter((r) => r.method === 'PUT').map((r) => r.body),
  };
}

const theSwitch = () => screen.findByRole('switch', { name: 'Correos de preguntas, respuestas y compras' });

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('selectedUniversity', 'ucab');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetSessionForTests();
});

describe('/settings → Notificaciones', () => {
  it('shows the mails on, as a labelled switch that says what it does', async () => {
    settingsApi(true);
    renderApp('/settings', SESSION);
    const control = await theSwitch();
    expect(control.getAttribute('aria-checked')).toBe('true');
    expect(control.getAttribute('aria-describedby')).toBe('notify-questions-help');
    expect(screen.getByText(/como mucho un correo cada 15 minutos por producto/)).toBeTruthy();
    expect(control.textContent).toContain('Activado');
  });

  it('turns them off and on at once, saving each change with the spec confirmation', async () => {
    const api = settingsApi(true);
    renderApp('/settings', SESSION);
    const control = await theSwitch();
    fireEvent.click(control);
    await waitFor(() => expect(control.getAttribute('aria-checked')).toBe('false'));
    expect(await screen.findByText('Configuración guardada correctamente')).toBeTruthy();
    await waitFor(() => expect(control.getAttribute('aria-busy')).toBe('false'));
    fireEvent.click(control);
    await waitFor(() => expect(api.puts()).toEqual([{ questions: false }, { questions: true }]));
    await waitFor(() => expect(control.getAttribute('aria-checked')).toBe('true'));
  });

  it('moves back and says why when the save fails', async () => {
    const api = settingsApi(true);
    renderApp('/settings', SESSION);
    const control = await theSwitch();
    api.failNext(503, 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.');
    fireEvent.click(control);
    expect(await screen.findByText('Error al guardar la configuración')).toBeTruthy();
    expect(screen.getByText(/El servicio no está disponible/)).toBeTruthy();
    await waitFor(() => expect(control.getAttribute('aria-checked')).toBe('true'));
  });

  it('shows them off when the person turned them off (e.g. by a mail link)', async () => {
    settingsApi(false);
    renderApp('/settings', SESSION);
    const control = await theSwitch();
    expect(control.getAttribute('aria-checked')).toBe('false');
    expect(control.textContent).toContain('Desactivado');
  });
});
