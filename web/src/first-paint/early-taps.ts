/**
 * Taps made before the app runs (issue 38). A page the server rendered shows its controls long
 * before the app has hydrated them and knows the session: on a slow phone, seconds. Links and forms
 * with an `action` work without the app and are left alone. A tap on anything else that needs the
 * app (a button, a toggle, an app form's submission, or a link marked NEEDS_APP_ATTRIBUTE, whose
 * signed-in behaviour is the app's) is kept: the control shows at once that it was pressed, and once
 * the app marks the document ready (APP_READY_ATTRIBUTE: hydrated, session known) and React has
 * hydrated that control, the tap is carried out on the control as the app now draws it. A second
 * tap on a kept control is the same tap. After the app is ready, a tap on a control React has not
 * hydrated yet (a part of the page whose lazy chunk is still loading: React would drop it) is kept
 * the same way. If the app's scripts fail to load, a notice says so in Spanish with a button to
 * reload, a kept link is followed, and nothing more is kept.
 *
 * Part of the first-paint loader's entry (./load-app.ts), which every document runs at once: no
 * import of the app's, so it stays small.
 */
import { APP_READY_ATTRIBUTE, NEEDS_APP_ATTRIBUTE, TAP_KEPT_ATTRIBUTE } from './app-scripts';

/** What a tap on these does needs the app; anything else (a link, a native form) works without it. */
const CONTROLS = `button,[role="button"],[role="tab"],[role="switch"],input[type="checkbox"],input[type="radio"],[${NEEDS_APP_ATTRIBUTE}]`;
/** At most this many kept taps: a person who taps more has other trouble than a slow script. */
const MAX_KEPT = 8;
/** How long a kept tap waits, once the app is ready, for React to hydrate its control. */
const HYDRATION_WAIT_MS = 10_000;
const RETRY_MS = 50;
/** How long the notice of a control gone stays (the load failure's stays, with its button). */
export const NOTICE_MS = 6000;

/** What isHydrated reads of a React fiber (react-dom's internal instance, on the node). */
interface Fiber {
  tag: number;
  flags: number;
  return: Fiber | null;
  alternate: Fiber | null;
}
/** React's fiber tag of the root, and its flags of a fiber not committed yet (stable since React 18). */
const HOST_ROOT = 3;
const PLACEMENT = 0b10;
const HYDRATING = 0b1_0000_0000_0000;

/**
 * Whether React has hydrated (or rendered) `el` and committed it, so a click on it reaches its
 * handler. React puts its fiber on the node under a key of its own, `__reactFiber$<random>`, as
 * soon as it renders the node, even in a hydration it then throws away (a later part of the same
 * boundary suspended: the node is still the server's, and React drops a click on it). So the
 * fiber must also be mounted: React's own test (getNearestMountedFiber), which reads the flags a
 * fiber keeps until its commit. A node React has not reached has no fiber. Tested against React
 * itself (early-taps.test.tsx), so an upgrade that changes either fails there.
 */
export function isHydrated(el: Element): boolean {
  // A form is hydrated with its fields (one pass), and a form's own keys are its fields in some
  // engines (happy-dom lists no expando there): its first field answers for it.
  const probe = el instanceof HTMLFormElement ? (el.elements[0] ?? el) : el;
  const key = Object.keys(probe).find((k) => k.startsWith('__reactFiber$'));
  const fiber = key ? ((probe as unknown as Record<string, Fiber>)[key] ?? null) : null;
  if (!fiber) return false;
  let node = fiber;
  let nearestMounted: Fiber | null = fiber;
  if (!fiber.alternate) {
    // Never committed before: mounted unless it, or a parent, still waits for its first commit.
    for (let next: Fiber | null = node; next; next = next.return) {
      node = next;
      if (node.flags & (PLACEMENT | HYDRATING)) nearestMounted = node.return;
    }
  } else while (node.return) node = node.return;
  return node.tag === HOST_ROOT && nearestMounted === fiber;
}

export const LOAD_FAILED_TEXT = 'No se pudo terminar de cargar la página. Revisa tu conexión.';
export const RELOAD_TEXT = 'Recargar';
export const CONTROL_GONE_TEXT = 'La página cambió antes de atender tu toque. Inténtalo de nuevo.';
/** The notice's class (global.css), fixed at the bottom of the screen. */
export const NOTICE_CLASS = 'first-paint-notice';

/**
 * A control as the person saw it: its accessible name and its place among the controls with that
 * name. The app may redraw it (a shell rendered over, a link that becomes a button once the session
 * is known): this finds it again.
 */
interface Signature {
  name: string;
  index: number;
}

interface KeptTap {
  element: HTMLElement;
  signature: Signature;
  /** A toggle's state when tapped (aria-pressed or checked): the change the person asked for. */
  seen: string | null;
  /** A kept submission of a form without a submit button: carried out with requestSubmit. */
  form?: HTMLFormElement;
  /** aria-busy before the tap was kept, restored when it is released. */
  busy: string | null;
  /** When it was kept (Date.now()). */
  at: number;
}

const nameOf = (el: Element) =>
  (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();

const toggleState = (el: Element): string | null =>
  el instanceof HTMLInputElement ? String(el.checked) : el.getAttribute('aria-pressed');

/**
 * A toggle's state as the person saw it when they tapped. While a click is dispatched, a checkbox
 * or radio already shows the state the click makes (the browser puts the old one back only once
 * the click is cancelled), so the state seen is the other one; a radio is always unselected-to-be-
 * selected.
 */
const stateBeforeClick = (el: Element): string | null =>
  el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')
    ? String(el.type === 'radio' ? false : !el.checked)
    : toggleState(el);

function controlsNamed(root: ParentNode, name: string): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(CONTROLS)].filter((el) => nameOf(el) === name);
}

/** A submit button or a form whose submission the browser would carry out by itself: left alone. */
function submitsNatively(el: Element): boolean {
  const form = (el as HTMLButtonElement).form;
  return el instanceof HTMLButtonElement && el.type === 'submit' && !!form?.hasAttribute('action');
}

export interface EarlyTaps {
  /** The taps kept so far, in order (tests). */
  readonly kept: readonly KeptTap[];
  /** Stops keeping taps and forgets the kept ones. */
  stop(): void;
}

/**
 * Starts keeping taps in `doc`: every tap on a control until the app is ready (then carried out), and
 * after that the taps on controls React has not hydrated yet; none after the app's scripts failed
 * to load (said in a notice).
 */
export function keepEarlyTaps(doc: Document = document): EarlyTaps {
  const kept: KeptTap[] = [];
  const root = () => doc.getElementById('root');

  const mark = (tap: KeptTap) => {
    tap.element.setAttribute(TAP_KEPT_ATTRIBUTE, '');
    tap.element.setAttribute('aria-busy', 'true');
  };
  const unmark = (tap: KeptTap) => {
    tap.element.removeAttribute(TAP_KEPT_ATTRIBUTE);
    if (tap.busy === null) tap.element.removeAttribute('aria-busy');
    else tap.element.setAttribute('aria-busy', tap.busy);
  };

  const keep = (element: HTMLElement, seen: string | null, form?: HTMLFormElement) => {
    if (kept.some((tap) => tap.element === element) || kept.length >= MAX_KEPT) return;
    const name = nameOf(element);
    const scope = root() ?? doc;
    const tap: KeptTap = {
      element,
      signature: { name, index: controlsNamed(scope, name).indexOf(element) },
      seen,
      form,
      busy: element.getAttribute('aria-busy'),
      at: Date.now(),
    };
    kept.push(tap);
    mark(tap);
  };

  let ready = doc.documentElement.hasAttribute(APP_READY_ATTRIBUTE);
  /** Whether a tap on `control` waits: the app is not ready, or React has not reached it yet. */
  const mustWait = (control: Element) => !ready || !isHydrated(control);

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest<HTMLElement>(CONTROLS);
    if (!control || !root()?.contains(control) || submitsNatively(control) || !mustWait(control)) return;
    // Not the browser's (a link's navigation, a box's toggle, a form's submission) nor the page's.
    const seen = stateBeforeClick(control);
    event.preventDefault();
    event.stopImmediatePropagation();
    keep(control, seen);
    if (ready) flush();
  };

  // A form without an `action` is the app's (sign-in, a question): submitted natively it would go
  // to the page's own URL with its fields in the query. Kept instead, as its submitter's tap.
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.hasAttribute('action') || !root()?.contains(form)) return;
    if (!mustWait(form)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
    if (submitter) keep(submitter, toggleState(submitter));
    else keep(form, null, form);
    if (ready) flush();
  };

  /** The control as the app draws it now: the same element, else the one with its name and place. */
  const current = (tap: KeptTap): HTMLElement | undefined => {
    const scope = root();
    if (!scope) return undefined;
    if (scope.contains(tap.element)) return tap.element;
    if (tap.form) return undefined;
    return controlsNamed(scope, tap.signature.name)[Math.max(tap.signature.index, 0)];
  };

  let notice: HTMLElement | null = null;
  const showNotice = (text: string, reload: boolean) => {
    notice?.remove();
    notice = doc.createElement('div');
    notice.className = NOTICE_CLASS;
    notice.setAttribute('role', 'alert');
    const p = doc.createElement('p');
    p.textContent = text;
    notice.append(p);
    if (reload) {
      const button = doc.createElement('button');
      button.type = 'button';
      button.className = 'btn btn--primary btn--sm';
      button.textContent = RELOAD_TEXT;
      button.addEventListener('click', () => doc.defaultView?.location.reload());
      notice.append(button);
    } else {
      // Read, then out of the way (as the app's toasts).
      const shown = notice;
      setTimeout(() => shown.remove(), NOTICE_MS);
    }
    doc.body.append(notice);
  };

  /**
   * Carries out the kept taps in the order they were made, each once React has hydrated its control
   * (retried every RETRY_MS, HYDRATION_WAIT_MS at most after the app is ready or the tap is made).
   */
  let readyAt = Date.now();
  let retry: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(retry);
    let gone = false;
    while (kept.length > 0) {
      const tap = kept[0];
      const element = current(tap);
      if (element && !isHydrated(element) && Date.now() - Math.max(readyAt, tap.at) < HYDRATION_WAIT_MS) {
        retry = setTimeout(flush, RETRY_MS);
        break;
      }
      kept.shift();
      unmark(tap);
      if (!element || !isHydrated(element)) {
        gone = true;
        continue;
      }
      // A toggle already in another state than the one tapped: the change asked for is made.
      if (tap.seen !== null && toggleState(element) !== tap.seen) continue;
      if (tap.form && element instanceof HTMLFormElement) element.requestSubmit();
      else element.click();
    }
    if (gone) showNotice(CONTROL_GONE_TEXT, false);
  };

  let failed = false;
  const fail = () => {
    if (ready || failed) return;
    failed = true;
    stop();
    showNotice(LOAD_FAILED_TEXT, true);
    // Links work without the app: a kept one is followed; a button can only wait for a reload.
    for (const tap of kept.splice(0)) {
      unmark(tap);
      if (tap.element instanceof HTMLAnchorElement && tap.element.hasAttribute('href')) {
        doc.defaultView?.location.assign(tap.element.href);
        break;
      }
    }
  };

  // A script or preloaded module of the app that fails to load, or an error thrown while the app's
  // modules run, before the app is ready: it will not be. Resource errors do not bubble: captured.
  const onError = (event: Event) => {
    const target = event.target;
    const failedFile =
      (target instanceof HTMLScriptElement && target.type === 'module') ||
      (target instanceof HTMLLinkElement && target.rel === 'modulepreload');
    const thrown = event instanceof ErrorEvent && /\/assets\//.test(event.filename);
    if (failedFile || thrown) fail();
  };

  const observer = new MutationObserver(() => {
    if (ready || !doc.documentElement.hasAttribute(APP_READY_ATTRIBUTE)) return;
    ready = true;
    readyAt = Date.now();
    observer.disconnect();
    notice?.remove();
    doc.defaultView?.removeEventListener('error', onError, true);
    // Taps are kept from now on only on what React has not hydrated yet; after a failure, none.
    if (!failed) flush();
  });

  function stop() {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('submit', onSubmit, true);
    doc.defaultView?.removeEventListener('error', onError, true);
  }

  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  if (!ready) {
    doc.defaultView?.addEventListener('error', onError, true);
    observer.observe(doc.documentElement, { attributes: true, attributeFilter: [APP_READY_ATTRIBUTE] });
  }

  return {
    kept,
    stop: () => {
      stop();
      observer.disconnect();
      clearTimeout(retry);
      for (const tap of kept.splice(0)) unmark(tap);
    },
  };
}
