/**
 * How wide a card's photo shows, for the browser to pick a size from srcset (decision 022): two
 * columns on phones from 360 px, three from 768 px, four from 1024 px in a 1200-px container.
 */
export const CARD_IMAGE_SIZES =
  '(min-width: 1200px) 285px, (min-width: 1024px) 24vw, (min-width: 768px) 32vw, (min-width: 360px) 50vw, 100vw';

/** The product page's main photo: the gallery's half of the layout from 768 px, else the full width. */
export const GALLERY_IMAGE_SIZES = '(min-width: 1200px) 580px, (min-width: 768px) 50vw, 100vw';

/** The photos of a page's first row of cards load eagerly (the rest lazily). */
export const FIRST_ROW = 4;

/** A card's photo when the product has none. */
export const DEFAULT_PRODUCT_IMAGE = '/images/default-product.webp';
