import { WishlistHeart } from '../wishlist/wishlist-heart';
import { useState } from 'react';
import { useToast } from '../../lib/toast';
import { LinkIcon } from '../layout/icons';
import type { AddToCartInput } from './use-add-to-cart';
import { useAddToCart } from './use-add-to-cart';

interface ProductActionsProps {
  /** What Add To Cart sends; null until a colour and an in-stock size are chosen. */
  input: AddToCartInput | null;
}

const iconButton =
  'grid h-12 w-12 shrink-0 place-items-center rounded-full border border-line bg-white text-ink transition hover:border-brand-400 hover:text-brand-700';

/** Add To Cart and Buy It Now, disabled until a colour and an in-stock size are chosen. */
export function PurchaseButtons({ input }: ProductActionsProps) {
  const { addToCart, buyNow } = useAddToCart();
  const [busy, setBusy] = useState(false);
  const disabled = input === null || busy;

  const run = async (action: (input: AddToCartInput) => Promise<unknown>) => {
    if (!input) return;
    setBusy(true);
    try {
      await action(input);
    } finally {
      setBusy(false);
    }
  };

  const button =
    'h-12 flex-1 rounded-full px-5 font-medium transition disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <div className="flex gap-3">
      <button
        type="button"
        disabled={disabled}
        onClick={() => run(addToCart)}
        className={`${button} border border-brand-600 bg-white text-brand-700 enabled:hover:bg-brand-50`}
      >
        Add To Cart
      </button>
      <button
        type="button"
        disabled={disabled}
        onClick={() => run(buyNow)}
        className={`${button} bg-brand-600 text-white enabled:hover:bg-brand-700`}
      >
        Buy It Now
      </button>
    </div>
  );
}

/** The wishlist heart and the copy-link action. */
export function ProductShortcuts({ productId, name }: { productId: string; name: string }) {
  const toast = useToast();

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast.success('Product link copied to clipboard!');
    } catch {
      toast.error('Could not copy the link. Please copy it from the address bar.');
    }
  };

  return (
    <div className="flex gap-3">
      <WishlistHeart productId={productId} name={name} className={iconButton} />
      <button
        type="button"
        onClick={copyLink}
        aria-label="Copy product link"
        className={iconButton}
      >
        <LinkIcon width={22} height={22} />
      </button>
    </div>
  );
}
