// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductGallery } from './product-gallery';

afterEach(cleanup);

const images = ['/images/products/3/1.webp', '/images/products/3/2.jpg'];
const variants = {
  [images[0]]: { width: 1600, height: 900, widths: [320, 640, 1280] },
  [images[1]]: { width: 500, height: 500, widths: [320] },
};

describe('ProductGallery', () => {
  it('fetches the first photo first (fetchpriority high, never lazy) from its WebP sizes', () => {
    render(<ProductGallery title="Guitarra" images={images} variants={variants} />);
    const main = screen.getByRole('img', { name: 'Guitarra (imagen 1 de 2)' });
    expect(main.getAttribute('fetchpriority')).toBe('high');
    expect(main.hasAttribute('loading')).toBe(false);
    expect(main.getAttribute('srcset')).toBe(
      '/images/products/3/1.w320.webp 320w, /images/products/3/1.w640.webp 640w, /images/products/3/1.w1280.webp 1280w, /images/products/3/1.webp 1600w',
    );
    expect(main.getAttribute('sizes')).toContain('100vw');
    expect([main.getAttribute('width'), main.getAttribute('height')]).toEqual(['1600', '900']);
    // Thumbnails take the smallest size, lazily.
    const thumbs = document.querySelectorAll<HTMLImageElement>('.gallery__thumb img');
    expect(thumbs[1].getAttribute('srcset')).toBe(
      '/images/products/3/2.w320.webp 320w, /images/products/3/2.jpg 500w',
    );
    expect(thumbs[1].getAttribute('sizes')).toBe('64px');
    expect(thumbs[1].getAttribute('loading')).toBe('lazy');
  });

  it('gives a photo chosen later no priority, and shows photos without sizes as they are', () => {
    render(<ProductGallery title="Guitarra" images={images} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ver imagen 2 de 2' }));
    const main = screen.getByRole('img', { name: 'Guitarra (imagen 2 de 2)' });
    expect(main.getAttribute('src')).toBe(images[1]);
    expect(main.hasAttribute('fetchpriority')).toBe(false);
    expect(main.hasAttribute('srcset')).toBe(false);
  });
});
