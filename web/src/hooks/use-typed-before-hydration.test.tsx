// @vitest-environment happy-dom
import { act, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusedBeforeHydration, useTypedBeforeHydration } from './use-typed-before-hydration';

function Filter({ adopt }: { adopt: boolean }) {
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // The hook always runs (rules of hooks); without `adopt` it is handed a setter that drops the text.
  useTypedBeforeHydration(input, query, adopt ? setQuery : () => {});
  return (
    <div>
      <input
        ref={input}
        aria-label="Buscar universidad"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <output>{query === '' ? 'todas' : `filtro: ${query}`}</output>
    </div>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

async function typeThenHydrate(adopt: boolean): Promise<string> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Filter adopt={adopt} />);
  document.body.append(container);
  // The person types while the app's script is still loading: only the DOM sees it.
  (container.querySelector('input') as HTMLInputElement).value = 'santa';
  await act(async () => {
    hydrateRoot(container, <Filter adopt={adopt} />);
  });
  return container.querySelector('output')?.textContent ?? '';
}

describe('a field typed in before hydration', () => {
  it('reaches the screen once the app has hydrated it', async () => {
    expect(await typeThenHydrate(true)).toBe('filtro: santa');
  });

  it('is lost without the hook (what the hook is for)', async () => {
    expect(await typeThenHydrate(false)).toBe('todas');
  });
});

function History({ adopt }: { adopt: boolean }) {
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useFocusedBeforeHydration(input, adopt ? () => setFocused(true) : () => {});
  return (
    <div>
      <input ref={input} aria-label="Buscar productos" onFocus={() => setFocused(true)} />
      <output>{focused ? 'historial' : ''}</output>
    </div>
  );
}

async function focusThenHydrate(adopt: boolean): Promise<string> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<History adopt={adopt} />);
  document.body.append(container);
  // The person taps the box while the app's script is still loading: React sees no focus event.
  (container.querySelector('input') as HTMLInputElement).focus();
  await act(async () => {
    hydrateRoot(container, <History adopt={adopt} />);
  });
  return container.querySelector('output')?.textContent ?? '';
}

describe('a field focused before hydration', () => {
  it('counts as focused once the app has hydrated it', async () => {
    expect(await focusThenHydrate(true)).toBe('historial');
  });

  it('does not without the hook (what the hook is for)', async () => {
    expect(await focusThenHydrate(false)).toBe('');
  });
});
