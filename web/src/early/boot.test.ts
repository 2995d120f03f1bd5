// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_MODULES_META, afterPaint, appModules, loadApp, photoSettled } from './boot';

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
  it("preloads the entry's imports and imports the entry", async () => {
    listApp('/assets/index-a.js /assets/react-b.js  /assets/data-c.js');
    const importModule = vi.fn(async () => ({}));
    await loadApp(importModule);
    expect(importModule).toHaveBeenCalledExactlyOnceWith('/assets/index-a.js');
    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(preloads.map((l) => new URL(l.href).pathname)).toEqual([
      '/assets/react-b.js',
      '/assets/data-c.js',
    ]);
    // The same fetch mode as the module graph's own requests, or the browser fetches twice.
    expect(preloads.every((l) => l.getAttribute('crossorigin') === '')).toBe(true);
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
