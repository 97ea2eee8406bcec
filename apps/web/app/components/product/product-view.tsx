import type { Product } from '@shop/contracts/catalogue';
import type { CardProduct } from '../listing/listing-query';
import type { ReviewListAnswer } from '@shop/contracts/reviews';
import { firstInStockSize } from '@shop/domain/product-selection';
import { useEffect } from 'react';
import { Breadcrumb } from '../breadcrumb';
import { ProductReviews } from '../reviews/review-section';
import { ProductDetails } from './product-details';
import { ProductGallery } from './product-gallery';
import { ProductJsonLd } from './product-json-ld';
import { SimilarProducts } from './similar-products';
import { useColorSizes } from './use-color-sizes';
import { useProductSelection } from './use-product-selection';

/**
 * Every size the product comes in, in any colour, as listed: the reviews panel puts them in shelf
 * order, so the size-ordering rule loads with that below-the-fold panel, not with the page.
 */
const productSizes = (product: Product) =>
  product.colors.flatMap((color) => color.sizeStock.map((entry) => entry.size));

interface ProductViewProps {
  product: Product;
  reviews: Promise<ReviewListAnswer | null>;
  similar: Promise<CardProduct[]>;
  publicUrl: string;
}

/** The product page: breadcrumb, gallery beside the details, then reviews and similar products. */
export function ProductView({ product, reviews, similar, publicUrl }: ProductViewProps) {
  const colors = useColorSizes(product._id, product.colors);
  const selection = useProductSelection({ _id: product._id, colors });
  const { color, size, chooseSize } = selection;

  // Sizes fetched late (a colour that came without them): preselect as if they had been there.
  const lateSize = size === null ? firstInStockSize(color) : null;
  useEffect(() => {
    if (lateSize) chooseSize(lateSize);
  }, [lateSize, chooseSize]);

  const ownImages = color !== undefined && color.images.length > 0;
  const images = ownImages ? color.images : product.images;
  const alts = ownImages ? color.imageAlts : product.imageAlts;

  return (
    <article className="mx-auto max-w-7xl px-4 pb-16 pt-4 sm:pt-6">
      <ProductJsonLd product={product} publicUrl={publicUrl} />
      <Breadcrumb
        items={[
          { label: 'Home', to: '/' },
          { label: 'Products', to: '/products' },
          { label: product.name },
        ]}
      />
      <div className="mt-4 grid gap-8 sm:mt-6 lg:grid-cols-[auto_minmax(0,1fr)] lg:gap-10 xl:gap-12">
        {/* A new colour or product starts its gallery at the first picture. */}
        <ProductGallery
          key={`${product._id}:${color?._id ?? ''}`}
          images={images}
          alts={alts}
          productName={color ? `${product.name} in ${color.colorName}` : product.name}
          sizeChartImage={product.sizeChart?.image}
          sizeChartId={product.sizeChartId}
        />
        <ProductDetails product={{ ...product, colors }} selection={selection} />
      </div>
      <ProductReviews
        key={`reviews:${product._id}`}
        reviews={reviews}
        productId={product._id}
        productName={product.name}
        publicUrl={publicUrl}
        sizes={productSizes(product)}
      />
      <SimilarProducts key={product._id} products={similar} />
    </article>
  );
}
