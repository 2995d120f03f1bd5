// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHE_URLS, NETWORK_STATUS, SKIP_WAITING } from './messages';
import { loadedUrls, registerServiceWorker } from './register-service-worker';
import { applyUpdate, getPwaStatus, offerUpdate, reportNetwork } from './status';

/** A worker as the page sees it: a state, statechange events, and the messages it was sent. */
class FakeWorker extends EventTarget {
  readonly postMessage = vi.fn();
  constructor(public state: string) {
    super();
  }
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  readonly update = vi.fn(async () => undefined);
}

class FakeContainer extends EventTarget {
  readonly registration = new FakeRegistration();
  readonly register = vi.fn(async (_url: string, _options: RegistrationOptions) => this.registration);
  constructor(public controller: FakeWorker | null) {
    super();
  }
  takeControl(worker: FakeWorker) {
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
  }
  message(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

const register = (container: FakeContainer, reload: () => void) =>
  registerServiceWorker(container as unknown as ServiceWorkerContainer, reload);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  offerUpdate(null);
  reportNetwork(true);
});

describe('registering the service worker', () => {
  it('registers /sw.js for the whole app, always checking the network for a new worker script', async () => {
    const container = new FakeContainer(null);
    await register(container, vi.fn());
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  it('on the first install, hands the worker what the page loaded before it took control', async () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { name: `${location.origin}/api/products/42` },
      { name: `${location.origin}/assets/product-abc.js` },
      { name: 'https://cognito.example/oauth2/token' },
    ] as PerformanceEntryList);
    const container = new FakeContainer(null);
    const reload = vi.fn();
    await register(container, reload);
    const worker = new FakeWorker('activated');
    container.takeControl(worker);
    expect(worker.postMessage).toHaveBeenCalledWith({
      type: CACHE_URLS,
      payload: {
        urlsToCache: [`${location.origin}/api/products/42`, `${location.origin}/assets/product-abc.js`],
      },
    });
    expect(reload).not.toHaveBeenCalled();
    expect(getPwaStatus().updateAvailable).toBe(false);
  });

  it('on the first install over a page the server rendered, hands the worker that page too, as its page rule takes it', async () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { name: `${location.origin}/assets/product-abc.js` },
    ] as PerformanceEntryList);
    document.documentElement.setAttribute('data-server-rendered', '');
    history.replaceState(null, '', '/product/42?ref=wa#fotos');
    try {
      const container = new FakeContainer(null);
      await register(container, vi.fn());
      const worker = new FakeWorker('activated');
      container.takeControl(worker);
      expect(worker.postMessage).toHaveBeenCalledWith({
        type: CACHE_URLS,
        payload: {
          urlsToCache: [
            [`${location.origin}/product/42?ref=wa`, { headers: { accept: 'text/html' } }],
            `${location.origin}/assets/product-abc.js`,
          ],
        },
      });
    } finally {
      document.documentElement.removeAttribute('data-server-rendered');
      history.replaceState(null, '', '/');
    }
  });

  it('offers a waiting update, and reloads once, only after the person chose it and the new worker took over', async () => {
    const container = new FakeContainer(new FakeWorker('activated'));
    const waiting = new FakeWorker('installed');
    container.registration.waiting = waiting;
    const reload = vi.fn();
    await register(container, reload);
    expect(getPwaStatus().updateAvailable).toBe(true);
    expect(waiting.postMessage).not.toHaveBeenCalled();

    applyUpdate();
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: SKIP_WAITING });
    expect(reload).not.toHaveBeenCalled();
    container.takeControl(waiting);
    container.takeControl(waiting);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once when the chosen worker activates, even before its controllerchange arrives', async () => {
    const container = new FakeContainer(new FakeWorker('activated'));
    const waiting = new FakeWorker('installed');
    container.registration.waiting = waiting;
    const reload = vi.fn();
    await register(container, reload);
    waiting.become('activating');
    expect(reload).not.toHaveBeenCalled();
    applyUpdate();
    waiting.become('activated');
    expect(reload).toHaveBeenCalledTimes(1);
    container.takeControl(waiting);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers an update found while the page is open, once it installed', async () => {
    const container = new FakeContainer(new FakeWorker('activated'));
    await register(container, vi.fn());
    const next = new FakeWorker('installing');
    container.registration.installing = next;
    container.registration.dispatchEvent(new Event('updatefound'));
    expect(getPwaStatus().updateAvailable).toBe(false);
    next.become('installed');
    expect(getPwaStatus().updateAvailable).toBe(true);
  });

  it("never reloads by itself when another tab's update took over: it offers the reload", async () => {
    const container = new FakeContainer(new FakeWorker('activated'));
    const reload = vi.fn();
    await register(container, reload);
    container.takeControl(new FakeWorker('activated'));
    expect(reload).not.toHaveBeenCalled();
    expect(getPwaStatus().updateAvailable).toBe(true);
    applyUpdate();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("shows the worker's word on the network: a failed API read is offline until one succeeds", async () => {
    const container = new FakeContainer(new FakeWorker('activated'));
    await register(container, vi.fn());
    container.message({ type: NETWORK_STATUS, online: false });
    expect(getPwaStatus().offline).toBe(true);
    container.message({ type: 'SOMETHING_ELSE', online: true });
    expect(getPwaStatus().offline).toBe(true);
    container.message({ type: NETWORK_STATUS, online: true });
    expect(getPwaStatus().offline).toBe(false);
  });

  it('looks for a new version every hour while the tab stays open', async () => {
    const container = new FakeContainer(new FakeWorker('activated'));
    await register(container, vi.fn());
    expect(container.registration.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(container.registration.update).toHaveBeenCalledTimes(1);
  });
});

describe('loadedUrls', () => {
  it('keeps same-origin API reads, hashed files and images once each, nothing else', () => {
    const origin = 'https://mercado.example';
    expect(
      loadedUrls(
        [
          { name: `${origin}/api/products/1` },
          { name: `${origin}/api/products/1` },
          { name: `${origin}/assets/a.js` },
          { name: `${origin}/images/products/1/0.webp` },
          { name: `${origin}/favicon.svg` },
          { name: 'https://elsewhere.example/api/products/1' },
          { name: 'not a url' },
        ],
        origin,
      ),
    ).toEqual([`${origin}/api/products/1`, `${origin}/assets/a.js`, `${origin}/images/products/1/0.webp`]);
  });
});
