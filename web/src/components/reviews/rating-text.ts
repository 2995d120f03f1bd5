import type { SellerRating } from '#shared/schemas';

/**
 * An average (1–5, already rounded to one decimal by the API) as the pages write it: '4,5'. Written
 * out rather than with Intl.NumberFormat, whose locale data costs a slow phone's first screen
 * (decision 036). Its own module, without the reviews' styles: listing cards use it.
 */
export const oneDecimal = (n: number) => n.toFixed(1).replace('.', ',');

/** A listing card's line on its seller: '★ 4,5 (12)', read as what it means. */
export function cardRating(r: SellerRating): { text: string; label: string } {
  const average = oneDecimal(r.average);
  return {
    text: `★ ${average} (${r.reviews})`,
    label: `Vendedor con ${average} de 5 estrellas en ${r.reviews === 1 ? '1 reseña' : `${r.reviews} reseñas`}`,
  };
}
