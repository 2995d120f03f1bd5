// @vitest-environment happy-dom
import { hydrate } from '@tanstack/react-query';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#shared/limits';
import { SERVER_STYLE_ATTRIBUTE } from '#shared/pages';
import { App } from '../app/app';
import { createQueryClient } from '../app/provider';
import { preloadRoute } from '../app/router';
import { setApiTransport } from '@/lib/api-client';
import { applyServerStyles } from '@/lib/server-styles';
import { defaultCatalog, serveCatalog } from '@/testing/fake-catalog';
import { type RenderState, render } from './entry-server';

const ORIGIN = 'http://localhost:3000';

let root: Root | undefined;
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // The visitor chose UCAB: the browser's store and the server's cookie agree.
  localStorage.setItem(STORAGE_KEYS.selectedUniversity, 'ucab');
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  setApiTransport(null);
  localStorage.clear();
  vi.restoreAllMocks();
});

/**
 * Renders `url` on the server, puts the HTML in the document as the origin will, and hydrates it
 * with the browser's app (its screen's chunk loaded first, as main.tsx does). Returns what React
 * reported: recoverable errors (a mismatch makes React drop the server's HTML) and console errors.
 */
async function renderAndHydrate(
  url: string,
  delay = 0,
  /** What the person does to the server's HTML before the app hydrates it (typing). */
  beforeHydration: (container: HTMLElement) => void = () => {},
) {
  serveCatalog(defaultCatalog(), delay);
  // The fragment never reaches a server.
  const result = await render(url.replace(/#.*$/, ''), {
    origin: ORIGIN,
    now: Date.now(),
    university: 'ucab',
  });
  const state = JSON.parse(result.state) as RenderState;
  // The server's renderer finishes its last task after the prelude is read; the browser's starts then
  // (both share React's context objects in this one process, never in the real one).
  await new Promise((resolve) => setTimeout(resolve, 20));
  history.replaceState(null, '', url);
  document.body.innerHTML = `<div id="root">${result.html}</div>`;
  const container = document.getElementById('root') as HTMLElement;
  const serverHtml = container.innerHTML;
  beforeHydration(container);
  // As main.tsx does before it hydrates.
  applyServerStyles(container);
  // The browser's own calls answer at once.
  serveCatalog();

  const recoverable = vi.fn();
  const consoleError = vi.spyOn(console, 'error');
  const queryClient = createQueryClient();
  hydrate(queryClient, state.queries);
  await preloadRoute(location.pathname);
  await act(async () => {
    root = hydrateRoot(container, <App queryClient={queryClient} render={state.render} />, {
      onRecoverableError: recoverable,
    });
  });
  // The lazy parts outside the screen (footer, connection notice) hydrate once their chunks are in.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
  });
  return { result, container, serverHtml, recoverable, consoleError };
}

/**
 * React's development-only attribute check compares a `style` attribute's text with its own
 * serialisation; the server's colours are set through the CSSOM (applyServerStyles), whose text is
 * the DOM's ('background: …;', longhands in happy-dom): the same values, another spelling. True
 * when that is the only difference the notice lists (each +/- line inside a `style={{` block).
 */
function onlyStyleSerialisation(call: unknown[]): boolean {
  if (!/attributes of the server rendered HTML didn't match/.test(String(call[0]))) return false;
  // 'style': inside a style={{ block; 'children': the element's text React prints after its props.
  let where: 'outside' | 'style' | 'closed' | 'children' = 'outside';
  let differences = 0;
  for (const line of call.slice(1).map(String).join('\n').split('\n')) {
    const trimmed = line.trim();
    if (/^[+-]\s/.test(trimmed)) {
      const body = trimmed.slice(1).trim();
      if (where === 'closed') where = 'children';
      if (where === 'style') differences++;
      else if (/^style=\{\{.*\}\}$/.test(body)) differences++;
      else if (where !== 'children') return false;
    } else if (trimmed.endsWith('style={{')) where = 'style';
    else if (where === 'style' && trimmed.startsWith('}}')) where = 'closed';
    else if (!(where === 'closed' && trimmed === '>')) where = 'outside';
  }
  return differences > 0;
}

describe('hydration of the server-rendered first screens', () => {
  it.each([
    ['/product/013', 'Producto no encontrado'],
    ['/search?q=sony', 'Audífonos Sony'],
    ['/global-marketplace', 'Bata de laboratorio'],
    ['/', 'Universidad Metropolitana'],
    ['/select-university', 'Universidad Central de Venezuela'],
    ['/vendedor/seller-1', 'María Pérez'],
    ['/carreras', 'Ingeniería'],
    ['/carrera/ingenieria', 'Libro de Cálculo I'],
    ['/categoria/libros', 'Libro de Cálculo I'],
  ])('%s hydrates without a mismatch and keeps its content', async (url, text) => {
    const { result, container, recoverable, consoleError } = await renderAndHydrate(url);
    // Nothing the CSP would block: no inline script, no outlined boundary waiting for one.
    expect(result.html).not.toMatch(/<script|<template|<div hidden id="S:/);
    expect(recoverable).not.toHaveBeenCalled();
    expect(
      consoleError.mock.calls
        .filter((c) => !onlyStyleSerialisation(c))
        .map((c) => String(c[0]))
        .filter((m) => /hydrat|did not match/i.test(m)),
    ).toEqual([]);
    expect(container.querySelector(`[${SERVER_STYLE_ATTRIBUTE}]`)).toBeNull();
    expect(container.textContent).toContain(text);
  });

  it("hydrates a screen rendered in its pending state (the API was late) and then shows the client's answer", async () => {
    const { result, container, recoverable } = await renderAndHydrate(
      '/product/42',
      Number.POSITIVE_INFINITY,
    );
    expect(result.html).toContain('Cargando producto...');
    expect(recoverable).not.toHaveBeenCalled();
    // The browser asks for what the server did not have.
    expect(container.textContent).toContain('Calculadora Casio fx-991');
  });
});

describe('hydration of the public pages without per-person data (issue 38)', () => {
  /** What React reported of a mismatch: its recoverable errors and its console notices. */
  type Calls = { mock: { calls: unknown[][] } };
  const mismatches = (recoverable: Calls, consoleError: Calls) => [
    ...recoverable.mock.calls.map((c) => String(c[0])),
    ...consoleError.mock.calls
      .filter((c) => !onlyStyleSerialisation(c))
      .map((c) => String(c[0]))
      .filter((m) => /hydrat|did not match/i.test(m)),
  ];

  it.each([
    ['/login', 'Iniciar Sesión'],
    ['/register', 'Crear cuenta'],
    ['/forgot-password', '¿Olvidaste tu contraseña?'],
    ['/terms-and-conditions', 'Términos y Condiciones'],
    ['/privacy-policy', 'Política de Privacidad'],
    ['/compra-segura', 'Compra segura'],
  ])('%s hydrates without a mismatch and keeps its content', async (url, heading) => {
    const { container, recoverable, consoleError } = await renderAndHydrate(url);
    expect(mismatches(recoverable, consoleError)).toEqual([]);
    expect(container.querySelector('h1')?.textContent).toBe(heading);
  });

  it('keeps what was typed into the sign-in form before the app hydrated it, and submits it', async () => {
    const { container, recoverable, consoleError } = await renderAndHydrate('/login', 0, (html) => {
      const [email, password] = html.querySelectorAll('input');
      email.value = 'ana@est.ucab.edu.ve';
      password.value = '123';
    });
    expect(mismatches(recoverable, consoleError)).toEqual([]);
    await act(async () => {
      (container.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    });
    // The typed address reached the form: only the short password is refused.
    expect(container.textContent).toContain('La contraseña debe tener al menos 6 caracteres');
    expect(container.textContent).not.toContain('Correo electrónico inválido');
    expect((container.querySelector('input[type="email"]') as HTMLInputElement).value).toBe(
      'ana@est.ucab.edu.ve',
    );
  });

  it("hydrates the sign-up's code screen, then shows this browser's registration (read once hydrated)", async () => {
    localStorage.setItem(
      STORAGE_KEYS.pendingRegistration,
      JSON.stringify({ email: 'ana@est.ucab.edu.ve', registration: 'r1.s1', expiresAt: Date.now() + 60_000 }),
    );
    const { result, container, recoverable, consoleError } = await renderAndHydrate(
      '/register?email=ana%40est.ucab.edu.ve',
    );
    // The server showed the screen's loading state, the browser then its boxes.
    expect(result.html).toContain('aria-busy="true"');
    expect(mismatches(recoverable, consoleError)).toEqual([]);
    expect(container.textContent).toContain(
      'Ingresa el código de 6 dígitos que enviamos a ana@est.ucab.edu.ve.',
    );
    expect(container.textContent).toContain('Contraseña de tu cuenta');
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('hydrates a code screen of a browser without the registration, which then says so', async () => {
    const { container, recoverable, consoleError } = await renderAndHydrate(
      '/email-verification?email=ana%40est.ucab.edu.ve',
    );
    expect(mismatches(recoverable, consoleError)).toEqual([]);
    expect(container.textContent).toContain('No encontramos en este navegador un registro pendiente');
  });

  it("hydrates the reset form, then reads the link's fragment: valid, the form; none, the spec's refusal", async () => {
    const valid = await renderAndHydrate('/reset-password#type=recovery&token=abc');
    expect(mismatches(valid.recoverable, valid.consoleError)).toEqual([]);
    expect(valid.container.textContent).toContain('Ingresa tu nueva contraseña.');
    expect((valid.container.querySelector('button[type="submit"]') as HTMLButtonElement).disabled).toBe(
      false,
    );
    act(() => root?.unmount());
    root = undefined;
    vi.restoreAllMocks();
    const none = await renderAndHydrate('/reset-password');
    expect(mismatches(none.recoverable, none.consoleError)).toEqual([]);
    expect(none.container.textContent).toContain(
      'Acceso no válido. Abre el enlace desde tu correo para restablecer.',
    );
    expect((none.container.querySelector('button[type="submit"]') as HTMLButtonElement).disabled).toBe(true);
  });
});
