// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APP_MODULES_META,
  SCREEN_MODULES_META,
  afterPaint,
  appModules,
  firstScreen,
  loadApp,
  nextTask,
  photoSettled,
  preloadScreen,
} from './boot';

afterEach(() => {
  document.head.innerHTML = '';
  vi.useRealTimers();
});

/** An <img> whose photo is still loading (happy-dom loads none). */
const photoOnItsWay = () => {
  const photo = document.createElement('img');
  Object.defineProperty(photo, 'complete', { value: false });
  return photo;
};

const listApp = (content: string) => {
  const meta = document.createElement('meta');
  meta.name = APP_MODULES_META;
  meta.content = content;
  document.head.append(meta);
};

describe('the app started by the early script', () => {
  it("preloads the app's modules one per task, then runs them one per task in the listed order, the entry last", async () => {
    listApp('/assets/runtime-a.js /assets/react-b.js  /assets/index-c.js');
    const steps: string[] = [];
    const links = () => document.head.querySelectorAll('link[rel="modulepreload"]').length;
    const betweenTasks = async () => {
      steps.push(`task (${links()} preloaded)`);
    };
    const importModule = vi.fn(async (url: string) => {
      steps.push(url);
      return { url };
    });
    await expect(loadApp(importModule, betweenTasks)).resolves.toEqual({ url: '/assets/index-c.js' });
    expect(steps).toEqual([
      'task (1 preloaded)',
      'task (2 preloaded)',
      'task (3 preloaded)',
      '/assets/runtime-a.js',
      'task (3 preloaded)',
      '/assets/react-b.js',
      'task (3 preloaded)',
      '/assets/index-c.js',
    ]);
    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(preloads.map((l) => new URL(l.href).pathname)).toEqual([
      '/assets/runtime-a.js',
      '/assets/react-b.js',
      '/assets/index-c.js',
    ]);
    // The same fetch mode as the module graph's own requests, or the browser fetches twice.
    expect(preloads.every((l) => l.getAttribute('crossorigin') === '')).toBe(true);
  });

  it('waits for a task between one module and the next', async () => {
    listApp('/assets/runtime-a.js /assets/index-c.js');
    let nextTaskRuns = () => {};
    let tasks = 0;
    const betweenTasks = () =>
      new Promise<void>((resolve) => {
        tasks++;
        // The preload links' tasks pass at once; the one before the entry waits.
        if (tasks < 3) resolve();
        else nextTaskRuns = resolve;
      });
    const importModule = vi.fn(async (_url: string) => ({}));
    const loaded = loadApp(importModule, betweenTasks);
    await vi.waitFor(() => expect(tasks).toBe(3));
    await Promise.resolve();
    expect(importModule.mock.calls.map(([url]) => url)).toEqual(['/assets/runtime-a.js']);
    nextTaskRuns();
    await loaded;
    expect(importModule.mock.calls.map(([url]) => url)).toEqual([
      '/assets/runtime-a.js',
      '/assets/index-c.js',
    ]);
  });

  it('waits for the next task by a message (a background tab throttles timers, not messages)', async () => {
    vi.useFakeTimers();
    const done = vi.fn();
    void nextTask().then(done);
    await Promise.resolve();
    expect(done).not.toHaveBeenCalled();
    // No timer involved: the fake clock has nothing to run, and the message arrives on its own.
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
    await vi.waitFor(() => expect(done).toHaveBeenCalledOnce());
  });

  it('stops at a module that fails to load, and says so', async () => {
    listApp('/assets/runtime-a.js /assets/react-b.js /assets/index-c.js');
    const importModule = vi.fn(async (url: string) => {
      if (url.includes('react')) throw new TypeError('Failed to fetch dynamically imported module');
      return {};
    });
    await expect(loadApp(importModule, async () => {})).rejects.toThrow(/Failed to fetch/);
    expect(importModule.mock.calls.map(([url]) => url)).toEqual([
      '/assets/runtime-a.js',
      '/assets/react-b.js',
    ]);
  });

  it("fetches a first screen's chunk without running it, and applies its stylesheets", async () => {
    const meta = (screen: string, content: string) => {
      const element = document.createElement('meta');
      element.name = SCREEN_MODULES_META;
      element.setAttribute('data-screen', screen);
      element.content = content;
      document.head.append(element);
    };
    // happy-dom loads no stylesheet; the link is what this checks.
    const dom = (globalThis as { happyDOM?: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } })
      .happyDOM;
    if (dom) dom.settings.handleDisabledFileLoadingAsSuccess = true;
    meta('marketplace', '/assets/common-a.js /assets/marketplace-b.js');
    meta('product', '/assets/common-a.js /assets/product-c.js /assets/product-d.css');
    const linked: number[] = [];
    const betweenLinks = async () => {
      linked.push(document.head.querySelectorAll('link').length);
    };
    await expect(preloadScreen(firstScreen('/product/42') ?? 'chooser', betweenLinks)).resolves.toBe(true);
    const links = [...document.head.querySelectorAll('link')].map((l) => [
      l.rel,
      new URL(l.href).pathname,
      l.getAttribute('crossorigin'),
    ]);
    expect(links).toEqual([
      ['modulepreload', '/assets/common-a.js', ''],
      ['modulepreload', '/assets/product-c.js', ''],
      ['stylesheet', '/assets/product-d.css', ''],
    ]);
    // One link per task.
    expect(linked).toEqual([1, 2, 3]);
    // A screen the build listed nothing for (the dev server) gets nothing.
    await expect(preloadScreen('search', betweenLinks)).resolves.toBe(false);
    expect(document.head.querySelectorAll('link')).toHaveLength(3);
  });

  it('knows the screen of each landing path', () => {
    expect(firstScreen('/')).toBe('chooser');
    expect(firstScreen('/select-university')).toBe('chooser');
    expect(firstScreen('/marketplace')).toBe('marketplace');
    expect(firstScreen('/search')).toBe('search');
    expect(firstScreen('/global-marketplace')).toBe('global');
    expect(firstScreen('/product/7')).toBe('product');
    expect(firstScreen('/profile')).toBeUndefined();
  });

  it('does nothing without a list (the dev server: index.html loads the entry itself)', () => {
    const importModule = vi.fn(async () => ({}));
    expect(appModules()).toEqual([]);
    expect(loadApp(importModule)).toBeUndefined();
    expect(importModule).not.toHaveBeenCalled();
    expect(document.head.querySelector('link')).toBeNull();
  });

  it('runs after the next frame, once, and by its timer where no frame comes (a hidden tab)', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    const then = vi.fn();
    afterPaint(then, 100);
    expect(then).not.toHaveBeenCalled();
    for (const frame of frames) frame(0);
    vi.advanceTimersByTime(0);
    expect(then).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(100);
    expect(then).toHaveBeenCalledOnce();

    const hidden = vi.fn();
    afterPaint(hidden, 100);
    vi.advanceTimersByTime(99);
    expect(hidden).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(hidden).toHaveBeenCalledOnce();
  });

  it('waits for the photo to load or fail, never longer than its bound', async () => {
    vi.useFakeTimers();
    const settled = vi.fn();
    const loading = photoOnItsWay();
    void photoSettled(loading, 300).then(settled);
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).not.toHaveBeenCalled();
    loading.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toHaveBeenCalledOnce();

    const failing = photoOnItsWay();
    const failed = vi.fn();
    void photoSettled(failing, 300).then(failed);
    failing.dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(0);
    expect(failed).toHaveBeenCalledOnce();

    const slow = photoOnItsWay();
    const gaveUp = vi.fn();
    void photoSettled(slow, 300).then(gaveUp);
    await vi.advanceTimersByTimeAsync(299);
    expect(gaveUp).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(gaveUp).toHaveBeenCalledOnce();
  });

  it('waits for a loaded photo to be decoded too (an async decode paints it a frame or more later)', async () => {
    vi.useFakeTimers();
    const photo = photoOnItsWay();
    let decoded = () => {};
    photo.decode = () => new Promise<void>((resolve) => (decoded = resolve));
    const settled = vi.fn();
    void photoSettled(photo, 300).then(settled);
    photo.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(50);
    expect(settled).not.toHaveBeenCalled();
    decoded();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toHaveBeenCalledOnce();
  });
});
