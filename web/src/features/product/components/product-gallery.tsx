import { type KeyboardEvent, useRef, useState } from 'react';
import { photoSrcSet } from '#shared/photo-urls';
import type { ImageVariants } from '#shared/photos';
import { GALLERY_IMAGE_SIZES } from '@/components/product/image-sizes';
import { galleryImageAlt } from '@/lib/product-images';

export interface ProductGalleryProps {
  title: string;
  /** Up to 4 image URLs; empty shows the 'Sin imagen' placeholder. */
  images: readonly string[];
  /** Their WebP sizes by URL (decision 022); a photo without them shows as it is. */
  variants?: ImageVariants;
}

/**
 * Main image plus thumbnails. Thumbnails are buttons (Tab, Enter/Space); the arrow keys, Home and
 * End move between them too, so the gallery works from a keyboard as from a finger.
 */
export function ProductGallery({ title, images, variants }: ProductGalleryProps) {
  const [selected, setSelected] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const thumbsRef = useRef<HTMLDivElement>(null);
  const index = selected < images.length ? selected : 0;
  const current = images[index];
  const sizesOf = (url: string) => variants?.[url];
  const mainSrcSet = current === undefined ? undefined : photoSrcSet(current, sizesOf(current));

  const markFailed = (url: string) => setFailed((prev) => new Set(prev).add(url));

  const select = (next: number) => {
    setSelected(next);
    thumbsRef.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = images.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowDown: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    if (e.key in moves) {
      e.preventDefault();
      select(moves[e.key]);
    }
  };

  return (
    <div className="gallery">
      <div className="gallery__main">
        {current === undefined || failed.has(current) ? (
          <div className="gallery__placeholder">Sin imagen</div>
        ) : (
          <img
            key={current}
            src={current}
            srcSet={mainSrcSet}
            sizes={mainSrcSet ? GALLERY_IMAGE_SIZES : undefined}
            alt={galleryImageAlt(title, index, images.length)}
            // The page's largest element: the first photo is fetched first, never lazily.
            fetchPriority={index === 0 ? 'high' : undefined}
            decoding={index === 0 ? undefined : 'async'}
            width={sizesOf(current)?.width ?? 800}
            height={sizesOf(current)?.height ?? 600}
            onError={() => markFailed(current)}
          />
        )}
      </div>
      {images.length > 1 && (
        <div
          className="gallery__thumbs"
          role="toolbar"
          aria-label="Imágenes del producto"
          ref={thumbsRef}
          onKeyDown={onKeyDown}
        >
          {images.map((url, i) => (
            <button
              key={url}
              type="button"
              className="gallery__thumb"
              aria-label={`Ver imagen ${i + 1} de ${images.length}`}
              aria-pressed={i === index}
              tabIndex={i === index ? 0 : -1}
              onClick={() => setSelected(i)}
            >
              {failed.has(url) ? (
                <span className="gallery__thumb-placeholder" aria-hidden="true">
                  Sin imagen
                </span>
              ) : (
                <img
                  src={url}
                  srcSet={photoSrcSet(url, sizesOf(url))}
                  sizes="64px"
                  alt=""
                  loading="lazy"
                  width={80}
                  height={80}
                  onError={() => markFailed(url)}
                />
              )}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
