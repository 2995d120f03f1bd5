// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { OptionalPart } from './optional-part';

afterEach(cleanup);

describe('OptionalPart', () => {
  it('shows the part once its chunk has loaded', async () => {
    const Part = lazy(async () => ({ default: () => <p>pie de página</p> }));
    render(
      <OptionalPart>
        <Part />
      </OptionalPart>,
    );
    expect(await screen.findByText('pie de página')).toBeTruthy();
  });

  it('shows nothing in its place when the chunk cannot load, and leaves the rest of the page', async () => {
    let fail: (e: Error) => void = () => {};
    const Part = lazy(
      () =>
        new Promise<{ default: () => null }>((_, reject) => {
          fail = reject;
        }),
    );
    const { container } = render(
      <main>
        <h1>Marketplace</h1>
        <OptionalPart>
          <Part />
        </OptionalPart>
      </main>,
    );
    fail(new TypeError('Failed to fetch dynamically imported module'));
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.getByRole('heading', { name: 'Marketplace' })).toBeTruthy();
    expect(container.querySelector('main')?.children).toHaveLength(1);
  });
});
