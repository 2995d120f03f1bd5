// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests } from '@/lib/session';
import { fakeApi, renderApp } from '@/testing/render';
import { forgetRegistration } from '../pending-registration';

// The Amplify module boundary: everything else (forms, store, API client) is real.
const amplify = vi.hoisted(() => ({
  configure: vi.fn(),
  signIn: vi.fn(),
  signUp: vi.fn(),
  fetchAuthSession: vi.fn(async () => ({ tokens: undefined })),
  signOut: vi.fn(),
  signInWithRedirect: vi.fn(),
}));
vi.mock('aws-amplify', () => ({ Amplify: { configure: amplify.configure } }));
vi.mock('aws-amplify/auth', () => amplify);

const RUNTIME_CONFIG = {
  stage: 'local',
  apiBaseUrl: '',
  auth: {
    userPoolId: 'local_pool',
    userPoolClientId: 'client',
    region: 'us-east-1',
    userPoolEndpoint: 'http://localhost:9229',
  },
};

/** A registration's handle as the server answers it (22 + 43 base64url characters). */
const HANDLE = `${'r'.repeat(22)}.${'s'.repeat(43)}`;

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi((req) => {
    if (req.url.pathname === '/runtime-config.json') return { body: RUNTIME_CONFIG };
    if (req.url.pathname === '/api/auth/sign-up')
      return { status: 202, body: { ok: true, registration: HANDLE } };
    if (req.url.pathname === '/api/auth/sign-up-code') return { status: 202, body: { ok: true } };
    if (req.url.pathname === '/api/auth/confirm') return { body: { ok: true } };
    if (req.url.pathname === '/api/auth/password-reset') return { status: 202, body: { ok: true } };
    return { status: 404, body: { error: { code: 'NotFound', message: 'No encontrado' } } };
  });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  // The password a registration handed to the code screen is module state: a test that stops
  // before confirming must not hand it to the next one.
  forgetRegistration();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  resetSessionForTests();
});

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string | RegExp, value: string) => fireEvent.change(input(label), { target: { value } });

describe('/login', () => {
  it('shows the e-mail and password messages', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Iniciar Sesión' });
    type('Correo electrónico', 'no-es-correo');
    type('Contraseña', '123');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Correo electrónico inválido')).toBeTruthy();
    expect(screen.getByText('La contraseña debe tener al menos 6 caracteres')).toBeTruthy();
    expect(amplify.signIn).not.toHaveBeenCalled();
  });

  it('signs in with the configured flow and sends an unconfirmed e-mail to verification', async () => {
    amplify.signIn.mockRejectedValueOnce(
      Object.assign(new Error('User is not confirmed.'), { name: 'UserNotConfirmedException' }),
    );
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Iniciar Sesión' });
    type('Correo electrónico', 'Ana@Example.com');
    type('Contraseña', 'secreto1');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/email-verification'));
    expect(router.state.location.search).toBe('?email=Ana%40Example.com');
    expect(amplify.signIn).toHaveBeenCalledWith({
      username: 'ana@example.com',
      password: 'secreto1',
    });
    expect(amplify.configure.mock.calls[0]?.[0]).toMatchObject({
      Auth: { Cognito: { userPoolEndpoint: 'http://localhost:9229' } },
    });
    expect(await screen.findByText(/Tu correo necesita verificación/)).toBeTruthy();
  });

  it('answers the Google button with the spec error when no hosted UI is configured', async () => {
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar con Google' }));
    expect(await screen.findByText(/^Error al iniciar sesión con Google: /)).toBeTruthy();
    expect(amplify.signInWithRedirect).not.toHaveBeenCalled();
  });
});

describe('/register', () => {
  it('keeps Continue disabled until the terms are accepted, and shows every message', async () => {
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Crear cuenta' });
    const submit = screen.getByRole('button', { name: 'Continuar' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(input('Cédula').placeholder).toBe('V-12345678');
    fireEvent.click(screen.getByRole('checkbox'));
    expect(submit.disabled).toBe(false);
    type('Nombre completo', 'A');
    type('Correo electrónico', 'x@');
    type('Cédula', 'V1');
    type('Contraseña', '12345');
    type('Confirmar contraseña', '54321');
    fireEvent.click(submit);
    expect(await screen.findByText('El nombre es requerido')).toBeTruthy();
    expect(screen.getByText('Correo electrónico inválido')).toBeTruthy();
    expect(screen.getByText('La cédula es requerida')).toBeTruthy();
    expect(screen.getByText('La contraseña debe tener al menos 6 caracteres')).toBeTruthy();
    expect(screen.getByText('Las contraseñas no coinciden')).toBeTruthy();
    expect(amplify.signUp).not.toHaveBeenCalled();
  });

  it('opens terms and privacy in a new tab', async () => {
    renderApp('/register');
    const terms = await screen.findByRole('link', { name: 'términos y condiciones' });
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(terms.getAttribute('href')).toBe('/terms-and-conditions');
    expect(screen.getByRole('link', { name: 'política de privacidad' }).getAttribute('target')).toBe(
      '_blank',
    );
  });

  it('registers through the server (which mails the code), confirms the code, then goes to /login', async () => {
    localStorage.setItem('selectedUniversity', 'ucab');
    const { router } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Crear cuenta' });
    type('Nombre completo', 'Ana Pérez');
    type('Correo electrónico', 'Ana@Example.com');
    type('Cédula', 'V-12345678');
    type('Contraseña', 'secreto1');
    type('Confirmar contraseña', 'secreto1');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(
      await screen.findByText('¡Registro exitoso! Te hemos enviado un código de verificación.'),
    ).toBeTruthy();
    // One call registers and mails the code; the browser never signs up with Cognito itself. (Reads
    // the layout makes once the page is idle, such as the drawer's, are not the registration's.)
    expect(
      api.requests
        .filter((r) => r.url.pathname.startsWith('/api/') && r.method !== 'GET')
        .map((r) => r.url.pathname),
    ).toEqual(['/api/auth/sign-up']);
    // The details only: the password never leaves the browser before the code is confirmed.
    expect(api.requests.find((r) => r.url.pathname === '/api/auth/sign-up')?.body).toEqual({
      email: 'ana@example.com',
      full_name: 'Ana Pérez',
      national_id: 'V-12345678',
      university_id: 'ucab',
    });
    expect(amplify.signUp).not.toHaveBeenCalled();
    // The code screen of this browser's registration, at an address a reload keeps. (The toast
    // renders in the submit's own update; the router's navigation commits a moment later.)
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/register?email=ana%40example.com',
      ),
    );
    expect(JSON.parse(localStorage.getItem('pendingRegistration') ?? '{}')).toMatchObject({
      email: 'ana@example.com',
      registration: HANDLE,
    });
    expect(localStorage.getItem('pendingRegistration')).not.toContain('secreto1');
    // The form's password is known: no password field, the code confirms at once.
    const firstBox = await screen.findByLabelText('Dígito 1');
    expect(screen.queryByLabelText('Contraseña de tu cuenta')).toBeNull();
    fireEvent.paste(firstBox, { clipboardData: { getData: () => '123456' } });
    expect(await screen.findByText('Verificación exitosa')).toBeTruthy();
    const confirm = api.requests.find((r) => r.url.pathname === '/api/auth/confirm');
    expect(confirm?.body).toEqual({ registration: HANDLE, code: '123456', password: 'secreto1' });
    expect(localStorage.getItem('pendingRegistration')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 });
    localStorage.clear();
  });

  it('after a reload the code screen asks for the password it no longer holds, then confirms with it', async () => {
    localStorage.setItem(
      'pendingRegistration',
      JSON.stringify({ email: 'ana@example.com', registration: HANDLE, expiresAt: Date.now() + 60_000 }),
    );
    renderApp('/register?email=ana%40example.com');
    await screen.findByRole('heading', { name: 'Verifica tu correo' });
    const boxes = () => screen.getByLabelText('Dígito 1') as HTMLInputElement;
    const locked = () => (boxes().closest('fieldset') as HTMLFieldSetElement).disabled;
    expect(locked()).toBe(true);
    type('Contraseña de tu cuenta', '123');
    expect(await screen.findByText('La contraseña debe tener al menos 6 caracteres')).toBeTruthy();
    type('Contraseña de tu cuenta', 'otra-clave-1');
    await waitFor(() => expect(locked()).toBe(false));
    fireEvent.paste(boxes(), { clipboardData: { getData: () => '654321' } });
    expect(await screen.findByText('Verificación exitosa')).toBeTruthy();
    expect(api.requests.find((r) => r.url.pathname === '/api/auth/confirm')?.body).toEqual({
      registration: HANDLE,
      code: '654321',
      password: 'otra-clave-1',
    });
    localStorage.clear();
  });

  it('without a registration of this browser: no code boxes, the way to register again', async () => {
    renderApp('/register?email=ana%40example.com');
    expect(await screen.findByText(/No encontramos en este navegador un registro pendiente/)).toBeTruthy();
    expect(screen.queryByLabelText('Dígito 1')).toBeNull();
    expect(screen.getByRole('link', { name: 'Registrarse' }).getAttribute('href')).toBe('/register');
  });

  it("shows 'Error al registrarse: {message}' with the server's message and stays on the form", async () => {
    api = fakeApi((req) => {
      if (req.url.pathname === '/runtime-config.json') return { body: RUNTIME_CONFIG };
      return {
        status: 429,
        body: {
          error: {
            code: 'too_many_requests',
            message: 'Has solicitado demasiados códigos. Inténtalo de nuevo en una hora.',
          },
        },
      };
    });
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Crear cuenta' });
    type('Nombre completo', 'Ana Pérez');
    type('Correo electrónico', 'ana@example.com');
    type('Cédula', 'V-12345678');
    type('Contraseña', 'secreto1');
    type('Confirmar contraseña', 'secreto1');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(
      await screen.findByText(
        'Error al registrarse: Has solicitado demasiados códigos. Inténtalo de nuevo en una hora.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Crear cuenta' })).toBeTruthy();
  });
});

describe('/email-verification', () => {
  it('a sign-in of this browser’s pending registration: one heading, one resend, confirms with the password typed at sign-in', async () => {
    localStorage.setItem(
      'pendingRegistration',
      JSON.stringify({ email: 'ana@example.com', registration: HANDLE, expiresAt: Date.now() + 60_000 }),
    );
    // No account yet: the pool does not know the address.
    amplify.signIn.mockRejectedValueOnce(
      Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }),
    );
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Iniciar Sesión' });
    type('Correo electrónico', 'ana@example.com');
    type('Contraseña', 'secreto1');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/email-verification'));
    await screen.findByRole('heading', { name: 'Verificación requerida' });
    expect((await screen.findAllByRole('heading', { level: 1 })).map((h) => h.textContent)).toEqual([
      'Verificación requerida',
    ]);
    expect(screen.getByText('ana@example.com')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Reenviar/ }).map((b) => b.textContent)).toEqual([
      'Reenviar correo de verificación',
    ]);
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' }).getAttribute('href')).toBe('/login');

    fireEvent.click(screen.getByRole('button', { name: 'Reenviar correo de verificación' }));
    expect(await screen.findByText('Correo de verificación reenviado')).toBeTruthy();
    expect(api.requests.find((r) => r.url.pathname === '/api/auth/sign-up-code')?.body).toEqual({
      registration: HANDLE,
    });

    fireEvent.paste(screen.getByLabelText('Dígito 1'), { clipboardData: { getData: () => '123456' } });
    expect(await screen.findByRole('heading', { name: 'Verificación exitosa' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(api.requests.find((r) => r.url.pathname === '/api/auth/confirm')?.body).toEqual({
      registration: HANDLE,
      code: '123456',
      password: 'secreto1',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 });
    localStorage.clear();
  });

  it('without an address: the notice and the way back to login, no code boxes', async () => {
    renderApp('/email-verification');
    expect(await screen.findByRole('heading', { name: 'Verificación requerida' })).toBeTruthy();
    expect(screen.queryByLabelText('Dígito 1')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reenviar/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toBeTruthy();
  });
});

describe('/forgot-password', () => {
  it('validates the e-mail, then requests the link', async () => {
    renderApp('/forgot-password');
    await screen.findByRole('heading', { name: '¿Olvidaste tu contraseña?' });
    type('Correo electrónico', 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText('Correo electrónico inválido')).toBeTruthy();
    type('Correo electrónico', 'ana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText('Revisa tu correo')).toBeTruthy();
    expect(api.requests.find((r) => r.url.pathname === '/api/auth/password-reset')?.body).toEqual({
      email: 'ana@example.com',
    });
  });
});

describe('/forgot-password refused', () => {
  it("says 'Error al enviar el correo de recuperación' with the server's reason", async () => {
    api = fakeApi((req) => {
      if (req.url.pathname === '/runtime-config.json') return { body: RUNTIME_CONFIG };
      return {
        status: 429,
        body: {
          error: {
            code: 'too_many_requests',
            message: 'Demasiadas solicitudes desde tu conexión. Inténtalo de nuevo en una hora.',
          },
        },
      };
    });
    renderApp('/forgot-password');
    await screen.findByRole('heading', { name: '¿Olvidaste tu contraseña?' });
    type('Correo electrónico', 'ana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText('Error al enviar el correo de recuperación')).toBeTruthy();
    expect(
      screen.getByText('Demasiadas solicitudes desde tu conexión. Inténtalo de nuevo en una hora.'),
    ).toBeTruthy();
  });
});

describe('/reset-password', () => {
  it('without a recovery fragment says access is invalid and disables submit', async () => {
    renderApp('/reset-password');
    expect(
      await screen.findByText('Acceso no válido. Abre el enlace desde tu correo para restablecer.'),
    ).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Guardar nueva contraseña' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('with a recovery token checks length and match', async () => {
    renderApp('/reset-password#type=recovery&token=abcdefghijklmnopqrstuvwxyz');
    await screen.findByText('Ingresa tu nueva contraseña.');
    type('Nueva contraseña', '1234567');
    type('Confirmar contraseña', '1234567');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar nueva contraseña' }));
    expect(await screen.findByText('La contraseña debe tener al menos 8 caracteres')).toBeTruthy();
    type('Nueva contraseña', 'x'.repeat(73));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar nueva contraseña' }));
    expect(await screen.findByText('La contraseña es demasiado larga')).toBeTruthy();
    type('Nueva contraseña', '12345678');
    type('Confirmar contraseña', '12345679');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar nueva contraseña' }));
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeTruthy();
  });

  it('a recovery fragment landing elsewhere is replaced to /reset-password, fragment kept', async () => {
    const { router } = renderApp('/terms-and-conditions#type=recovery&token=abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
    expect(router.state.location.hash).toBe('#type=recovery&token=abc');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each([
    ['/marketplace', 'the chooser redirect of a page without a university'],
    ['/search?q=libro', 'the chooser redirect of the search without a university'],
    ['/new-product', "the publishing page's redirect to sign in"],
    ['/profile', "the profile's redirect to sign in"],
    ['/admin', "the admin area's sign-in"],
  ])('a recovery link on %s (%s) goes to /reset-password with its fragment, not elsewhere', async (path) => {
    // No university chosen, nobody signed in: every one of these screens would redirect on its own.
    const hash = '#access_token=tok123&type=recovery&token=abc';
    const { router } = renderApp(`${path}${hash}`);
    await screen.findByText('Ingresa tu nueva contraseña.');
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(router.state.location.hash).toBe(hash);
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('/login success', () => {
  it('stores the session from the ID token and returns to the origin route', async () => {
    amplify.signIn.mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    amplify.fetchAuthSession.mockResolvedValue({
      // @ts-expect-error the stub returns only what the store reads
      tokens: { idToken: { payload: { sub: 'u1', email: 'ana@example.com', 'cognito:groups': ['admin'] } } },
    });
    const router = renderApp('/marketplace').router;
    await router.navigate('/login?next=%2Fcarreras');
    await screen.findByRole('heading', { name: 'Iniciar Sesión' });
    type('Correo electrónico', 'ana@example.com');
    type('Contraseña', 'secreto1');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/carreras'));
    expect(await screen.findByText('¡Inicio de sesión exitoso!')).toBeTruthy();
    // The bar's avatar now shows the e-mail initial.
    expect(
      (await screen.findByRole('button', { name: 'Menú de usuario' }, { timeout: 5000 })).textContent,
    ).toBe('A');
  });
});

describe('/login?next=', () => {
  it.each([
    ['another site', 'https%3A%2F%2Fevil.example%2F'],
    ['a protocol-relative address', '%2F%2Fevil.example'],
    ['a backslash address', '%2F%5Cevil.example'],
  ])('goes home rather than to %s after signing in', async (_what, next) => {
    amplify.signIn.mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    amplify.fetchAuthSession.mockResolvedValue({
      // @ts-expect-error the stub returns only what the store reads
      tokens: { idToken: { payload: { sub: 'u1', email: 'ana@example.com' } } },
    });
    const { router } = renderApp(`/login?next=${next}`);
    await screen.findByRole('heading', { name: 'Iniciar Sesión' });
    type('Correo electrónico', 'ana@example.com');
    type('Contraseña', 'secreto1');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('carries the page to come back to on to the register link', async () => {
    renderApp('/login?next=%2Fproduct%2F42');
    const register = await screen.findByRole('link', { name: 'Regístrate' });
    expect(register.getAttribute('href')).toBe('/register?next=%2Fproduct%2F42');
  });
});

describe('/auth/callback', () => {
  beforeEach(() => sessionStorage.clear());

  it("shows 'Procesando autenticación...' and, signed in, goes to the remembered route", async () => {
    amplify.fetchAuthSession.mockResolvedValue({
      // @ts-expect-error the stub returns only what the store reads
      tokens: { idToken: { payload: { sub: 'u1', email: 'ana@gmail.com' } } },
    });
    sessionStorage.setItem('authRedirect', '/favoritos');
    const { router } = renderApp('/auth/callback');
    expect(await screen.findByText('Procesando autenticación...')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/favoritos'));
    expect(await screen.findByText('¡Inicio de sesión exitoso con Google!')).toBeTruthy();
    expect(sessionStorage.getItem('authRedirect')).toBeNull();
  });

  it('takes the redirect query when present, but never to another site', async () => {
    amplify.fetchAuthSession.mockResolvedValue({
      // @ts-expect-error the stub returns only what the store reads
      tokens: { idToken: { payload: { sub: 'u1', email: 'ana@gmail.com' } } },
    });
    const first = renderApp('/auth/callback?redirect=%2Fcarreras').router;
    await waitFor(() => expect(first.state.location.pathname).toBe('/carreras'));
    cleanup();
    const second = renderApp('/auth/callback?redirect=%2F%2Fevil.example').router;
    await waitFor(() => expect(second.state.location.pathname).toBe('/'));
  });

  it('without a session: the error toast and /login', async () => {
    amplify.fetchAuthSession.mockResolvedValue({ tokens: undefined });
    const { router } = renderApp('/auth/callback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('No se pudo completar la autenticación')).toBeTruthy();
  });

  it('when the hosted UI answers with an error: the error toast and /login', async () => {
    const { router } = renderApp('/auth/callback?error=access_denied');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('No se pudo completar la autenticación')).toBeTruthy();
    expect(amplify.fetchAuthSession).not.toHaveBeenCalled();
  });

  // Last in the file: Amplify's report of a failed redirect is kept for the page's lifetime.
  it('when Amplify refuses the answer (a state it did not send): the error toast at once, though its session waits', async () => {
    // Amplify 6 can leave a session read waiting for minutes after a failed redirect.
    amplify.fetchAuthSession.mockReturnValue(new Promise(() => undefined));
    const { router } = renderApp('/auth/callback?code=c&state=tampered');
    expect(await screen.findByText('Procesando autenticación...')).toBeTruthy();
    await waitFor(() => expect(amplify.fetchAuthSession).toHaveBeenCalled());
    const { Hub } = await import('aws-amplify/utils');
    Hub.dispatch(
      'auth',
      { event: 'signInWithRedirect_failure', data: { error: new Error('state') } },
      'Auth',
      Symbol.for('amplify_default'),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Error al procesar la autenticación')).toBeTruthy();
  });
});
