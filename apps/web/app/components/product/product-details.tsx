import type { Product } from '@shop/contracts/catalogue';
import { formatPrice } from '../../lib/format';
import { OfferBadge } from '../offers/offer-badge';
import { Price } from '../price';
import { StarRating } from '../star-rating';
import { ProductFit } from '../fit/product-fit';
import { ColorSwatches } from './color-swatches';
import { DeliveryCheck } from './delivery-check';
import { ProductShortcuts, PurchaseButtons } from './product-actions';
import { ProductDeclarations } from './product-declarations';
import { ProductSpecifications } from './product-specifications';
import { QuantityStepper } from './quantity-stepper';
import { SizeSelector } from './size-selector';
import type { ProductSelection } from './use-product-selection';

interface ProductDetailsProps {
  product: Product;
  selection: ProductSelection;
}

/** Name, rating, price, the colour, size and quantity choice, the actions, and the fine print. */
export function ProductDetails({ product, selection }: ProductDetailsProps) {
  const { color } = selection;
  const selectedImage = color?.images[0] ?? product.images[0];
  const input =
    selection.ready && color && selection.size
      ? {
          productId: product._id,
          name: product.name,
          quantity: selection.quantity,
          size: selection.size,
          color: { colorName: color.colorName, colorHex: color.colorHex },
          selectedImage,
        }
      : null;

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="font-serif text-3xl leading-tight sm:text-4xl">{product.name}</h1>
        {product.subheading && <p className="mt-2 text-muted">{product.subheading}</p>}
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm" data-testid="rating">
          <StarRating value={product.rating} size={18} />
          <span className="text-muted">
            {product.reviewCount > 0
              ? `${product.rating.toFixed(1)} out of 5 (${product.reviewCount} ${product.reviewCount === 1 ? 'review' : 'reviews'})`
              : 'No reviews yet'}
          </span>
        </p>
      </header>

      <div>
        <Price price={product.price} originalPrice={product.originalPrice} showBadge size="lg" />
        {/* The M.R.P. with all taxes, as the Legal Metrology rules word it; the selling price
            is its own figure above (the M.R.P. struck through when it is higher). */}
        <p className="mt-1 text-xs text-muted" data-testid="mrp-line">
          MRP {formatPrice(product.originalPrice ?? product.price)} (inclusive of all taxes)
        </p>
        <OfferBadge offer={product.offer} className="mt-3 px-3 py-1 text-sm" />
      </div>

      {product.colors.length > 0 && (
        <ColorSwatches
          colors={product.colors}
          selectedIndex={selection.colorIndex}
          onSelect={selection.chooseColor}
        />
      )}
      {color && color.sizeStock.length > 0 && (
        <SizeSelector
          sizes={color.sizeStock}
          selected={selection.size}
          onSelect={selection.chooseSize}
        />
      )}
      <ProductFit
        productId={product._id}
        productName={product.name}
        sizeChartId={product.sizeChartId}
        color={color}
        selectedSize={selection.size}
        chooseSize={selection.chooseSize}
      />
      {!product.inStock && (
        <p className="font-medium text-brand-700" role="status">
          Out of Stock
        </p>
      )}

      <div className="flex items-end justify-between gap-4">
        <div className="flex flex-col items-start gap-2">
          <span className="text-sm text-muted">Quantity</span>
          <QuantityStepper
            value={selection.quantity}
            max={selection.stock}
            onChange={selection.setQuantity}
          />
        </div>
        <ProductShortcuts productId={product._id} name={product.name} />
      </div>

      <PurchaseButtons input={input} />

      <DeliveryCheck />

      {product.description && (
        <section aria-labelledby="description-heading" className="border-t border-line pt-6">
          <h2 id="description-heading" className="font-serif text-xl">
            Description
          </h2>
          <p className="mt-2 leading-relaxed text-muted" data-testid="description">
            {product.description}
          </p>
        </section>
      )}

      <ProductSpecifications specifications={product.specifications} />
      <ProductDeclarations product={product} />
    </div>
  );
}
