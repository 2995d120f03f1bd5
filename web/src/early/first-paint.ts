import { CATEGORY_LABELS, type Category } from '#shared/enums';
import {
  FIRST_EXAMPLE_SEARCH,
  HERO_SUBTITLE,
  HERO_TITLE,
  STEPS,
} from '@/features/universities/components/home-hero-texts';

/**
 * The first screen's text painted by the early script, before React and the screen's chunk have
 * arrived (docs/decisions/034-first-paint-before-the-app.md). Only markup that needs no data and
 * whose styles are in the global stylesheet (render-blocking, so nothing moves when it applies);
 * the same elements and classes as the React components, kept equal by a unit test. React replaces
 * it on its first commit with the same content in the same place, so nothing shifts.
 * Built with DOM calls and text nodes only: no HTML parsing, nothing to escape.
 */

export type Child = Node | string;

export function el(tag: string, className: string | null, ...children: Child[]): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

/** Sets attributes in the given order (React's order, so the serialisations compare). */
export function attrs<T extends Element>(node: T, values: Record<string, string>): T {
  for (const [name, value] of Object.entries(values)) node.setAttribute(name, value);
  return node;
}

export function link(className: string | null, href: string, ...children: Child[]): HTMLAnchorElement {
  const a = el('a', className, ...children) as HTMLAnchorElement;
  a.href = href;
  return a;
}

/**
 * A photo as React writes it: `sizes` first when there is a `srcset`, then `before`, then `srcset`
 * and `src` last (React sets them once sizes is known).
 */
export function photo(
  before: Record<string, string>,
  src: string,
  srcset?: string,
  sizes?: string,
): HTMLImageElement {
  const img = document.createElement('img');
  if (srcset && sizes) img.setAttribute('sizes', sizes);
  attrs(img, before);
  if (srcset) img.setAttribute('srcset', srcset);
  img.setAttribute('src', src);
  return img;
}

export const isText = (v: unknown): v is string => typeof v === 'string';

/** A key of CATEGORY_LABELS (own, so 'toString' is not one). */
export const isCategory = (v: unknown): v is Category => isText(v) && Object.hasOwn(CATEGORY_LABELS, v);

/** The home's hero (features/universities/components/home-hero.tsx), its first example shown. */
export function heroElement(): HTMLElement {
  const example = el(
    'p',
    'hero__example',
    'Prueba buscar: ',
    el('strong', null, `“${FIRST_EXAMPLE_SEARCH}”`),
  );
  example.setAttribute('aria-live', 'off');
  return el(
    'section',
    'hero',
    el('h1', 'hero__title', HERO_TITLE.lead, el('span', null, HERO_TITLE.emphasis)),
    el('p', 'hero__subtitle', HERO_SUBTITLE),
    example,
    el(
      'ol',
      'steps',
      ...STEPS.map((step, i) =>
        el(
          'li',
          'step',
          el('span', 'step__number', String(i + 1)),
          el('p', 'step__title', step.title),
          el('p', 'muted', step.text),
        ),
      ),
    ),
  );
}

/** The screen's content for `pathname` that needs no data, or null where the first paint waits for some. */
export function firstPaint(pathname: string): HTMLElement | null {
  if (pathname === '/' || pathname === '/select-university')
    return el('div', 'container page', heroElement());
  return null;
}

/** The HTML's shell still empty (index.html: the inert bar and an empty main), or null once React rendered. */
export function emptyShell(): Element | null {
  const main = document.querySelector('#root > .app-shell[inert] > main.app-main');
  return main && main.childElementCount === 0 ? main : null;
}

/**
 * Paints it into the HTML's shell, never into what React has rendered: once the app has mounted,
 * the shell is gone and this does nothing.
 */
export function paintFirstScreen(pathname: string): boolean {
  const main = emptyShell();
  const content = main && firstPaint(pathname);
  if (!content) return false;
  main.append(content);
  return true;
}
