/**
 * The head of a rendered page (issue 27): its kind's page-head builder (lib/page-head, the same the
 * screen's `useDocumentHead` calls in the browser) fed with the answers the screen's `prefetch` put
 * in the render's query cache. Picked here by the page's kind (shared/pages.ts) rather than exported
 * by each screen module: the screens' chunks are the browser's first load, and the marketplace's and
 * the product's budgets would pay for builders only the server calls. Answers that were late give
 * the kind's plain head (never a guessed price or name); a missing product or seller gives its 404.
 */
import type { QueryClient } from '@tanstack/react-query';
import { parseProductId, parseUniversityId, SELLER_ID_PATTERN } from '#shared/ids';
import type { ProductPage } from '#shared/schemas';
import type { RenderedPageKind } from '#shared/pages';
import { previewPhoto } from '#shared/photo-urls';
import { CATEGORY_DESCRIPTIONS } from '../features/categories/category-copy';
import { matchCategory } from '../features/categories/match-category';
import { CAREER_DESCRIPTIONS } from '../features/careers/career-copy';
import { matchCareer } from '../features/careers/match-career';
import { getProductQueryOptions } from '../features/product/api/get-product';
import { getExchangeRateQueryOptions } from '../lib/api/get-exchange-rate';
import { getSellerQueryOptions } from '../lib/api/get-seller';
import { getUniversityQueryOptions } from '../lib/api/get-university';
import { productsQueryKeyRoot } from '../lib/api/products-query-key';
import {
  careerHead,
  careersHead,
  categoryHead,
  chooserHead,
  globalHead,
  marketplaceHead,
  searchHead,
} from '../lib/page-head/listings';
import { accountHead, legalHead, notFoundHead } from '../lib/page-head/pages';
import { productHead } from '../lib/page-head/product';
import { sellerHead } from '../lib/page-head/seller';
import { pageHead } from '../lib/page-head/site';
import type { HeadContext, PageHead } from '../lib/page-head/types';
import { paths } from '../config/paths';

export interface HeadRequest {
  kind: RenderedPageKind;
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  /** The chosen university (URL or cookie), as the render used it. */
  university: string | null;
  queryClient: QueryClient;
}

/** The first page of the one paginated listing a page prefetches (search, category, career). */
function firstListingPage(queryClient: QueryClient): ProductPage | undefined {
  const [[, data] = []] = queryClient.getQueriesData<{ pages: ProductPage[] }>({
    queryKey: [productsQueryKeyRoot, 'infinite'],
  });
  return data?.pages[0];
}

function productPageHead({ params, queryClient }: HeadRequest, ctx: HeadContext): PageHead {
  const id = parseProductId(params.id);
  if (id === null) return notFoundHead('product', ctx);
  const product = queryClient.getQueryData(getProductQueryOptions(id).queryKey);
  if (product === null) return notFoundHead('product', ctx);
  if (!product) {
    // Late: the product's own address, no price or photo that might be wrong.
    return pageHead(
      {
        title: 'Producto',
        description: 'Un producto de Mercado Universitario.',
        path: paths.product.getHref(id),
      },
      ctx,
    );
  }
  // Read into constants first: inside the builder's argument, TanStack's getQueryData takes its
  // type from the parameter it is passed to rather than from the query key, so a wrong shape (the
  // rate's answer is `{ rate }`, not the rate) type-checked and dropped the bolívares.
  const university = queryClient.getQueryData(getUniversityQueryOptions(product.university_id).queryKey);
  const rateAnswer = queryClient.getQueryData(getExchangeRateQueryOptions().queryKey);
  return productHead(
    { product, university: university ?? null, rate: rateAnswer?.rate, image: previewPhoto(product) },
    ctx,
  );
}

function sellerPageHead({ params, queryClient }: HeadRequest, ctx: HeadContext): PageHead {
  const id = params.id ?? '';
  if (!SELLER_ID_PATTERN.test(id)) return notFoundHead('seller', ctx);
  const seller = queryClient.getQueryData(getSellerQueryOptions(id).queryKey);
  if (seller === null) return notFoundHead('seller', ctx);
  if (!seller) {
    return pageHead(
      {
        title: 'Vendedor',
        description: 'Un vendedor de Mercado Universitario.',
        path: paths.seller.getHref(id),
      },
      ctx,
    );
  }
  return sellerHead(seller, ctx);
}

/** The page's head from what the render's cache holds. */
export function headOf(request: HeadRequest, ctx: HeadContext): PageHead {
  const { kind, params, search, university, queryClient } = request;
  const universityData = (id: string | null) =>
    id ? (queryClient.getQueryData(getUniversityQueryOptions(id).queryKey) ?? null) : null;
  switch (kind) {
    case 'chooser':
      return chooserHead(ctx);
    case 'global':
      return globalHead(ctx);
    case 'careers':
      return careersHead(ctx);
    case 'career': {
      const career = matchCareer(params.career);
      return career
        ? careerHead({ career, description: CAREER_DESCRIPTIONS[career] }, ctx)
        : notFoundHead('career', ctx);
    }
    case 'category': {
      const category = matchCategory(params.category);
      return category
        ? categoryHead({ category, description: CATEGORY_DESCRIPTIONS[category] }, ctx)
        : notFoundHead('category', ctx);
    }
    case 'marketplace': {
      const universityId = parseUniversityId(search.get('university')) ?? university;
      if (!universityId) return chooserHead(ctx);
      return marketplaceHead({ universityId, university: universityData(universityId) }, ctx);
    }
    case 'search':
      return searchHead(
        {
          q: search.get('q') ?? '',
          total: firstListingPage(queryClient)?.total ?? null,
          university: universityData(university),
        },
        ctx,
      );
    case 'product':
      return productPageHead(request, ctx);
    case 'seller':
      return sellerPageHead(request, ctx);
    case 'login':
      return accountHead('login', ctx);
    case 'register':
      return accountHead('register', ctx);
    case 'email-verification':
      return accountHead('emailVerification', ctx);
    case 'forgot-password':
      return accountHead('forgotPassword', ctx);
    case 'reset-password':
      return accountHead('resetPassword', ctx);
    case 'terms':
      return legalHead('terms', ctx);
    case 'privacy':
      return legalHead('privacy', ctx);
    case 'safe-buying':
      return legalHead('safeBuying', ctx);
  }
}
