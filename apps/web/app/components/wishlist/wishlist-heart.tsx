import { errorMessage } from '../../lib/api-client';
import { useShopper } from '../../lib/shopper';
import { useToast } from '../../lib/toast';
import { useWishlist } from '../../lib/wishlist-store';
import { HeartIcon } from '../layout/icons';

/**
 * The wishlist heart, on product pages and cards: toggles at once with a toast; a guest is asked
 * to sign in instead.
 */
export function WishlistHeart({
  productId,
  name,
  className,
  nameInLabel = false,
}: {
  productId: string;
  name: string;
  className: string;
  /** On a card among others the label names the product; on its own page it need not. */
  nameInLabel?: boolean;
}) {
  const { signedIn, openSignIn } = useShopper();
  const wishlist = useWishlist();
  const toast = useToast();
  const inWishlist = wishlist.has(productId);

  async function toggle() {
    if (!signedIn) {
      openSignIn('login');
      toast.info('Please login to add items to wishlist');
      return;
    }
    try {
      const action = await wishlist.toggle(productId);
      if (action === 'added') toast.success(`${name} added to wishlist!`);
      else toast.info(`${name} removed from wishlist!`);
    } catch (error) {
      toast.error(
        errorMessage(
          error,
          inWishlist ? 'Failed to remove item from wishlist' : 'Failed to add to wishlist',
        ),
      );
    }
  }

  return (
    <button
      type="button"
      onClick={() => void toggle()}
      aria-label={`${inWishlist ? 'Remove' : 'Add'}${nameInLabel ? ` ${name}` : ''} ${inWishlist ? 'from' : 'to'} wishlist`}
      aria-pressed={inWishlist}
      className={`${className} ${inWishlist ? 'text-brand-600 [&_path]:fill-current' : ''}`}
    >
      <HeartIcon />
    </button>
  );
}
