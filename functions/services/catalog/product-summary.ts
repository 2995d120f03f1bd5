import type { Product, ProductSummary } from '#shared/schemas';

/** A product's card (ProductSummary): what the seller page lists and the search index starts from. */
export function productSummary(p: Product): ProductSummary {
  return {
    id: p.id,
    title: p.title,
    price: p.price,
    category: p.category,
    career: p.career,
    condition: p.condition,
    image: p.image,
    ...(p.image_variants ? { image_variants: p.image_variants } : {}),
    university_id: p.university_id,
    created_at: p.created_at,
    status: p.status,
    ...(p.seller_rating ? { seller_rating: p.seller_rating } : {}),
  };
}
