/** Business constants and limits from the spec, used by the web app and the functions alike. */
export const LIMITS = {
  searchMaxLength: 100,
  searchDebounceMs: 300,
  searchHistoryBlurMs: 200,
  searchHistory: 5,
  recentlyViewed: 10,
  categoryPreview: 4,
  relatedProducts: 4,
  skeletonCards: 12,
  skeletonCardsSmall: 8,
  globalStrip: 8,
  imagesPerProduct: 4,
  tagsPerProduct: 10,
  tagMaxLength: 20,
  tagSuggestions: 8,
  imageMaxBytes: 5 * 1024 * 1024,
  titleMaxLength: 120,
  descriptionMaxLength: 5000,
  priceMax: 1_000_000,
  marketplacePriceMax: 2000,
  marketplacePriceStep: 10,
  globalPriceMax: 1000,
  searchPriceMax: 10000,
  pageSizeDefault: 24,
  pageSizeMax: 60,
  universityRedirectMs: 500,
  exampleRotationMs: 3000,
  mobileBreakpointPx: 768,
  /** Spec: a report's optional comment. */
  reportCommentMax: 500,
  /** Long strings in requests are refused above this, whatever the field. */
  genericStringMax: 500,
  /**
   * Largest API request body: the router, CloudFront's /api/* function and WAF refuse larger ones
   * with a 413 (decisions 012, 043). A publication (5,000-character description, title, tags, photo
   * keys) is about 6 KB of Spanish text; photos never pass here (presigned POSTs to the bucket).
   */
  apiBodyMaxBytes: 16 * 1024,
} as const;

/** Local-storage keys of the web app (spec: selectedUniversity, searchHistory, recentlyViewedProducts). */
export const STORAGE_KEYS = {
  selectedUniversity: 'selectedUniversity',
  searchHistory: 'searchHistory',
  recentlyViewed: 'recentlyViewedProducts',
  /** This browser's registration awaiting its code (docs/decisions/040). */
  pendingRegistration: 'pendingRegistration',
  /** When this browser declined the offer of push notifications ('Ahora no', issue 41). */
  pushOfferDismissed: 'pushOfferDismissed',
} as const;

export const LOCALE = 'es-VE';
export const CURRENCY = 'USD';
