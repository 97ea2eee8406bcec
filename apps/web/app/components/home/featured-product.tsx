import type { Product } from '@shop/contracts/catalogue';
import { Component, useState, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { imageWidths } from '../../lib/media';
import { Price } from '../price';
import { ColorSwatches } from '../product/color-swatches';
import { QuantityStepper } from '../product/quantity-stepper';
import { SizeSelector } from '../product/size-selector';
import { useAddToCart, type AddToCartInput } from '../product/use-add-to-cart';
import { useProductSelection } from '../product/use-product-selection';
import { ResponsiveImage } from '../responsive-image';
import { StarRating } from '../star-rating';
import type { Loaded } from './home-data';
import { ChevronLeftIcon, ChevronRightIcon } from '../layout/icons';
import { nextIndex, previousIndex } from './carousel-logic';

function Gallery({ images, name }: { images: string[]; name: string }) {
  const [current, setCurrent] = useState(0);
  const count = images.length;
  const index = count > 0 ? current % count : 0;
  const arrow =
    'absolute top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow transition hover:bg-white';
  return (
    <div>
      <div className="relative aspect-[3/4] overflow-hidden rounded-xl bg-blush">
        <ResponsiveImage
          key={images[index]}
          src={images[index] ?? ''}
          alt={`${name}, image ${index + 1} of ${Math.max(count, 1)}`}
          width={600}
          height={800}
          widths={imageWidths.gallery}
          sizes="(min-width: 768px) 45vw, 100vw"
          className="h-full w-full object-cover"
          data-testid="featured-main-image"
        />
        {count > 1 && (
          <>
            <button
              type="button"
              className={`${arrow} left-3`}
              aria-label="Previous image"
              onClick={() => setCurrent(previousIndex(index, count))}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className={`${arrow} right-3`}
              aria-label="Next image"
              onClick={() => setCurrent(nextIndex(index, count))}
            >
              <ChevronRightIcon />
            </button>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="mt-3 grid grid-cols-4 gap-2">
          {images.slice(0, 4).map((image, thumb) => (
            <li key={image}>
              <button
                type="button"
                onClick={() => setCurrent(thumb)}
                aria-label={`Show image ${thumb + 1}`}
                aria-pressed={thumb === index}
                className={`block aspect-square w-full overflow-hidden rounded-lg border-2 ${thumb === index ? 'border-brand-600' : 'border-transparent'}`}
              >
                <ResponsiveImage
                  src={image}
                  alt=""
                  width={150}
                  height={150}
                  widths={imageWidths.thumbnail}
                  sizes="150px"
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function FeaturedDetails({ product }: { product: Product }) {
  const selection = useProductSelection(product);
  const { addToCart, buyNow } = useAddToCart();
  const [busy, setBusy] = useState(false);
  const images = selection.color?.images.length ? selection.color.images : product.images;

  const input = (): AddToCartInput => ({
    productId: product._id,
    name: product.name,
    quantity: selection.quantity,
    size: selection.size,
    color: selection.color
      ? { colorName: selection.color.colorName, colorHex: selection.color.colorHex }
      : undefined,
    selectedImage: images[0],
  });
  const run = async (action: (request: AddToCartInput) => Promise<unknown>) => {
    setBusy(true);
    try {
      await action(input());
    } finally {
      setBusy(false);
    }
  };

  const disabled = !selection.ready || busy;
  return (
    <div className="grid gap-8 md:grid-cols-2 md:gap-12" data-testid="featured-product">
      {/* A new colour starts its own gallery at the first image. */}
      <Gallery key={selection.colorIndex} images={images} name={product.name} />
      <div className="flex flex-col gap-5">
        <div>
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-brand-700">
            {product.subcategoryName ?? product.categoryName}
          </p>
          <h3 className="mt-2 font-serif text-2xl text-ink md:text-3xl">{product.name}</h3>
          {product.subheading && <p className="mt-1 text-muted">{product.subheading}</p>}
          <div className="mt-3 flex items-center gap-2 text-sm text-muted">
            <StarRating value={product.rating} />
            <span>
              {product.rating.toFixed(1)} out of 5 ({product.reviewCount}{' '}
              {product.reviewCount === 1 ? 'review' : 'reviews'})
            </span>
          </div>
          <div className="mt-3">
            <Price
              price={product.price}
              originalPrice={product.originalPrice}
              showBadge
              size="lg"
            />
          </div>
        </div>
        {product.colors.length > 0 && (
          <ColorSwatches
            colors={product.colors}
            selectedIndex={selection.colorIndex}
            onSelect={selection.chooseColor}
          />
        )}
        {selection.color && (
          <SizeSelector
            sizes={selection.color.sizeStock}
            selected={selection.size}
            onSelect={selection.chooseSize}
          />
        )}
        <div>
          <p className="mb-2 text-sm text-muted">Quantity</p>
          <QuantityStepper
            value={selection.quantity}
            max={selection.stock}
            onChange={selection.setQuantity}
          />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            disabled={disabled}
            onClick={() => run(addToCart)}
            className="flex-1 rounded-full border-2 border-brand-700 px-6 py-3 font-semibold text-brand-700 transition hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50"
          >
            Add to Cart
          </button>
          <button
            type="button"
            disabled={disabled}
            onClick={() => run(buyNow)}
            className="flex-1 rounded-full bg-brand-700 px-6 py-3 font-semibold text-white transition hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-50"
          >
            Buy It Now
          </button>
        </div>
        <Link
          to={`/product/${product._id}`}
          className="self-start text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
        >
          View Full Details
        </Link>
      </div>
    </div>
  );
}

/** A render failure inside the block stays inside it: 'Something went wrong' and 'Try Again'. */
class FeaturedErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('Featured product failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="py-10 text-center" role="alert">
        <p className="font-serif text-xl text-ink">Something went wrong</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-4 rounded-full bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          Try Again
        </button>
      </div>
    );
  }
}

/** The first product of the list, with colour, size and quantity, Add to Cart and Buy It Now. */
export function FeaturedProduct({ state }: { state: Loaded<Product | null> }) {
  return (
    <section
      className="mx-auto max-w-6xl px-4 py-12 md:py-16"
      aria-labelledby="featured-product-heading"
      data-section="featured-product"
    >
      <h2
        id="featured-product-heading"
        className="mb-8 text-center font-serif text-2xl text-ink md:text-4xl"
      >
        Our Bestseller
      </h2>
      {!state.ok ? (
        <p className="text-center text-red-700" role="alert">
          Error: {state.error}
        </p>
      ) : !state.data ? (
        <p className="text-center text-muted">No products available</p>
      ) : (
        <FeaturedErrorBoundary>
          <FeaturedDetails product={state.data} />
        </FeaturedErrorBoundary>
      )}
    </section>
  );
}
