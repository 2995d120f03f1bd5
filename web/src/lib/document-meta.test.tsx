// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDocumentHead, useDocumentMeta } from './document-meta';
import { globalHead } from './page-head/listings';
import { notFoundHead } from './page-head/pages';
import type { PageHead } from './page-head/types';

function Head({ head }: { head: PageHead | null }) {
  useDocumentHead(() => head);
  return null;
}

function Meta({ title, path }: { title: string; path?: string }) {
  useDocumentMeta(title, undefined, path);
  return null;
}

const canonical = () => document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null;

describe('the client side of the page heads', () => {
  afterEach(cleanup);

  it("sets the builder's title, description and canonical URL, as the server writes them", () => {
    document.head.innerHTML = '<meta name="description" content="del sitio">';
    const head = globalHead({ origin: location.origin, now: new Date() });
    render(<Head head={head} />);
    expect(document.title).toBe('Marketplace Global | Mercado Universitario');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Productos de estudiantes de todas las universidades de Venezuela.',
    );
    expect(canonical()).toBe(`${location.origin}/global-marketplace`);
  });

  it('a not-found page drops the canonical link; null (data loading) leaves the document as it is', () => {
    render(<Head head={globalHead({ origin: location.origin, now: new Date() })} />);
    cleanup();
    render(<Head head={null} />);
    expect(document.title).toBe('Marketplace Global | Mercado Universitario');
    render(<Head head={notFoundHead('seller', { origin: location.origin, now: new Date() })} />);
    expect(document.title).toBe('Vendedor no encontrado | Mercado Universitario');
    expect(canonical()).toBeNull();
  });

  it('the screens without a page kind keep their title with the site name', () => {
    render(<Meta title="Mis Alertas" path="/alertas" />);
    expect(document.title).toBe('Mis Alertas | Mercado Universitario');
    expect(canonical()).toBe(`${location.origin}/alertas`);
  });
});
