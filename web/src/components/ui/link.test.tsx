// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { Link } from './link';

/** Where the app is, as a screen shows it. */
function Here() {
  const location = useLocation();
  return (
    <p data-testid="here">
      {location.pathname}
      {location.search}|{JSON.stringify(location.state)}
    </p>
  );
}

const here = () => screen.getByTestId('here').textContent;

function renderLinks(links: React.ReactNode, at = '/a') {
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <Here />
            {links}
          </>
        ),
      },
    ],
    at,
  );
}

describe('Link', () => {
  afterEach(cleanup);

  it('writes the path as its href, with its own attributes and children', () => {
    renderLinks(
      <Link to="/product/42?x=1" className="card__link" aria-label="Ver producto">
        Ver
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Ver producto' });
    expect(link.getAttribute('href')).toBe('/product/42?x=1');
    expect(link.className).toBe('card__link');
    expect(link.textContent).toBe('Ver');
    // No react-router framework-mode marker (route discovery).
    expect(link.hasAttribute('data-discover')).toBe(false);
  });

  it('resolves a relative path from where the app is', () => {
    renderLinks(<Link to="b">B</Link>, '/a/');
    expect(screen.getByRole('link', { name: 'B' }).getAttribute('href')).toBe('/a/b');
  });

  it('navigates in the app on a plain click, pushing an entry with its state', async () => {
    const { router } = renderLinks(
      <Link to="/b?q=1" state={{ from: 'a' }}>
        B
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'B' }));
    expect(here()).toBe('/b?q=1|{"from":"a"}');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('replaces the entry when asked, and by default when the link is where the app is', () => {
    const { router } = renderLinks(
      <>
        <Link to="/b" replace>
          B
        </Link>
        <Link to="/a">A</Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'B' }));
    expect(here()).toBe('/b|null');
    expect(router.state.historyAction).toBe('REPLACE');
    fireEvent.click(screen.getByRole('link', { name: 'A' }));
    expect(router.state.historyAction).toBe('PUSH');
    fireEvent.click(screen.getByRole('link', { name: 'A' }));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('leaves a modified click, a middle click and another target to the browser', () => {
    // The parent sees whether the link took the click, then keeps the test's DOM from following it.
    const taken: boolean[] = [];
    renderLinks(
      // biome-ignore lint/a11y/noStaticElementInteractions: a test probe, not UI
      // biome-ignore lint/a11y/useKeyWithClickEvents: a test probe, not UI
      <div
        onClick={(event) => {
          taken.push(event.defaultPrevented);
          event.preventDefault();
        }}
      >
        <Link to="/b">B</Link>
        <Link to="/c" target="_blank">
          C
        </Link>
      </div>,
    );
    const b = screen.getByRole('link', { name: 'B' });
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'] as const)
      fireEvent.click(b, { [modifier]: true });
    fireEvent.click(b, { button: 1 });
    const c = screen.getByRole('link', { name: 'C' });
    expect(c.getAttribute('target')).toBe('_blank');
    fireEvent.click(c);
    expect(taken).toEqual([false, false, false, false, false, false]);
    expect(here()).toBe('/a|null');
    // The same parent sees a plain click taken by the link.
    fireEvent.click(b);
    expect(taken.at(-1)).toBe(true);
    expect(here()).toBe('/b|null');
  });

  it("runs the caller's onClick first, and does not navigate when it prevents the default", () => {
    const seen = vi.fn();
    renderLinks(
      <>
        <Link to="/b" onClick={(event) => seen(event.defaultPrevented)}>
          B
        </Link>
        <Link to="/c" onClick={(event) => event.preventDefault()}>
          C
        </Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'C' }));
    expect(here()).toBe('/a|null');
    fireEvent.click(screen.getByRole('link', { name: 'B' }));
    expect(seen).toHaveBeenCalledWith(false);
    expect(here()).toBe('/b|null');
  });
});
