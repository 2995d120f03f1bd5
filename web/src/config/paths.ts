import { NEXT_PARAM, PAGE_PATTERNS } from '#shared/pages';

/**
 * Every route of the app as data: `path` is the router pattern, `getHref` builds a link.
 * Routes of later issues (accounts, publishing, profile, admin) are listed already, so those
 * issues only add screens. The patterns of the server-rendered pages come from shared/pages.ts.
 */
const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') search.set(k, v);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

const fixed = <P extends string>(path: P) => ({ path, getHref: () => path });

/** A pattern with its one parameter filled in: ('/product/:id', 12) → '/product/12'. */
const withParam = (pattern: string, value: string | number): string =>
  pattern.replace(/:\w+/, () => encodeURIComponent(String(value)));

export const paths = {
  home: fixed(PAGE_PATTERNS.home),
  selectUniversity: {
    path: PAGE_PATTERNS.selectUniversity,
    /** With `next`: the page to go to once a university is chosen (shared/pages.ts chooserNext). */
    getHref: (next?: string) => withQuery(PAGE_PATTERNS.selectUniversity, { [NEXT_PARAM]: next }),
  },
  marketplace: {
    path: PAGE_PATTERNS.marketplace,
    getHref: (university?: string) => withQuery(PAGE_PATTERNS.marketplace, { university }),
  },
  search: {
    path: PAGE_PATTERNS.search,
    /** Empty or whitespace-only text goes to /search without q; otherwise q is the trimmed text. */
    getHref: (q?: string) => withQuery(PAGE_PATTERNS.search, { q: q?.trim() || undefined }),
  },
  globalMarketplace: fixed(PAGE_PATTERNS.globalMarketplace),
  careers: fixed(PAGE_PATTERNS.careers),
  career: {
    path: PAGE_PATTERNS.career,
    getHref: (career: string) => withParam(PAGE_PATTERNS.career, career),
  },
  category: {
    path: PAGE_PATTERNS.category,
    getHref: (category: string) => withParam(PAGE_PATTERNS.category, category),
  },
  product: {
    path: PAGE_PATTERNS.product,
    getHref: (id: number | string) => withParam(PAGE_PATTERNS.product, id),
  },
  favorites: fixed('/favoritos'),
  /** A seller's public page (docs/decisions/032). */
  seller: { path: PAGE_PATTERNS.seller, getHref: (id: string) => withParam(PAGE_PATTERNS.seller, id) },
  safeBuying: fixed('/compra-segura'),
  /** Saved searches with alerts (docs/decisions/031), and their mails' unsubscribe link (`#token=…`). */
  alerts: fixed('/alertas'),
  alertsUnsubscribe: fixed('/alertas/baja'),
  terms: fixed('/terms-and-conditions'),
  privacy: fixed('/privacy-policy'),
  myPurchases: fixed('/my-purchases'),
  chats: fixed('/chats'),

  // Accounts (later issue).
  login: {
    path: '/login',
    /** With `next`: the page to go back to once signed in (a path of this app). */
    getHref: (next?: string) => withQuery('/login', { [NEXT_PARAM]: next }),
  },
  register: {
    path: '/register',
    /**
     * With an address: the code screen of this browser's registration of it (docs/decisions/040).
     * With `next`: the page to go back to once the account is made and signed in.
     */
    getHref: (email?: string, next?: string) => withQuery('/register', { email, [NEXT_PARAM]: next }),
  },
  forgotPassword: fixed('/forgot-password'),
  resetPassword: fixed('/reset-password'),
  emailVerification: {
    path: '/email-verification',
    getHref: (email?: string) => withQuery('/email-verification', { email }),
  },
  verifyEmail: { path: '/verify-email', getHref: (email?: string) => withQuery('/verify-email', { email }) },
  authCallback: {
    path: '/auth/callback',
    getHref: (redirect?: string) => withQuery('/auth/callback', { redirect }),
  },

  // Publishing and profile (later issues).
  newProduct: fixed('/new-product'),
  profile: fixed('/profile'),
  myProducts: fixed('/my-products'),
  settings: fixed('/settings'),
  /** The unsubscribe link of question and answer mails (`#token=…`; docs/decisions/020). */
  unsubscribe: fixed('/notificaciones/baja'),
  /** The expiry reminder's one-click links (`#token=…`; docs/decisions/030). */
  renewByLink: fixed('/publicacion/renovar'),
  soldByLink: fixed('/publicacion/vendida'),

  // Admin area (later issue).
  admin: {
    dashboard: fixed('/admin'),
    products: fixed('/admin/products'),
    reports: fixed('/admin/reports'),
    universityRequests: fixed('/admin/university-requests'),
    users: fixed('/admin/users'),
    universities: fixed('/admin/universities'),
    exchangeRate: fixed('/admin/exchange-rate'),
  },
} as const;

/** Pages where the bar hides the marketplace link, the user menu and the publish button. */
export const FOCUSED_PAGES: readonly string[] = [
  paths.login.path,
  paths.register.path,
  paths.newProduct.path,
];
