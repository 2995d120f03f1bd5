// @vitest-environment happy-dom
import { act, lazy, type ReactNode, Suspense, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_READY_ATTRIBUTE, TAP_KEPT_ATTRIBUTE } from './app-scripts';
import {
  CONTROL_GONE_TEXT,
  type EarlyTaps,
  isHydrated,
  keepEarlyTaps,
  LOAD_FAILED_TEXT,
  NOTICE_CLASS,
  NOTICE_MS,
} from './early-taps';

let taps: EarlyTaps | undefined;

afterEach(() => {
  taps?.stop();
  taps = undefined;
  document.documentElement.removeAttribute(APP_READY_ATTRIBUTE);
  document.body.innerHTML = '';
});

/** The server's HTML: the app's handlers are not attached yet; `calls` records what they would do. */
function page(html: string): { calls: string[] } {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  taps = keepEarlyTaps(document);
  return { calls: [] };
}

/**
 * What React leaves on an element it has hydrated and committed (see isHydrated): its fiber, under
 * the root, with no flag of a pending commit. The real thing is tested below.
 */
const markHydrated = (el: Element) =>
  Object.assign(el, {
    __reactFiber$test: {
      tag: 5,
      flags: 0,
      alternate: null,
      return: { tag: 3, flags: 0, alternate: null, return: null },
    },
  });

/**
 * The app takes over: its handler on `selector` records into `calls`, React has hydrated every
 * element of #root; then the document is ready.
 */
async function appReady(calls: string[], handlers: Record<string, (el: HTMLElement) => void> = {}) {
  for (const [selector, handler] of Object.entries(handlers))
    for (const el of document.querySelectorAll<HTMLElement>(selector))
      el.addEventListener('click', () => {
        calls.push(selector);
        handler(el);
      });
  for (const el of document.querySelectorAll('#root *')) markHydrated(el);
  document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '');
  // The observer's callback is a microtask.
  await Promise.resolve();
  await Promise.resolve();
}

const tap = (el: Element | null) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  el?.dispatchEvent(event);
  return event;
};

const notice = () => document.querySelector(`.${NOTICE_CLASS}`);

describe('keepEarlyTaps', () => {
  it('keeps a tap on a button before the app runs, shows it pressed, and carries it out once ready', async () => {
    const { calls } = page('<button type="button" aria-label="Guardar en favoritos">♥</button>');
    const heart = document.querySelector('button');
    let before = 0;
    heart?.addEventListener('click', () => before++);
    const event = tap(heart);
    expect(event.defaultPrevented).toBe(true);
    expect(before).toBe(0);
    expect(heart?.hasAttribute(TAP_KEPT_ATTRIBUTE)).toBe(true);
    expect(heart?.getAttribute('aria-busy')).toBe('true');

    await appReady(calls, { button: () => {} });
    expect(calls).toEqual(['button']);
    expect(heart?.hasAttribute(TAP_KEPT_ATTRIBUTE)).toBe(false);
    expect(heart?.hasAttribute('aria-busy')).toBe(false);
  });

  it('counts taps on the same control once, and restores the aria-busy the control had', async () => {
    const { calls } = page('<button type="button" aria-busy="false">Crear alerta</button>');
    const button = document.querySelector('button');
    tap(button);
    tap(button);
    expect(taps?.kept).toHaveLength(1);
    await appReady(calls, { button: () => {} });
    expect(calls).toEqual(['button']);
    expect(button?.getAttribute('aria-busy')).toBe('false');
  });

  it('carries out several kept taps in the order they were made', async () => {
    const { calls } = page(
      '<button type="button">Compartir</button><button type="button">Abrir menú</button>',
    );
    const [share, menu] = document.querySelectorAll('button');
    tap(menu);
    tap(share);
    const order: string[] = [];
    await appReady(calls, { button: (el) => order.push(el.textContent ?? '') });
    expect(order).toEqual(['Abrir menú', 'Compartir']);
  });

  it('leaves links and native forms to the browser', () => {
    page(
      '<a href="/marketplace?university=ucab">UCAB</a><form action="/search"><input name="q"><button>Buscar</button></form>',
    );
    expect(tap(document.querySelector('a')).defaultPrevented).toBe(false);
    expect(tap(document.querySelector('form button')).defaultPrevented).toBe(false);
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    document.querySelector('form')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
    expect(taps?.kept).toHaveLength(0);
  });

  it('ignores taps outside the app (the notice, a browser extension) and after the app is ready', async () => {
    document.body.innerHTML =
      '<div id="root"><button type="button">Dentro</button></div><button type="button">Fuera</button>';
    taps = keepEarlyTaps(document);
    expect(tap(document.body.lastElementChild).defaultPrevented).toBe(false);
    await appReady([]);
    expect(tap(document.querySelector('#root button')).defaultPrevented).toBe(false);
  });

  it("keeps an app form's submission (no action: natively it would put its fields in the URL) and submits it once ready", async () => {
    const { calls } = page(
      '<form><input name="email" value="a@b.c"><input type="password" name="password" value="x"><button type="submit">Continuar</button></form>',
    );
    const form = document.querySelector('form') as HTMLFormElement;
    const submitted: string[] = [];
    // Enter in a field: the browser submits through the default button's click, which is kept.
    expect(tap(form.querySelector('button')).defaultPrevented).toBe(true);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      submitted.push(new FormData(form).get('email') as string);
    });
    await appReady(calls);
    expect(submitted).toEqual(['a@b.c']);
  });

  it('keeps the submission of an app form that has no submit button', async () => {
    page('<form><input name="q"></form>');
    const form = document.querySelector('form') as HTMLFormElement;
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    const submitted = vi.fn((e: Event) => e.preventDefault());
    form.addEventListener('submit', submitted);
    await appReady([]);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('acts on the state the person saw: a toggle the app already shows in the other state is not toggled back', async () => {
    const { calls } = page(
      '<button type="button" aria-pressed="false" aria-label="Guardar en favoritos">♥</button><button type="button" aria-pressed="false" aria-label="Guardar en favoritos">♥</button>',
    );
    const [saved, notSaved] = document.querySelectorAll('button');
    tap(saved);
    tap(notSaved);
    // The person's favourites arrive with the app: the first was saved already.
    saved.setAttribute('aria-pressed', 'true');
    await appReady(calls, { button: () => {} });
    expect(calls).toEqual(['button']);
    expect(saved.hasAttribute(TAP_KEPT_ATTRIBUTE)).toBe(false);
  });

  it('ticks a box tapped before the app runs once it is ready (the box shows the new state while the tap is dispatched)', async () => {
    const { calls } = page(
      '<label><input type="checkbox"> Acepto los términos</label><label><input type="radio" name="r"> 5 estrellas</label>',
    );
    const [box, star] = document.querySelectorAll('input');
    // The browser's own click, with its toggle while the event runs and its undoing when cancelled.
    box.click();
    star.click();
    expect(box.checked).toBe(false);
    expect(star.checked).toBe(false);
    expect(taps?.kept).toHaveLength(2);
    await appReady(calls, { 'input[type="checkbox"]': () => {}, 'input[type="radio"]': () => {} });
    expect(calls).toEqual(['input[type="checkbox"]', 'input[type="radio"]']);
    expect(box.checked).toBe(true);
    expect(star.checked).toBe(true);
  });

  it('finds a control the app drew anew by its name and place (a shell rendered over, a link become a button)', async () => {
    page(
      '<a href="/login?next=%2Fproduct%2F5" data-needs-app>Contactar por WhatsApp</a><button type="button">Compartir</button><button type="button">Compartir</button>',
    );
    const link = document.querySelector('a');
    expect(tap(link).defaultPrevented).toBe(true);
    tap(document.querySelectorAll('button')[1]);
    // The app's first commit replaces the markup: for a signed-in buyer, a button.
    const root = document.getElementById('root') as HTMLElement;
    root.innerHTML =
      '<button type="button">Contactar por WhatsApp</button><button type="button" id="s1">Compartir</button><button type="button" id="s2">Compartir</button>';
    const clicked: string[] = [];
    for (const b of root.querySelectorAll('button'))
      b.addEventListener('click', () => clicked.push(b.id || b.textContent || ''));
    await appReady([]);
    expect(clicked).toEqual(['Contactar por WhatsApp', 's2']);
    expect(notice()).toBeNull();
  });

  it('says so when a kept control is gone once the app runs, rather than doing nothing', async () => {
    page('<button type="button">Reportar</button>');
    tap(document.querySelector('button'));
    (document.getElementById('root') as HTMLElement).innerHTML = '<p>Esta es tu publicación.</p>';
    await appReady([]);
    expect(notice()?.textContent).toContain(CONTROL_GONE_TEXT);
    expect(notice()?.getAttribute('role')).toBe('alert');
    // Read, then gone.
    await vi.waitFor(() => expect(notice()).toBeNull(), { timeout: NOTICE_MS + 1000 });
  });

  it("when the app's scripts fail to load: says so with a button to reload, follows a kept link, keeps nothing more", async () => {
    page(
      '<a href="/login?next=%2Fproduct%2F5" data-needs-app>Contactar por WhatsApp</a><button type="button">Compartir</button>',
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    const [link, share] = [document.querySelector('a'), document.querySelector('button')];
    tap(share);
    tap(link);
    const script = document.createElement('script');
    script.type = 'module';
    document.head.append(script);
    script.dispatchEvent(new Event('error'));
    expect(notice()?.textContent).toContain(LOAD_FAILED_TEXT);
    expect(assign).toHaveBeenCalledWith(`${location.origin}/login?next=%2Fproduct%2F5`);
    expect(share?.hasAttribute(TAP_KEPT_ATTRIBUTE)).toBe(false);
    expect(tap(share).defaultPrevented).toBe(false);
    notice()?.querySelector('button')?.click();
    expect(reload).toHaveBeenCalledTimes(1);
    // A late start after all (the error was not fatal): the notice goes.
    await appReady([]);
    expect(notice()).toBeNull();
    script.remove();
    assign.mockRestore();
    reload.mockRestore();
  });

  it('counts an error thrown by the app while it starts as a failure, but not a photo that failed', () => {
    page('<button type="button">Compartir</button>');
    const img = document.createElement('img');
    document.getElementById('root')?.append(img);
    img.dispatchEvent(new Event('error'));
    expect(notice()).toBeNull();
    window.dispatchEvent(new ErrorEvent('error', { filename: `${location.origin}/assets/index-abc.js` }));
    expect(notice()?.textContent).toContain(LOAD_FAILED_TEXT);
  });

  it('once the app is ready, leaves hydrated controls to it and keeps a tap on one React has not reached yet', async () => {
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '');
    page('<button type="button">Compartir</button><button type="button">Reportar</button>');
    const [share, report] = document.querySelectorAll('button');
    markHydrated(share);
    expect(tap(share).defaultPrevented).toBe(false);
    const reported = vi.fn();
    report.addEventListener('click', reported);
    expect(tap(report).defaultPrevented).toBe(true);
    expect(report.hasAttribute(TAP_KEPT_ATTRIBUTE)).toBe(true);
    await new Promise((r) => setTimeout(r, 120));
    expect(reported).not.toHaveBeenCalled();
    // Its part of the page is hydrated (its chunk came): the tap is carried out, once.
    markHydrated(report);
    await vi.waitFor(() => expect(reported).toHaveBeenCalledTimes(1));
    expect(report.hasAttribute(TAP_KEPT_ATTRIBUTE)).toBe(false);
  });
});

describe('keepEarlyTaps with React', () => {
  /** A control in a part of the page whose chunk the browser has not loaded yet. */
  function Report() {
    const [count, setCount] = useState(0);
    return (
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        Reportar {count}
      </button>
    );
  }
  function Page({ part }: { part: ReactNode }) {
    return (
      <main>
        <Suspense fallback={<p>Cargando...</p>}>{part}</Suspense>
      </main>
    );
  }

  /** The server's HTML, hydrated while the part's chunk is still loading; `resolve` brings it. */
  async function hydrateWithPendingPart(): Promise<{ button: HTMLButtonElement; resolve: () => void }> {
    document.body.innerHTML = `<div id="root">${renderToString(<Page part={<Report />} />)}</div>`;
    let resolve: () => void = () => {};
    const chunk = new Promise<{ default: typeof Report }>((r) => (resolve = () => r({ default: Report })));
    const LazyReport = lazy(() => chunk);
    await act(async () => {
      hydrateRoot(document.getElementById('root') as HTMLElement, <Page part={<LazyReport />} />);
    });
    return { button: document.querySelector('button') as HTMLButtonElement, resolve };
  }

  it('React itself drops a tap on a part it has not hydrated yet (what the keeper is for after the app is ready)', async () => {
    const { button, resolve } = await hydrateWithPendingPart();
    expect(isHydrated(button)).toBe(false);
    await act(async () => {
      button.click();
    });
    await act(async () => resolve());
    expect(isHydrated(document.querySelector('button') as Element)).toBe(true);
    expect(document.querySelector('button')?.textContent).toBe('Reportar 0');
  });

  /**
   * The server's HTML, hydrated while a later part of the same boundary is still loading: React
   * renders the button (its props are on it) and throws the render away when the part suspends.
   */
  async function hydrateBesidePendingPart(): Promise<{ button: HTMLButtonElement; resolve: () => void }> {
    const Part = () => <p>Más detalles</p>;
    const Boundary = ({ part }: { part: ReactNode }) => (
      <main>
        <Suspense fallback={<p>Cargando...</p>}>
          <Report />
          {part}
        </Suspense>
      </main>
    );
    document.body.innerHTML = `<div id="root">${renderToString(<Boundary part={<Part />} />)}</div>`;
    let resolve: () => void = () => {};
    const chunk = new Promise<{ default: typeof Part }>((r) => (resolve = () => r({ default: Part })));
    const LazyPart = lazy(() => chunk);
    await act(async () => {
      hydrateRoot(document.getElementById('root') as HTMLElement, <Boundary part={<LazyPart />} />);
    });
    return { button: document.querySelector('button') as HTMLButtonElement, resolve };
  }

  it('a control React rendered in a hydration it then put off (a later part suspended) is not hydrated: its tap is kept', async () => {
    const { button, resolve } = await hydrateBesidePendingPart();
    expect(isHydrated(button)).toBe(false);
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '');
    taps = keepEarlyTaps(document);
    await act(async () => {
      tap(button);
    });
    expect(button.hasAttribute(TAP_KEPT_ATTRIBUTE)).toBe(true);
    await act(async () => resolve());
    await vi.waitFor(() => expect(document.querySelector('button')?.textContent).toBe('Reportar 1'));
    expect(isHydrated(document.querySelector('button') as Element)).toBe(true);
  });

  it('keeps such a tap, and carries it out once, when React has hydrated the part', async () => {
    const { button, resolve } = await hydrateWithPendingPart();
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '');
    taps = keepEarlyTaps(document);
    await act(async () => {
      tap(button);
      tap(button);
    });
    expect(button.hasAttribute(TAP_KEPT_ATTRIBUTE)).toBe(true);
    await act(async () => resolve());
    await vi.waitFor(() => expect(document.querySelector('button')?.textContent).toBe('Reportar 1'));
    expect(button.hasAttribute(TAP_KEPT_ATTRIBUTE)).toBe(false);
  });
});
