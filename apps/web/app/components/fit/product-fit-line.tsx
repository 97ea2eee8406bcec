import type { ProductColor } from '@shop/contracts/catalogue';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useMySize } from './my-size';
import { useBraFit } from './use-my-size-offer';

// The finder's code (its questions, the size rules, the chart's contract) loads on the first tap
// of 'Find my size': the product page's first load stays within its budget.
const ProductSizeFinder = lazy(() => import('./product-size-finder'));

export interface ProductFitProps {
  productId: string;
  productName: string;
  sizeChartId: string | null | undefined;
  color: ProductColor | undefined;
  selectedSize: string | null;
  chooseSize: (size: string) => void;
}

const linkButton = 'font-medium text-brand-700 underline-offset-2 hover:underline';

/**
 * Beside a bra's sizes: 'Your size: 32C' (chosen for her when this colour has it, else its
 * sister sizes offered) and 'Find my size', which opens the finder on this product's chart.
 */
export default function ProductFitLine({
  productId,
  productName,
  sizeChartId,
  color,
  selectedSize,
  chooseSize,
}: ProductFitProps) {
  const sizes = color?.sizeStock ?? [];
  const { size: mySize } = useMySize();
  const { isBra, offer } = useBraFit(sizeChartId, mySize, sizes);
  const [finderOpen, setFinderOpen] = useState(false);
  const [finderAsked, setFinderAsked] = useState(false);

  // Her size is chosen once for each product and colour: a size she picks herself stays.
  const preselected = useRef('');
  const keyFor = (size: string) => `${productId}:${color?.colorName ?? ''}:${size}`;
  const preselectKey = keyFor(offer?.size ?? '');
  useEffect(() => {
    if (!offer?.inStock || preselected.current === preselectKey) return;
    preselected.current = preselectKey;
    chooseSize(offer.size);
  }, [offer, preselectKey, chooseSize]);

  if (!sizeChartId) return null;
  // The line keeps its height while the chart loads, so nothing below it moves when it fills.
  if (!isBra) return <div className="-mt-3 min-h-6" aria-hidden="true" />;
  return (
    <div className="-mt-3 flex flex-col gap-2 text-sm" data-testid="product-fit">
      <div className="flex min-h-6 flex-wrap items-center gap-x-4 gap-y-1">
        {offer && (
          <p data-testid="my-size">
            Your size: <strong>{offer.size}</strong>
            {!offer.inStock && <span className="text-muted"> (not in stock in this colour)</span>}
          </p>
        )}
        <button
          type="button"
          className={linkButton}
          onClick={() => {
            setFinderAsked(true);
            setFinderOpen(true);
          }}
        >
          Find my size
        </button>
      </div>
      {offer && !offer.inStock && offer.sisters.length > 0 && (
        <div className="flex flex-wrap items-center gap-2" data-testid="sister-offer">
          <span className="text-muted">Try a sister size, the same cup volume:</span>
          {offer.sisters.map((sister) => (
            <button
              key={sister.size}
              type="button"
              aria-pressed={selectedSize === sister.size}
              onClick={() => chooseSize(sister.size)}
              className="min-h-9 rounded-full border border-brand-600 bg-white px-3 font-medium text-brand-700 hover:bg-brand-50"
            >
              {sister.size}
            </button>
          ))}
        </div>
      )}
      {finderAsked && (
        <Suspense fallback={null}>
          <ProductSizeFinder
            open={finderOpen}
            chartId={sizeChartId}
            productName={productName}
            color={color}
            onChoose={(size, herSize) => {
              // What she took in the finder stands: her saved size is not chosen over it.
              preselected.current = keyFor(herSize);
              chooseSize(size);
            }}
            onClose={() => setFinderOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
