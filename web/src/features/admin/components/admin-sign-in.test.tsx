// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests } from '@/lib/session';
import { fakeApi, renderApp } from '@/testing/render';
import { signInErrorMessage } from './admin-sign-in';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetSessionForTests();
});

const COGNITO = 'cognito.test';
const RUNTIME_CONFIG = {
  stage: 'local',
  apiBaseUrl: '',
  auth: {
    userPoolId: 'local_pool',
    userPoolClientId: 'client',
    region: 'us-east-1',
    userPoolEndpoint: `http://${COGNITO}`,
  },
};

/** Every text a person reads or hears: text nodes, and the labels, titles and placeholders of elements. */
function shownTexts(root: HTMLElement): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (text) texts.push(text);
  }
  for (const el of root.querySelectorAll('*'))
    for (const attr of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
      const value = el.getAttribute(attr)?.trim();
      if (value) texts.push(value);
    }
  return texts;
}

/** Words of Amplify UI's English texts ('Password is hidden', 'Show password', 'Dismiss alert', …). */
const ENGLISH =
  /\b(the|your|is|to|sign|signing|in|password|show|hide|hidden|shown|dismiss|alert|forgot|email|username|incorrect|user|loading|submit|or|enter|back)\b/i;
const english = (root: HTMLElement) => shownTexts(root).filter((text) => ENGLISH.test(text));

describe('/admin sign-in (Amplify UI, Spanish)', () => {
  it('shows no English label, read or heard: fields, the show-password switch, the button, a refusal and its dismiss button', {
    timeout: 60_000,
  }, async () => {
    // The real Amplify and Authenticator; Cognito (the network) refuses the password as it does.
    let refusal = { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' };
    fakeApi((req) => {
      if (req.url.pathname === '/runtime-config.json') return { body: RUNTIME_CONFIG };
      if (req.url.host === COGNITO) return { status: 400, body: refusal };
      return { status: 404, body: {} };
    });
    renderApp('/admin');
    const heading = await screen.findByRole(
      'heading',
      { name: 'Panel de Administrador' },
      { timeout: 20_000 },
    );
    const root = heading.closest('main') as HTMLElement;
    const form = within(root);
    await form.findByLabelText('Correo electrónico', {}, { timeout: 20_000 });
    expect(english(root)).toEqual([]);

    const toggle = form.getByRole('switch', { name: 'Mostrar contraseña' });
    expect(toggle.textContent).toBe('La contraseña está oculta');
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('La contraseña está visible');
    fireEvent.click(toggle);

    fireEvent.input(form.getByLabelText('Correo electrónico'), { target: { value: 'admin@ucab.edu.ve' } });
    fireEvent.input(form.getByLabelText('Contraseña'), { target: { value: 'no-es-esta' } });
    fireEvent.click(form.getByRole('button', { name: 'Iniciar sesión' }));
    const alert = await form.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toBe('Correo o contraseña incorrectos');
    await waitFor(() => expect(english(root)).toEqual([]));
    expect(within(alert).getByRole('button', { name: 'Descartar alerta' })).toBeTruthy();

    // A refusal no dictionary knows is Spanish too.
    refusal = { __type: 'InternalErrorException', message: 'Something went wrong on our side.' };
    fireEvent.click(form.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(form.getByRole('alert').textContent).toBe('Error al iniciar sesión'), {
      timeout: 10_000,
    });
    await waitFor(() => expect(english(root)).toEqual([]));
  });

  it("says Cognito's refusals in Spanish by their name", () => {
    const refusal = (name: string, message = '') => Object.assign(new Error(message), { name });
    expect(signInErrorMessage(refusal('UserNotFoundException'))).toBe('Correo o contraseña incorrectos');
    expect(signInErrorMessage(refusal('NotAuthorizedException', 'Password attempts exceeded'))).toBe(
      'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
    );
    expect(signInErrorMessage(refusal('UserNotConfirmedException'))).toBe('Tu correo necesita verificación.');
    // Cognito's one name for a wrong password and a disabled account: told apart by its message.
    expect(signInErrorMessage(refusal('NotAuthorizedException', 'Incorrect username or password.'))).toBe(
      'Correo o contraseña incorrectos',
    );
    expect(signInErrorMessage(refusal('NotAuthorizedException', 'User is disabled.'))).toBe(
      'Tu cuenta está desactivada. Escríbenos si crees que es un error.',
    );
    expect(signInErrorMessage(new TypeError('Failed to fetch'))).toBe('Error al iniciar sesión');
  });
});
