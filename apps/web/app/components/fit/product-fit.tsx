import { lazy, Suspense } from 'react';
import type { ProductFitProps } from './product-fit-line';

// Its code, like the chart it reads, comes after the page's first paint: the line keeps its
// height meanwhile, so nothing below it moves when it fills.
const ProductFitLine = lazy(() => import('./product-fit-line'));

/** 'Your size' and 'Find my size' beside a product's sizes, when the product names its chart. */
export function ProductFit(props: ProductFitProps) {
  if (!props.sizeChartId) return null;
  return (
    <Suspense fallback={<div className="-mt-3 min-h-6" aria-hidden="true" />}>
      <ProductFitLine {...props} />
    </Suspense>
  );
}
