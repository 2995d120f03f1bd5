/**
 * The only script a server-rendered document runs at once (issue 27, decision 052). Its first
 * screen is its HTML and photos: the app's modules (React, the router, the screen's chunk: ~110 KB)
 * only make it interactive. Fetched beside the photos, they shared a slow phone's bandwidth with
 * them and held the largest paint back (throttled LCP 3.3-3.8 s); low fetch priority alone did not
 * keep Lighthouse's simulation from charging every script that arrived before the paint. So the
 * document carries the app's tags, as Vite wrote them, in an inert `<template>` (./app-scripts.ts),
 * and this module adds them to the head once the first screen's photos have loaded (or failed, or
 * after FIRST_PHOTOS_WAIT_MS) and that screen has been painted. Until then the page is its HTML:
 * links and native forms work as they are; a tap on a control that needs the app is kept and
 * carried out once the app is ready (./early-taps.ts), on every document, shells included.
 *
 * Its own entry of the build (vite.config.ts), with no import of the app's, so it stays tiny.
 */
import { APP_SCRIPTS_TEMPLATE_ID, FIRST_PHOTOS_SELECTOR, FIRST_PHOTOS_WAIT_MS } from './app-scripts';
import { keepEarlyTaps } from './early-taps';

/** Resolves once every not-yet-complete first photo has loaded or failed, or after the wait. */
export function firstPhotosSettled(
  root: ParentNode = document,
  waitMs = FIRST_PHOTOS_WAIT_MS,
): Promise<void> {
  const pending = [...root.querySelectorAll<HTMLImageElement>(FIRST_PHOTOS_SELECTOR)].filter(
    (img) => !img.complete,
  );
  if (pending.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    let left = pending.length;
    const settle = () => {
      left -= 1;
      if (left === 0) resolve();
    };
    for (const img of pending) {
      img.addEventListener('load', settle, { once: true });
      img.addEventListener('error', settle, { once: true });
    }
    setTimeout(resolve, waitMs);
  });
}

/** Resolves after the next frame has been painted (a task queued from the frame's callback runs after it). */
const afterNextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A live copy of an element parsed into a template (inert there: a script parsed there would not run once moved). */
function live(doc: Document, inert: Element): HTMLElement {
  const element = doc.createElement(inert.localName);
  for (const { name, value } of inert.attributes) element.setAttribute(name, value);
  return element;
}

/**
 * Starts the app from the template (./app-scripts.ts has its order): every file is asked for at
 * once; the entry's imports run one per task, then the entry, so no single task evaluates React,
 * TanStack Query and the shell together (one 36-63 ms task here, x4 on Lighthouse's phone;
 * decision 039). The files after the entry (the screen's) are only fetched: the router runs them.
 */
export async function activateAppScripts(
  doc: Document = document,
  load: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url),
): Promise<void> {
  const template = doc.getElementById(APP_SCRIPTS_TEMPLATE_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  const tags = [...template.content.children];
  template.remove();
  const entry = tags.findIndex((tag) => tag.localName === 'script');
  for (const tag of tags) if (tag.localName === 'link') doc.head.append(live(doc, tag));
  for (const tag of tags.slice(0, Math.max(entry, 0))) {
    const href = tag.getAttribute('href');
    // A file that fails here fails the entry too, which reports it; the order only spreads the work.
    if (href) await load(href).catch(() => {});
    await nextTask();
  }
  if (entry >= 0) doc.head.append(live(doc, tags[entry]));
}

keepEarlyTaps();
void firstPhotosSettled()
  .then(afterNextPaint)
  .then(() => activateAppScripts());
