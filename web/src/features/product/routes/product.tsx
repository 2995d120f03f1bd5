import { lazy, Suspense, useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { CAREER_LABELS, CATEGORY_LABELS, CONDITION_LABELS } from '#shared/enums';
import { parseProductId } from '#shared/ids';
import type { ProductDetail } from '#shared/schemas';
import { formatUsd } from '#shared/money';
import { CareerIcon } from '@/components/career-icons';
import { CategoryIcon, careerTheme, categoryTheme } from '@/components/catalog-icons';
import { ShareMenu } from '@/components/product/share-menu';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { getExchangeRateQueryOptions } from '@/lib/api/get-exchange-rate';
import { getSellerQueryOptions } from '@/lib/api/get-seller';
import { getUniversityQueryOptions, useUniversity } from '@/lib/api/get-university';
import { useDocumentMeta } from '@/lib/document-meta';
import { type Prefetch, useOrigin } from '@/lib/render-context';
import { removeRecentlyViewed } from '@/lib/recently-viewed';
import { getProductQueryOptions, useProduct } from '../api/get-product';
import { getRelatedProductsQueryOptions } from '../api/get-related-products';
import { ProductGallery } from '../components/product-gallery';
import { ContactButton } from '../components/contact-button';
import { ProductNotFound } from '../components/product-not-found';
import { ProductPrice } from '../components/product-price';
import { ReportButton } from '../components/report-button';
import { RecentlyViewed } from '../components/recently-viewed';
import { RelatedProducts } from '../components/related-products';
import { SellerCard } from '../components/seller-card';
import { formatDate, metaDescription } from '../format';
import { productImages } from '@/lib/product-images';
import { buildProductJsonLd } from '@/lib/page-head/product-json-ld';
import { useJsonLd } from '../structured-data';
import '../product.css';

/** Questions and answers load as their own chunk: the product itself shows without waiting for them. */
const QuestionsSection = lazy(() =>
  import('../components/questions-section').then((m) => ({ default: m.QuestionsSection })),
);

/**
 * The server's render: the product (as an anonymous visitor reads it), the BCV rate and the related
 * products, then the product's university and seller. 404 for an id that is not canonical or that
 * the API does not know.
 */
export const prefetch: Prefetch = async ({ params, queryClient }) => {
  const id = parseProductId(params.id);
  if (id === null) return { status: 404 };
  const [product] = await Promise.all([
    queryClient.fetchQuery(getProductQueryOptions(id)).catch(() => undefined),
    queryClient.prefetchQuery(getExchangeRateQueryOptions()),
    queryClient.prefetchQuery(getRelatedProductsQueryOptions(id)),
  ]);
  if (product === null) return { status: 404 };
  if (product) {
    await Promise.all([
      queryClient.prefetchQuery(getUniversityQueryOptions(product.university_id)),
      product.seller_id && queryClient.prefetchQuery(getSellerQueryOptions(product.seller_id)),
    ]);
  }
  return undefined;
};

export function Component() {
  const id = parseProductId(useParams().id);
  if (id === null) return <ProductNotFound />;
  // Keyed by id: moving to a related product starts with fresh gallery and history state.
  return <ProductScreen key={id} id={id} />;
}

function ProductScreen({ id }: { id: number }) {
  const product = useProduct(id);
  // The API's 404 arrives as null (api/get-product.ts).
  const gone = product.data === null;
  // A product no longer offered leaves 'Vistos recientemente' once someone finds it gone.
  useEffect(() => {
    if (gone) removeRecentlyViewed(id);
  }, [gone, id]);
  if (product.isPending) return <ProductSkeleton />;
  if (product.isError) {
    return (
      <div className="container page">
        <div className="empty-state" role="alert">
          <h1 className="page-title">No se pudo cargar el producto</h1>
          <p className="muted">Revisa tu conexión e inténtalo de nuevo.</p>
          <Button onClick={() => product.refetch()}>Reintentar</Button>
        </div>
      </div>
    );
  }
  if (product.data === null) return <ProductNotFound />;
  return <ProductView product={product.data} />;
}

function ProductView({ product }: { product: ProductDetail }) {
  const origin = useOrigin();
  const href = paths.product.getHref(product.id);
  const url = `${origin}${href}`;
  const categoryLabel = CATEGORY_LABELS[product.category];
  const priceText = formatUsd(product.price);
  const images = productImages(product);
  const publishedOn = formatDate(product.created_at);

  // What lies below the product's top on a phone is a Suspense boundary of its own: a server-rendered
  // page hydrates it in a task of its own (decision 052), two shorter tasks for a slow phone's main
  // thread instead of one long one.

  useDocumentMeta(product.title, metaDescription(product.title, product.description, priceText));
  useJsonLd(buildProductJsonLd(product, url, origin, categoryLabel));

  const category = categoryTheme(product.category);

  return (
    <div className="container page product-page">
      <nav className="breadcrumb" aria-label="Ruta de navegación">
        <ol>
          <li>
            <Link to={paths.marketplace.getHref()}>Marketplace</Link>
          </li>
          <li>
            <Link to={paths.category.getHref(product.category)}>{categoryLabel}</Link>
          </li>
          <li aria-current="page" className="breadcrumb__current">
            {product.title}
          </li>
        </ol>
      </nav>

      <div className="product-layout">
        <ProductGallery title={product.title} images={images} variants={product.image_variants} />

        <div className="product-info">
          <div className="row">
            <Link to={paths.category.getHref(product.category)} className="product-badge-link">
              <Badge style={{ background: category.bg, color: category.fg }}>
                <CategoryIcon id={product.category} size={14} /> {categoryLabel}
              </Badge>
            </Link>
            {product.career && (
              <Link to={paths.career.getHref(product.career)} className="product-badge-link">
                <Badge
                  style={{
                    background: careerTheme(product.career).bg,
                    color: careerTheme(product.career).fg,
                  }}
                >
                  <CareerIcon id={product.career} size={14} /> {CAREER_LABELS[product.career]}
                </Badge>
              </Link>
            )}
            <Badge variant={product.condition === 'nuevo' ? 'default' : 'secondary'}>
              {CONDITION_LABELS[product.condition]}
            </Badge>
            {product.status === 'reserved' && <Badge className="badge--reserved">Reservado</Badge>}
          </div>

          <div className="product-info__heading">
            <h1 className="product-title">{product.title}</h1>
            <ShareMenu title={product.title} price={product.price} url={url} />
          </div>

          <ProductPrice price={product.price} />

          <dl className="product-facts">
            <div>
              <dt>Condición</dt>
              <dd>{CONDITION_LABELS[product.condition]}</dd>
            </div>
            <div>
              <dt>Categoría</dt>
              <dd>{categoryLabel}</dd>
            </div>
            {product.career && (
              <div>
                <dt>Carrera</dt>
                <dd>{CAREER_LABELS[product.career]}</dd>
              </div>
            )}
            <div>
              <dt>Universidad</dt>
              <dd>
                <UniversityName id={product.university_id} />
              </dd>
            </div>
            {publishedOn && (
              <div>
                <dt>Publicado</dt>
                <dd>{publishedOn}</dd>
              </div>
            )}
          </dl>

          <SellerCard
            sellerName={product.seller_name}
            sellerId={product.seller_id ?? null}
            universityName={<UniversityName id={product.university_id} />}
            actions={
              <>
                <ContactButton product={product} />
                <ReportButton productId={product.id} productTitle={product.title} />
              </>
            }
          />
        </div>
      </div>

      <Suspense fallback={null}>
        <ProductBelow product={product} />
      </Suspense>
    </div>
  );
}

/** What follows the product's top: description and tags, questions, related and recently viewed. */
function ProductBelow({ product }: { product: ProductDetail }) {
  return (
    <>
      <section className="section product-section" aria-labelledby="product-description-title">
        <h2 id="product-description-title" className="section__title">
          Descripción
        </h2>
        {product.description?.trim() ? (
          // Rendered as text; CSS white-space keeps the seller's line breaks.
          <p className="product-description">{product.description}</p>
        ) : (
          <p className="muted">El vendedor no agregó una descripción.</p>
        )}
        {product.tags.length > 0 && (
          <>
            <h3 className="product-subtitle">Etiquetas</h3>
            <ul className="product-tags" aria-label="Etiquetas">
              {product.tags.map((tag) => (
                <li key={tag} className="product-tag">
                  #{tag}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <Suspense
        fallback={
          <section className="section product-section" aria-busy="true" aria-labelledby="questions-title">
            <h2 id="questions-title" className="section__title">
              Preguntas y respuestas
            </h2>
            <Skeleton className="skeleton--text" />
          </section>
        }
      >
        <QuestionsSection productId={product.id} />
      </Suspense>

      <RelatedProducts productId={product.id} category={product.category} />

      <RecentlyViewed current={product} />
    </>
  );
}

/** The university's full name once its answer is in (the code until then): a leaf, so the answer
 *  re-renders these words and not the page. */
function UniversityName({ id }: { id: string }) {
  return useUniversity(id).data?.full_name ?? id.toUpperCase();
}

function ProductSkeleton() {
  return (
    <div className="container page product-page" aria-busy="true">
      <span className="visually-hidden" role="status">
        Cargando producto...
      </span>
      <Skeleton className="skeleton--text skeleton--short" />
      <div className="product-layout">
        <Skeleton className="gallery__main" />
        <div className="product-info">
          <Skeleton className="skeleton--text" />
          <Skeleton className="skeleton--text skeleton--short" />
          <Skeleton className="skeleton--text" />
        </div>
      </div>
    </div>
  );
}
