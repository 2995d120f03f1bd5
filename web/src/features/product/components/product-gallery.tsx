import { type KeyboardEvent, useRef, useState } from 'react';

export interface ProductGalleryProps {
  title: string;
  /** Up to 4 image URLs; empty shows the 'Sin imagen' placeholder. */
  images: readonly string[];
}

/**
 * Main image plus thumbnails. Thumbnails are buttons (Tab, Enter/Space); the arrow keys, Home and
 * End move between them too, so the gallery works from a keyboard as from a finger.
 */
export function ProductGallery({ title, images }: ProductGalleryProps) {
  const [selected, setSelected] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const thumbsRef = useRef<HTMLDivElement>(null);
  const index = selected < images.length ? selected : 0;
  const current = images[index];

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
            alt={images.length > 1 ? `${title} (imagen ${index + 1} de ${images.length})` : title}
            decoding="async"
            width={800}
            height={800}
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
                <img src={url} alt="" loading="lazy" width={80} height={80} onError={() => markFailed(url)} />
              )}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
