import type { Product } from '@shop/contracts/catalogue';
import { Link } from 'react-router';
import { cardImageAlt } from '../lib/product-image-alt';
import { OfferBadge } from './offers/offer-badge';
import { Price } from './price';
import { ResponsiveImage } from './responsive-image';
import { WishlistHeart } from './wishlist/wishlist-heart';

interface ProductCardProps {
  product: Pick<
    Product,
    | '_id'
    | 'name'
    | 'price'
    | 'originalPrice'
    | 'images'
    | 'imageAlts'
    | 'subcategoryName'
    | 'categoryName'
    | 'inStock'
  > &
    Partial<Pick<Product, 'colors' | 'offer'>>;
  /** The first row of a listing is above the fold. */
  priority?: boolean;
  sizes?: string;
}

/** A product tile linking to /product/{id}. */
export function ProductCard({
  product,
  priority = false,
  sizes = '(min-width: 1024px) 22vw, (min-width: 640px) 30vw, 46vw',
}: ProductCardProps) {
  return (
    <div className="relative">
      <Link
        to={`/product/${product._id}`}
        className="group block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        data-testid="product-card"
      >
        <div className="relative aspect-[3/4] overflow-hidden rounded-lg bg-blush">
          <ResponsiveImage
            src={product.images[0] ?? ''}
            alt={cardImageAlt(product)}
            width={600}
            height={800}
            widths={[200, 400, 600]}
            sizes={sizes}
            priority={priority}
            className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105"
          />
          {!product.inStock && (
            <span className="absolute left-2 top-2 rounded bg-ink/80 px-2 py-0.5 text-xs text-white">
              Out of Stock
            </span>
          )}
        </div>
        <p className="mt-2 text-xs uppercase tracking-wide text-muted">
          {product.subcategoryName ?? product.categoryName}
        </p>
        <h3 className="line-clamp-2 text-sm font-medium text-ink">{product.name}</h3>
        <div className="mt-1 text-sm">
          <Price price={product.price} originalPrice={product.originalPrice} showBadge />
        </div>
      </Link>
      {/* Beside the card's link, not in it: a link inside a link is not allowed. */}
      <OfferBadge offer={product.offer} />
      <WishlistHeart
        productId={product._id}
        name={product.name}
        nameInLabel
        className="absolute right-2 top-2 rounded-full bg-white/90 p-1.5 text-ink shadow-sm hover:text-brand-700"
      />
    </div>
  );
}
