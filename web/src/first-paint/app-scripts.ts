/**
 * The contract between a rendered document (server/document.ts) and its first script
 * (./load-app.ts): the app's module script and modulepreload links sit inert in this `<template>`
 * until the first screen's photos are in (decision 052), in the order the loader runs them: the
 * entry's imports (index.html's modulepreload links, each run in a task of its own), the entry's
 * script, then the screen's modulepreload links (fetched only: the router runs the screen). No
 * imports: ./load-app.ts is an entry of its own and must stay a few hundred bytes, apart from the
 * app's chunks.
 */
export const APP_SCRIPTS_TEMPLATE_ID = 'app-scripts';

/** ./load-app.ts's input name in the client build (vite.config.ts), by which the render finds its file in the manifest. */
export const APP_LOADER_ENTRY = 'load-app';

/** The photos a rendered page paints first: the ones it asks for at high priority (product-card.tsx, product-gallery.tsx). */
export const FIRST_PHOTOS_SELECTOR = '#root img[fetchpriority="high"]';

/** How long the app waits for those photos at most: past it, a slow photo no longer holds the app back. */
export const FIRST_PHOTOS_WAIT_MS = 3000;

/**
 * Set on <html> by the app (main.tsx) once it has taken over the page and knows the session: taps
 * kept before then (./early-taps.ts) are carried out now. The end-to-end tests read it too.
 */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/**
 * Marks a link whose tap the app handles itself once it runs (e.g. 'Contactar por WhatsApp', a
 * link to /login for a visitor but the contact dialog for a signed-in buyer): a tap before then is
 * kept for the app rather than followed; if the app fails to load, the link is followed.
 */
export const NEEDS_APP_ATTRIBUTE = 'data-needs-app';

/** On a control whose tap is kept until the app is ready: drawn as pressed (global.css). */
export const TAP_KEPT_ATTRIBUTE = 'data-tap-kept';
