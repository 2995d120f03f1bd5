/**
 * The root of every public product read's key: a page and a listing's pages (get-products.ts), one
 * product and its related products (features/product/api). A change to the person's own listings
 * refreshes them all by this prefix (get-own-products.ts). Its own module, so the screens that only
 * refresh listings do not load the listings' queries.
 */
export const productsQueryKeyRoot = 'products';
