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
async function renderAndHydrate(url: string, delay = 0) {
  serveCatalog(defaultCatalog(), delay);
  const result = await render(url, { origin: ORIGIN, now: Date.now(), university: 'ucab' });
  const state = JSON.parse(result.state) as RenderState;
  // The server's renderer finishes its last task after the prelude is read; the browser's starts then
  // (both share React's context objects in this one process, never in the real one).
  await new Promise((resolve) => setTimeout(resolve, 20));
  history.replaceState(null, '', url);
  document.body.innerHTML = `<div id="root">${result.html}</div>`;
  const container = document.getElementById('root') as HTMLElement;
  const serverHtml = container.innerHTML;
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
