/**
 * The designs `npm run bench -- taps` (./taps.ts) compares with today's, made from the same build
 * by rewriting what the origin serves (issue 38): pure text transforms, unit-tested in
 * test/unit/taps-designs.test.ts. Nothing here is production code.
 */
import { APP_SCRIPTS_TEMPLATE_ID } from '../../web/src/first-paint/app-scripts';

/** The held tags as web/src/server/document.ts writes them: one line, then the loader's. */
const HELD = new RegExp(`[ \\t]*<template id="${APP_SCRIPTS_TEMPLATE_ID}">([\\s\\S]*?)</template>\\n?`);
/** The first-paint loader's tag (document.ts `loaderTag`): the only render-blocking module script. */
const LOADER = /<script type="module"[^>]*\bblocking="render"[^>]*><\/script>/;

/**
 * Design B, "at once, low priority": a rendered document's held tags (the modulepreload links and
 * the app's module script) taken out of the inert template and put in the head as live tags, each
 * with `fetchpriority="low"`, in the template's order, right after the loader's tag. The loader
 * stays: it runs first (module scripts run in document order) and keeps the taps made before the
 * app is ready; with no template it activates nothing. A document without the template (a static
 * shell) is returned as it is.
 */
export function scriptsAtOnce(html: string): string {
  const held = HELD.exec(html);
  if (!held) return html;
  const tags = held[1].replace(
    /<((?:link|script)\b[^>]*)>/g,
    (_, tag: string) => `<${tag} fetchpriority="low">`,
  );
  const rest = html.slice(0, held.index) + html.slice(held.index + held[0].length);
  const loader = LOADER.exec(rest);
  if (!loader) throw new Error('A rendered document with held scripts but no first-paint loader');
  const end = loader.index + loader[0].length;
  return `${rest.slice(0, end)}\n    ${tags}${rest.slice(end)}`;
}

/** The loader's wait for the first photos (web/src/first-paint/app-scripts.ts). */
const PHOTOS_WAIT = /(export const FIRST_PHOTOS_WAIT_MS\s*=\s*)[^;]+;/;

/**
 * Design C, "after first paint": web/src/first-paint/app-scripts.ts's source with the wait for the
 * first photos set to 0 ms, so the loader (bundled from it by the bench) adds the app's scripts
 * right after the first frame is painted, photos or not.
 */
export function withoutPhotosWait(appScriptsSource: string): string {
  if (!PHOTOS_WAIT.test(appScriptsSource))
    throw new Error('FIRST_PHOTOS_WAIT_MS is no longer a constant of first-paint/app-scripts.ts');
  return appScriptsSource.replace(PHOTOS_WAIT, (_, head: string) => `${head}0;`);
}
