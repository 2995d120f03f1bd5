import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '@/components/ui/link';
import { CAREER_BADGES, CAREER_LABELS, CATEGORY_LABELS, type Career } from '#shared/enums';
import { photoSrcSet } from '#shared/photo-urls';
import { CARD_IMAGE_SIZES, DEFAULT_PRODUCT_IMAGE } from './image-sizes';
import type { ProductSummary } from '#shared/schemas';
import { formatUsd } from '#shared/money';
import { paths } from '@/config/paths';
import { useFavoriteIds } from '@/lib/api/get-favorites';
import { useOrigin } from '@/lib/render-context';
import { useSession, useSignedInUserId } from '@/lib/session';
import { careerTheme, categoryTheme, Glyph } from '../catalog-icons';
import { Badge } from '../ui/badge';
import { useToast } from '../ui/toast';
import { cardRating } from '../reviews/rating-text';
import { ShareMenu } from './share-menu';

/** Remembers the product as viewed (its module loads on the first click, off the first route). */
const rememberViewed = (product: ProductSummary) =>
  void import('@/lib/recently-viewed').then((m) => m.addRecentlyViewed(product)).catch(() => {});

export { CARD_IMAGE_SIZES } from './image-sizes';

export interface ProductCardProps {
  product: ProductSummary;
  /**
   * Overrides of the shared favorites state (lib/api/favorites.ts), which the card reads by default.
   * Without a session the heart only explains that an account is needed.
   */
  isFavorite?: boolean;
  onToggleFavorite?: (product: ProductSummary) => void;
  /** Cards of the first row load their photo at once; the rest when they come near the screen. */
  eager?: boolean;
  /** The seller's rating under the price (not on the seller's own page, which heads with it). */
  sellerRating?: boolean;
}

const hasCareerBadge = (career: Career | null): career is (typeof CAREER_BADGES)[number] =>
  career !== null && (CAREER_BADGES as readonly string[]).includes(career);

export function ProductCard({
  product,
  isFavorite,
  onToggleFavorite,
  eager = false,
  sellerRating = true,
}: ProductCardProps) {
  const [imageFailed, setImageFailed] = useState(false);
  const session = useSession();
  const { toast } = useToast();
  const favoriteIds = useFavoriteIds();
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  const saved = isFavorite ?? favoriteIds.has(product.id);
  const href = paths.product.getHref(product.id);
  const url = `${useOrigin()}${href}`;
  const category = categoryTheme(product.category);
  const variants = product.image ? product.image_variants?.[product.image] : undefined;
  const srcSet = product.image ? photoSrcSet(product.image, variants) : undefined;
  const rating = sellerRating && product.seller_rating ? cardRating(product.seller_rating) : null;

  const onHeart = () => {
    if (session.status !== 'signed-in') {
      toast({
        title: 'Inicia sesión para guardar',
        description: 'Necesitas una cuenta para guardar favoritos.',
      });
      return;
    }
    if (onToggleFavorite) onToggleFavorite(product);
    else {
      const save = !saved;
      // The mutation's module loads on the first press (off the first route's JavaScript).
      import('@/lib/api/toggle-favorite')
        .then((m) => m.toggleFavoriteNow(queryClient, userId, { product, save }))
        .then(
          () => toast({ title: save ? 'Guardado en favoritos' : 'Eliminado de favoritos' }),
          () => toast({ title: 'No se pudo actualizar favorito', variant: 'destructive' }),
        );
    }
  };

  return (
    <article className="product-card">
      <div className="product-card__media">
        {imageFailed ? (
          <div className="product-card__placeholder">Sin imagen</div>
        ) : (
          <img
            src={product.image || DEFAULT_PRODUCT_IMAGE}
            // Sizes derived on the server; a photo without them yet shows as it is (its src).
            srcSet={srcSet}
            sizes={srcSet ? CARD_IMAGE_SIZES : undefined}
            alt={product.title}
            loading={eager ? 'eager' : 'lazy'}
            // The first row is the page's largest content: its photos before the app's scripts.
            fetchPriority={eager ? 'high' : undefined}
            decoding="async"
            width={variants?.width ?? 400}
            height={variants?.height ?? 300}
            onError={() => setImageFailed(true)}
          />
        )}
        {hasCareerBadge(product.career) && (
          <Badge
            className="product-card__career"
            style={{ background: careerTheme(product.career).bg, color: careerTheme(product.career).fg }}
          >
            {CAREER_LABELS[product.career]}
          </Badge>
        )}
      </div>
      <div className="product-card__actions">
        <button
          type="button"
          className={`icon-button${saved ? ' icon-button--active' : ''}`}
          aria-label={saved ? 'Quitar de favoritos' : 'Guardar en favoritos'}
          aria-pressed={saved}
          onClick={onHeart}
        >
          <Glyph name="heart" size={18} />
        </button>
        <ShareMenu title={product.title} price={product.price} url={url} />
      </div>
      <div className="product-card__body">
        <h3 className="product-card__title">
          {/* The stretched link makes the whole card clickable without nesting the buttons in it. */}
          <Link to={href} className="product-card__link" onClick={() => rememberViewed(product)}>
            {product.title}
          </Link>
        </h3>
        <div className="product-card__meta">
          <span className="product-card__price">{formatUsd(product.price)}</span>
          {/* In the text, not on the photo: a phone's compact card has no free corner for it. */}
          {product.status === 'reserved' && <Badge className="badge--reserved">Reservado</Badge>}
          <Badge variant="outline" style={{ background: category.bg, color: category.fg }}>
            {CATEGORY_LABELS[product.category]}
          </Badge>
        </div>
        {rating && (
          <p className="product-card__rating" role="img" aria-label={rating.label}>
            {rating.text}
          </p>
        )}
      </div>
    </article>
  );
}
