// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"disableJavaScriptFileLoading": true, "handleDisabledFileLoadingAsSuccess": true}}
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_SCRIPTS_TEMPLATE_ID } from './app-scripts';
import { activateAppScripts, firstPhotosSettled } from './load-app';

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

/** A first-row photo still loading: `complete` false until the test settles it. */
function pendingPhoto(priority = 'high'): HTMLImageElement {
  const img = document.createElement('img');
  img.setAttribute('fetchpriority', priority);
  Object.defineProperty(img, 'complete', { value: false, configurable: true });
  document.getElementById('root')?.append(img);
  return img;
}

const settled = (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  return () => done;
};

describe('firstPhotosSettled', () => {
  it('waits for every high-priority photo in #root to load or fail', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    const [a, b] = [pendingPhoto(), pendingPhoto()];
    const lazy = pendingPhoto('low');
    const isDone = settled(firstPhotosSettled());
    a.dispatchEvent(new Event('load'));
    lazy.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(isDone()).toBe(false);
    b.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(isDone()).toBe(true));
  });

  it('does not wait for photos that are already in, nor for a page without any', async () => {
    document.body.innerHTML = '<div id="root"><img fetchpriority="high" src="/a.webp"></div>';
    Object.defineProperty(document.querySelector('img'), 'complete', { value: true });
    await expect(firstPhotosSettled()).resolves.toBeUndefined();
    document.body.innerHTML = '<div id="root"><h1>Mercado</h1></div>';
    await expect(firstPhotosSettled()).resolves.toBeUndefined();
  });

  it('gives up on a photo that never arrives after the wait', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="root"></div>';
    pendingPhoto();
    const isDone = settled(firstPhotosSettled(document, 3000));
    await vi.advanceTimersByTimeAsync(2999);
    expect(isDone()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isDone()).toBe(true);
  });
});

describe('activateAppScripts', () => {
  const TEMPLATE = `<template id="${APP_SCRIPTS_TEMPLATE_ID}"><link rel="modulepreload" crossorigin href="/assets/react-b.js"><link rel="modulepreload" crossorigin href="/assets/data-c.js"><script type="module" crossorigin src="/assets/index-a.js"></script><link rel="modulepreload" crossorigin href="/assets/product-d.js"></template>`;

  it("asks for every file at once, runs the entry's imports one per task, then the entry; the screen's files are only fetched", async () => {
    document.head.innerHTML = TEMPLATE;
    const events: string[] = [];
    let task = 0;
    const ticker = setInterval(() => {
      task += 1;
    }, 0);
    const load = async (url: string) => {
      events.push(
        `run ${url} (task ${task}, ${document.head.querySelectorAll('link').length} links, script ${!!document.head.querySelector('script')})`,
      );
    };
    await activateAppScripts(document, load);
    clearInterval(ticker);
    expect(document.getElementById(APP_SCRIPTS_TEMPLATE_ID)).toBeNull();
    // Both imports ran with every link already in the head, before the entry's script was.
    expect(events).toHaveLength(2);
    expect(events[0]).toMatch(/^run \/assets\/react-b\.js \(task \d+, 3 links, script false\)$/);
    expect(events[1]).toMatch(/^run \/assets\/data-c\.js \(task \d+, 3 links, script false\)$/);
    // In tasks of their own.
    const taskOf = (event: string) => Number(/task (\d+)/.exec(event)?.[1]);
    expect(taskOf(events[1])).toBeGreaterThan(taskOf(events[0]));
    // The live tags: the preloads, as written, then the entry's script last.
    expect([...document.head.children].map((el) => el.outerHTML)).toEqual([
      '<link rel="modulepreload" crossorigin="" href="/assets/react-b.js">',
      '<link rel="modulepreload" crossorigin="" href="/assets/data-c.js">',
      '<link rel="modulepreload" crossorigin="" href="/assets/product-d.js">',
      '<script type="module" crossorigin="" src="/assets/index-a.js"></script>',
    ]);
    // Created by the document, not moved out of the template: a parser-made script would not run.
    expect(document.head.querySelector('script')?.ownerDocument).toBe(document);
  });

  it('still starts the entry when one of its imports fails to load (the entry then reports it)', async () => {
    document.head.innerHTML = TEMPLATE;
    await activateAppScripts(document, (url) =>
      url.includes('react') ? Promise.reject(new Error('offline')) : Promise.resolve(),
    );
    expect(document.head.querySelector('script')?.getAttribute('src')).toBe('/assets/index-a.js');
  });

  it('does nothing on a document without the template (a shell, or a page already activated)', async () => {
    document.head.innerHTML = '<meta name="theme-color" content="#1e40af">';
    await activateAppScripts(document, () => Promise.reject(new Error('not called')));
    expect(document.head.children).toHaveLength(1);
  });
});
