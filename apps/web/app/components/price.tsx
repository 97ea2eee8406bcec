import { formatPrice, percentOff } from '../lib/format';

interface PriceProps {
  price: number;
  originalPrice?: number | null;
  /** Show the '-N%' badge next to the struck price. */
  showBadge?: boolean;
  size?: 'sm' | 'lg';
}

/** Selling price in ₹, the M.R.P. struck through when it is higher, and the saving. */
export function Price({ price, originalPrice, showBadge = false, size = 'sm' }: PriceProps) {
  const discounted = originalPrice != null && originalPrice > price;
  const off = percentOff(price, originalPrice);
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span
        className={size === 'lg' ? 'text-2xl font-semibold text-ink' : 'font-semibold text-ink'}
        data-testid="price"
      >
        {formatPrice(price)}
      </span>
      {discounted && (
        <>
          <s className="text-sm text-muted" aria-label={`M.R.P. ${formatPrice(originalPrice)}`}>
            {formatPrice(originalPrice)}
          </s>
          {showBadge && off > 0 && (
            <span className="rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-700">
              {off}% OFF
            </span>
          )}
        </>
      )}
    </span>
  );
}
