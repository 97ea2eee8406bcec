import { useState } from 'react';
import { Link } from 'react-router';
import type { WishlistItem } from '@shop/contracts/cart';
import { onlyVariant } from '@shop/domain/product-selection';
import { errorMessage } from '../../lib/api-client';
import { useCart } from '../../lib/cart-store';
import { formatPrice } from '../../lib/format';
import { mediaUrl } from '../../lib/media';
import { useShopper } from '../../lib/shopper';
import { useToast } from '../../lib/toast';
import { useWishlist, type MoveChoice } from '../../lib/wishlist-store';
import { SignInPrompt } from '../account/sign-in-prompt';
import { PopularDeals, type PopularDeal } from '../cart/popular-deals';
import { Spinner } from '../spinner';
import { MoveToCartDialog } from './move-to-cart-dialog';

const button =
  'rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-brand-300 disabled:opacity-60';

/** /wishlist: what the shopper saved for later, and the way into the cart. */
export function WishlistPage({ deals = null }: { deals?: PopularDeal[] | null }) {
  const { signedIn } = useShopper();
  const { wishlist, moveToCart, clear } = useWishlist();
  const { cart } = useCart();
  const toast = useToast();
  const [choosing, setChoosing] = useState<WishlistItem | null>(null);

  if (!signedIn) {
    return <SignInPrompt title="Wishlist" message="Please login to view your wishlist" />;
  }

  /** One colour in one size moves at once; otherwise the shopper chooses both first. */
  async function move(item: WishlistItem) {
    const only = onlyVariant(item.product.colors);
    const color = item.product.colors[0];
    if (!only || !color || !only.size) {
      setChoosing(item);
      return;
    }
    try {
      await moveToCart(item, {
        colorName: color.colorName,
        colorHex: color.colorHex,
        size: only.size,
        ...(color.images[0] ? { selectedImage: color.images[0] } : {}),
      });
      toast.success(`${item.name} - Item moved to cart!`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to move item to cart'));
    }
  }

  async function moveChosen(item: WishlistItem, choice: MoveChoice) {
    await moveToCart(item, choice);
    setChoosing(null);
    toast.success(`${item.name} - Item moved to cart!`);
  }

  async function moveAll(items: WishlistItem[]) {
    let moved = 0;
    for (const item of items) {
      try {
        await moveToCart(item);
        moved += 1;
      } catch {
        // counted below
      }
    }
    const failed = items.length - moved;
    if (failed === 0) toast.success('All items moved to cart!');
    else toast.info(`${moved} items moved to cart, ${failed} failed`);
  }

  async function clearAll() {
    if (!wishlist || wishlist.items.length === 0) {
      toast.info('Your wishlist is already empty');
      return;
    }
    if (!window.confirm('Are you sure you want to clear your entire wishlist?')) return;
    try {
      await clear();
      toast.success('Wishlist cleared!');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to clear wishlist'));
    }
  }

  const exclude = [
    ...(wishlist?.items.map((item) => item.productId) ?? []),
    ...(cart?.items.map((item) => item.productId) ?? []),
  ];

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl">{wishlist?.name ?? 'Wishlist'}</h1>
        {wishlist && wishlist.items.length > 0 && (
          <div className="flex gap-2">
            <button type="button" className={button} onClick={() => void moveAll(wishlist.items)}>
              Move All to Cart
            </button>
            <button type="button" className={button} onClick={() => void clearAll()}>
              Clear Wishlist
            </button>
          </div>
        )}
      </div>
      {wishlist === null ? (
        <Spinner label="Loading your wishlist..." />
      ) : wishlist.items.length === 0 ? (
        <p className="py-16 text-center font-serif text-2xl">Your wishlist is empty</p>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4" aria-label="Saved items">
          {wishlist.items.map((item) => (
            <li
              key={item._id}
              className="rounded-xl border border-line bg-white p-3"
              data-testid="wishlist-item"
            >
              <Link to={`/product/${item.productId}`}>
                <img
                  src={mediaUrl(item.images[0] ?? '', 400)}
                  alt={item.name}
                  width={300}
                  height={375}
                  className="aspect-[4/5] w-full rounded-lg bg-cream object-cover"
                />
                <span className="mt-2 line-clamp-2 text-sm font-medium">{item.name}</span>
              </Link>
              <p className="text-sm">
                <span className="font-semibold">{formatPrice(item.price)}</span>{' '}
                {item.originalPrice && item.originalPrice > item.price && (
                  <s className="text-muted">{formatPrice(item.originalPrice)}</s>
                )}
              </p>
              <button
                type="button"
                className={`${button} mt-2 w-full`}
                onClick={() => void move(item)}
              >
                Move to Cart<span className="sr-only"> {item.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {choosing && (
        <MoveToCartDialog
          item={choosing}
          onMove={(choice) => moveChosen(choosing, choice)}
          onClose={() => setChoosing(null)}
        />
      )}
      <PopularDeals
        initial={deals}
        inView={wishlist !== null && wishlist.items.length === 0}
        exclude={exclude}
        title="You Might Also Like"
        emptyText="No recommendations available"
      />
    </section>
  );
}
