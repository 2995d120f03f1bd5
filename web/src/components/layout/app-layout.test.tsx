// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests, SIGNED_OUT } from '@/lib/session';
import { fakeApi, renderApp } from '@/testing/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetSessionForTests();
});

describe('the app layout', () => {
  it('leaves the first screen where it is (the browser, or the person, scrolled it) and starts a new screen at the top', async () => {
    fakeApi(() => ({ status: 404, body: { error: { code: 'not_found', message: 'No encontrado' } } }));
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderApp('/terms-and-conditions', SIGNED_OUT);
    await screen.findByRole('heading', { name: 'Términos y Condiciones', level: 1 });
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/privacy-policy'));
    await screen.findByRole('heading', { name: 'Política de Privacidad', level: 1 });
    // The layout scrolls in an effect after the new screen's paint.
    await vi.waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
    // A query of the same screen keeps the place.
    scrollTo.mockClear();
    await act(() => router.navigate('/privacy-policy?x=1'));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
