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
  it("adds the template's tags to the head as live elements, in order and with their attributes, and drops the template", () => {
    document.head.innerHTML = `<template id="${APP_SCRIPTS_TEMPLATE_ID}"><script type="module" crossorigin src="/assets/index-a.js"></script><link rel="modulepreload" crossorigin href="/assets/react-b.js"><link rel="modulepreload" crossorigin href="/assets/product-c.js"></template>`;
    activateAppScripts();
    expect(document.getElementById(APP_SCRIPTS_TEMPLATE_ID)).toBeNull();
    const added = [...document.head.children].map((el) => el.outerHTML);
    expect(added).toEqual([
      '<script type="module" crossorigin="" src="/assets/index-a.js"></script>',
      '<link rel="modulepreload" crossorigin="" href="/assets/react-b.js">',
      '<link rel="modulepreload" crossorigin="" href="/assets/product-c.js">',
    ]);
    // Created by the document, not moved out of the template: a parser-made script would not run.
    const script = document.head.querySelector('script');
    expect(script?.ownerDocument).toBe(document);
  });

  it('does nothing on a document without the template (a shell, or a page already activated)', () => {
    document.head.innerHTML = '<meta name="theme-color" content="#1e40af">';
    activateAppScripts();
    expect(document.head.children).toHaveLength(1);
  });
});
