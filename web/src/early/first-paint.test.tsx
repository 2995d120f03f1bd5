// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadRoute } from '@/app/router';
import { HomeHero } from '@/features/universities/components/home-hero';
import { indexShellBody } from '@/testing/index-shell';
import { fakeApi, renderApp } from '@/testing/render';
import { firstPaint, heroElement, paintFirstScreen } from './first-paint';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('the first paint before the app', () => {
  it("paints the home's hero with the markup React renders for it, so the swap changes nothing", () => {
    const { container } = render(<HomeHero />);
    expect(heroElement().outerHTML).toBe(container.firstElementChild?.outerHTML);
  });

  it("paints into the HTML's shell on the home and the chooser, and only there", () => {
    for (const path of ['/', '/select-university']) {
      document.body.innerHTML = indexShellBody();
      expect(paintFirstScreen(path)).toBe(true);
      const main = document.querySelector('#root main.app-main');
      expect(main?.querySelector('h1.hero__title')?.textContent).toBe(
        'Compra y vende dentro de tu universidad',
      );
    }
    document.body.innerHTML = indexShellBody();
    for (const path of ['/marketplace', '/product/12', '/login', '/admin']) {
      expect(firstPaint(path)).toBeNull();
      expect(paintFirstScreen(path)).toBe(false);
    }
    expect(document.querySelector('#root main.app-main')?.childElementCount).toBe(0);
  });

  it('never paints twice, nor into what React has rendered', () => {
    document.body.innerHTML = indexShellBody();
    expect(paintFirstScreen('/')).toBe(true);
    expect(paintFirstScreen('/')).toBe(false);
    expect(document.querySelectorAll('.hero')).toHaveLength(1);
    // Mounted: React's layout has a main of the same class, outside any inert shell.
    document.body.innerHTML =
      '<div id="root"><div class="app-shell"><main class="app-main"></main></div></div>';
    expect(paintFirstScreen('/')).toBe(false);
    expect(document.querySelector('.hero')).toBeNull();
  });
});

describe("the first screen's chunk ahead of the first render", () => {
  it('renders a preloaded screen in the first commit, without the layout spinner in between', async () => {
    fakeApi(() => ({ body: [] }));
    await preloadRoute('/');
    const { container } = renderApp('/');
    expect(container.querySelector('.loading-block')).toBeNull();
    expect(container.querySelector('h1.hero__title')).not.toBeNull();
  });

  it('shows the spinner first for a screen not loaded yet (the ordinary lazy path)', () => {
    fakeApi(() => ({ body: {} }));
    const { container } = renderApp('/terms');
    expect(container.querySelector('.loading-block')).not.toBeNull();
  });

  it("renders a screen of the table's rest (its own chunk) in the first commit too, once preloaded", async () => {
    fakeApi(() => ({ body: {} }));
    await preloadRoute('/privacy-policy');
    const { container } = renderApp('/privacy-policy');
    expect(container.querySelector('.loading-block')).toBeNull();
    expect(container.querySelector('main')?.textContent).toContain('Datos que recopilamos');
    await preloadRoute('/no-such-page');
    const unknown = renderApp('/no-such-page');
    expect(unknown.container.querySelector('.loading-block')).toBeNull();
    expect(unknown.container.querySelector('h1.page-title')?.textContent).toBe('Página no encontrada');
  });

  it('resolves at once for a path without a lazy screen of its own', async () => {
    await expect(preloadRoute('/admin/usuarios')).resolves.toBeUndefined();
  });
});
