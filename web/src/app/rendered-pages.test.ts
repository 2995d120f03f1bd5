// @vitest-environment happy-dom
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RENDERED_PAGES, shellPages } from '#shared/pages';
import { routes as moreRoutes } from './more-routes';
import { routes } from './router';

/**
 * shared/pages.ts lists the server-rendered pages and the pages served a shell only by router
 * pattern; the app's route table (router.tsx, and more-routes.tsx under its catch-all) is the other
 * list of them. Each pattern must be a route of the table, and the route the app renders at such a
 * path.
 */

/** Every route of the table with its full pattern; more-routes.tsx's table sits under the layout's `*`. */
function tableEntries(): { pattern: string; route: RouteObject }[] {
  const entries: { pattern: string; route: RouteObject }[] = [];
  const walk = (table: RouteObject[], parent: string, main: boolean) => {
    for (const route of table) {
      const own = route.path ?? '';
      const pattern = route.index
        ? parent
        : own.startsWith('/')
          ? own
          : `${parent.replace(/\/$/, '')}/${own}`;
      entries.push({ pattern, route });
      if (route.children) walk(route.children, route.path ? pattern : parent, main);
      if (main && route.path === '*' && parent === '/') walk(moreRoutes, '/', false);
    }
  };
  walk(routes, '/', true);
  return entries;
}

/** The route the app renders at `pathname`: router.tsx's, or more-routes.tsx's behind the catch-all. */
function renderedRoute(pathname: string): RouteObject | undefined {
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route;
  if (leaf?.path !== '*') return leaf;
  return matchRoutes(moreRoutes, pathname)?.at(-1)?.route;
}

const samplePath = (pattern: string) => pattern.replace(/:\w+/g, 'x1');

describe('the rendered pages and the app’s route table', () => {
  const entries = tableEntries();
  const patterns = RENDERED_PAGES.flatMap((page) => page.routes.map((route) => ({ kind: page.kind, route })));

  it.each(patterns)('$kind: $route is a route of the app, the one rendered at such a path', ({ route }) => {
    // A screen (a leaf), not the layout route '/' above them.
    const entry = entries.find((e) => e.pattern === route && !e.route.children);
    expect(entry, `${route} is not in router.tsx or more-routes.tsx`).toBeDefined();
    expect(renderedRoute(samplePath(route))).toBe(entry?.route);
  });

  it('tells a route of the table from one that is not (the check above can fail)', () => {
    expect(entries.some((e) => e.pattern === '/producto/:id')).toBe(false);
    expect(renderedRoute('/producto/x1')?.path).toBe('*');
    expect(entries.some((e) => e.pattern === '/vendedor/:id')).toBe(true);
  });
});

describe('the pages served a shell only and the app’s route table', () => {
  const entries = tableEntries();
  const notFound = moreRoutes.find((route) => route.path === '*');
  const patterns = shellPages().flatMap((page) => page.routes.map((route) => ({ kind: page.kind, route })));

  it.each(patterns)('$kind: $route is a page of the app, not its 404', ({ route }) => {
    const rendered = renderedRoute(samplePath(route));
    expect(rendered, `${route} renders nothing`).toBeDefined();
    expect(rendered, `${route} is the 404 page`).not.toBe(notFound);
    // A screen's own route, or the admin area's (its pages are matched inside it).
    const entry = entries.find((e) => e.route === rendered);
    expect([route, `${route.replace(/\/:\w+$/, '')}/*`]).toContain(entry?.pattern);
  });

  it('tells a page from the 404 (the check above can fail)', () => {
    expect(renderedRoute('/perfil')).toBe(notFound);
  });
});
