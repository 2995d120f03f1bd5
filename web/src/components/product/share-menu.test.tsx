// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../ui/toast';
import { canShareNatively, ShareMenu, shareText, whatsappShareUrl } from './share-menu';

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

  it('offers the WhatsApp link in the opened menu', () => {
    renderMenu();
    const link = screen.getByRole('link', { name: /WhatsApp/ });
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
    fireEvent.click(screen.getByRole('button', { name: /Copiar link/ }));
    expect(await screen.findByText('Link copiado al portapapeles')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('https://example.test/product/9');
  });

  it('shows the error toast when copying fails', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
    });
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: /Copiar link/ }));
    expect(await screen.findByText('Error al copiar el link')).toBeTruthy();
  });

  describe('on a phone with the Web Share API', () => {
    const ANDROID =
      'Mozilla/5.0 (Linux; Android 13; SM-A135M) AppleWebKit/537.36 Chrome/128.0 Mobile Safari/537.36';
    const phone = (share: (data: ShareData) => Promise<void>) =>
      vi.stubGlobal('navigator', { ...navigator, userAgent: ANDROID, share: vi.fn(share) });

    it('opens the native share sheet with the title, the spec text and the URL, and no menu', async () => {
      phone(async () => undefined);
      render(
        <ToastProvider>
          <ShareMenu title="Laptop Dell" price={350} url="https://example.test/product/9" />
        </ToastProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Compartir' }));
      await vi.waitFor(() => expect(navigator.share).toHaveBeenCalledTimes(1));
      expect(navigator.share).toHaveBeenCalledWith({
        title: 'Laptop Dell',
        text: '¡Mira este producto! Laptop Dell por $350',
        url: 'https://example.test/product/9',
      });
      await Promise.resolve();
      expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
    });

    it('does nothing more when the person closes the sheet', async () => {
      phone(async () => Promise.reject(new DOMException('Share canceled', 'AbortError')));
      renderMenuOnly();
      fireEvent.click(screen.getByRole('button', { name: 'Compartir' }));
      await vi.waitFor(() => expect(navigator.share).toHaveBeenCalled());
      await new Promise((r) => setTimeout(r, 0));
      expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
    });

    it('falls back to the WhatsApp and copy menu when the sheet fails', async () => {
      phone(async () => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')));
      renderMenuOnly();
      fireEvent.click(screen.getByRole('button', { name: 'Compartir' }));
      expect(await screen.findByRole('link', { name: /WhatsApp/ })).toBeTruthy();
      expect(screen.getByRole('button', { name: /Copiar link/ })).toBeTruthy();
    });

    it('is for phones only: a desktop browser with navigator.share keeps the menu', () => {
      expect(canShareNatively({ share: vi.fn(), userAgent: ANDROID } as Partial<Navigator>)).toBe(true);
      expect(
        canShareNatively({
          share: vi.fn(),
          userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/128.0',
        } as Partial<Navigator>),
      ).toBe(false);
      expect(canShareNatively({ userAgent: ANDROID } as Partial<Navigator>)).toBe(false);
    });
  });
});

function renderMenuOnly() {
  render(
    <ToastProvider>
      <ShareMenu title="Laptop Dell" price={350} url="https://example.test/product/9" />
    </ToastProvider>,
  );
}
