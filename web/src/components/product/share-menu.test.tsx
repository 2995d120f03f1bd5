// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../ui/toast';
import { nativeShare, ShareMenu } from './share-menu';
import { shareText, whatsappShareUrl } from './share-menu-items';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderMenu() {
  render(
    <ToastProvider>
      <ShareMenu title="Laptop Dell" price={350} url="https://example.test/product/9" />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Compartir' }));
}

describe('ShareMenu', () => {
  it('builds the spec text and the WhatsApp app or web link', () => {
    const text = shareText('Laptop Dell', 350, 'https://example.test/product/9');
    expect(text).toBe('¡Mira este producto! Laptop Dell por $350 https://example.test/product/9');
    expect(whatsappShareUrl(text, true)).toBe(`whatsapp://send?text=${encodeURIComponent(text)}`);
    expect(whatsappShareUrl(text, false)).toBe(`https://wa.me/?text=${encodeURIComponent(text)}`);
  });

  it('offers the WhatsApp link in the opened menu', async () => {
    renderMenu();
    const link = await screen.findByRole('link', { name: /WhatsApp/ });
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith('https://wa.me/?text=') || href.startsWith('whatsapp://send?text=')).toBe(true);
    expect(decodeURIComponent(href.split('text=')[1])).toBe(
      '¡Mira este producto! Laptop Dell por $350 https://example.test/product/9',
    );
  });

  it('copies the product URL and confirms with a toast', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderMenu();
    fireEvent.click(await screen.findByRole('button', { name: /Copiar link/ }));
    expect(await screen.findByText('Link copiado al portapapeles')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('https://example.test/product/9');
  });

  it('shows the error toast when copying fails', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
    });
    renderMenu();
    fireEvent.click(await screen.findByRole('button', { name: /Copiar link/ }));
    expect(await screen.findByText('Error al copiar el link')).toBeTruthy();
  });

  const PHONE =
    'Mozilla/5.0 (Linux; Android 13; SM-A145M) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
  const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

  it('uses the share sheet only on a phone that has one', () => {
    const share = vi.fn();
    expect(nativeShare({ share, userAgent: PHONE })).toBeTypeOf('function');
    expect(nativeShare({ share, userAgent: DESKTOP })).toBeNull();
    expect(nativeShare({ userAgent: PHONE })).toBeNull();
  });

  it("on a phone opens the share sheet with the product's title, text and link, and no menu", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, userAgent: PHONE, share });
    renderMenu();
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({
        title: 'Laptop Dell',
        text: '¡Mira este producto! Laptop Dell por $350',
        url: 'https://example.test/product/9',
      }),
    );
    // The menu's panel (its entries are a lazy chunk: the panel itself says whether it opened).
    expect(screen.queryByRole('dialog', { name: 'Compartir' })).toBeNull();
  });

  it('keeps the menu closed when the person closes the sheet, and opens it when the sheet fails', async () => {
    const share = vi.fn().mockRejectedValueOnce(new DOMException('Share canceled', 'AbortError'));
    vi.stubGlobal('navigator', { ...navigator, userAgent: PHONE, share });
    renderMenu();
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    // The menu's panel (its entries are a lazy chunk: the panel itself says whether it opened).
    expect(screen.queryByRole('dialog', { name: 'Compartir' })).toBeNull();
    share.mockRejectedValueOnce(new DOMException('Not allowed', 'NotAllowedError'));
    fireEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    expect(await screen.findByRole('link', { name: /WhatsApp/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Copiar link/ })).toBeTruthy();
  });
});
