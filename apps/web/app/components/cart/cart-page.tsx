import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CartItem } from '@shop/contracts/cart';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-session';
import { useCart } from '../../lib/cart-store';
import { formatAmount } from '../../lib/format';
import { mediaUrl } from '../../lib/media';
import { useShopper } from '../../lib/shopper';
import { useToast } from '../../lib/toast';
import { useWishlist } from '../../lib/wishlist-store';
import { QuantityStepper } from '../product/quantity-stepper';
import { cartDiscountLines, DiscountRows } from './discount-lines';
import { OfferNote, OfferRows, OfferSuggestions } from './offer-lines';
import { GstIncluded } from './gst-included';
import { StockShortfall } from './stock-shortfall';
import { Spinner } from '../spinner';
import { discountErrorMessage } from './discount-messages';
import { PopularDeals, type PopularDeal } from './popular-deals';

/** /cart: the lines, the totals, the coupon box and the way to checkout. */
export function CartPage({ deals = null }: { deals?: PopularDeal[] | null }) {
  const { cart, loading } = useCart();
  const { wishlist } = useWishlist();
  // Not before the session is known (the server's HTML, hydration): a signed-in shopper never
  // sees the guest banner flash.
  const guest = useAuth().status === 'signed-out';

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <h1 className="font-serif text-3xl">Your Bag</h1>
      {guest && (
        <p className="mt-4 rounded-lg bg-blush px-4 py-3 text-sm text-brand-800">
          Guest Mode: Your cart will be saved temporarily.
        </p>
      )}
      {cart === null ? (
        loading.load !== false ? (
          <Spinner label="Loading your bag..." />
        ) : null
      ) : cart.items.length === 0 ? (
        <div className="py-16 text-center">
          <p className="font-serif text-2xl">Your cart is empty</p>
          <Link
            to="/"
            className="mt-6 inline-block rounded-full bg-brand-600 px-6 py-3 font-medium text-white hover:bg-brand-700"
          >
            Start Shopping
          </Link>
        </div>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
          <CartLines items={cart.items} />
          <CartSummary />
        </div>
      )}
      <PopularDeals
        initial={deals}
        exclude={[
          ...(cart?.items.map((item) => item.productId) ?? []),
          ...(wishlist?.items.map((item) => item.productId) ?? []),
        ]}
      />
    </section>
  );
}

function CartLines({ items }: { items: CartItem[] }) {
  const { setQuantity, remove, clear } = useCart();
  const toast = useToast();

  async function change(item: CartItem, quantity: number) {
    try {
      await setQuantity(item, quantity);
      if (quantity <= 0) toast.info(`${item.name} removed from cart!`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update item quantity'));
    }
  }

  async function drop(item: CartItem) {
    try {
      await remove(item);
      toast.info(`${item.name} removed from cart!`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to remove item from cart'));
    }
  }

  return (
    <div>
      <ul
        className="divide-y divide-line rounded-2xl border border-line bg-white"
        aria-label="Items in your bag"
      >
        {items.map((item) => (
          <li key={item._id} className="flex gap-4 p-4" data-testid="cart-line">
            <Link to={`/product/${item.productId}`} className="shrink-0">
              <img
                src={mediaUrl(item.selectedImage, 200)}
                alt={item.name}
                width={96}
                height={120}
                className="h-30 w-24 rounded-lg bg-cream object-cover"
              />
            </Link>
            <div className="min-w-0 flex-1">
              <Link to={`/product/${item.productId}`} className="font-medium hover:text-brand-700">
                {item.name}
              </Link>
              <p className="mt-1 text-sm text-muted">
                {item.color.colorName} · Size {item.size.toUpperCase()}
              </p>
              <StockShortfall item={item} />
              <OfferNote item={item} />
              <p className="mt-1 text-sm">
                <span className="font-semibold">{formatAmount(item.price)}</span>{' '}
                {item.originalPrice > item.price && (
                  <s
                    className="text-muted"
                    aria-label={`M.R.P. ${formatAmount(item.originalPrice)}`}
                  >
                    {formatAmount(item.originalPrice)}
                  </s>
                )}
              </p>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
                <QuantityStepper
                  value={item.quantity}
                  max={item.stock}
                  min={0}
                  label={`Quantity of ${item.name}`}
                  onChange={(quantity) => void change(item, quantity)}
                />
                <span className="font-semibold" data-testid="line-total">
                  {formatAmount(item.itemTotal)}
                </span>
              </div>
              <button
                type="button"
                onClick={() => void drop(item)}
                className="mt-2 text-sm font-medium text-brand-700 underline"
              >
                Remove<span className="sr-only"> {item.name}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={async () => {
          try {
            await clear();
            toast.success('Cart cleared successfully!');
          } catch (error) {
            toast.error(errorMessage(error, 'Failed to clear cart'));
          }
        }}
        className="mt-4 rounded-full border border-line bg-white px-5 py-2 text-sm font-medium hover:border-brand-300"
      >
        Clear All
      </button>
    </div>
  );
}

function CartSummary() {
  const { cart, applyDiscount, removeDiscount, loading } = useCart();
  const { signedIn, openSignIn } = useShopper();
  const toast = useToast();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  if (!cart) return null;
  const applied = [cart.appliedCoupon, cart.appliedVoucher].filter((entry) => entry !== null);

  async function apply(event: FormEvent) {
    event.preventDefault();
    // The API's own rule for a code (non-empty once trimmed), in the cart page's words. The
    // schema (and zod with it) loads when a code is applied, not with the page.
    const { discountCodeSchema } = await import('@shop/contracts/cart');
    if (!discountCodeSchema.safeParse(code).success) {
      setCodeError('Please enter a discount code');
      return;
    }
    if (!signedIn) {
      toast.error('Please login to apply discounts');
      openSignIn('login');
      return;
    }
    try {
      const updated = await applyDiscount(code.trim());
      setCode('');
      setCodeError(null);
      toast.success(
        `Discount applied successfully! You saved ${formatAmount(updated.discountAmount)}`,
      );
    } catch (error) {
      setCodeError(discountErrorMessage(error instanceof Error ? error.message : undefined));
    }
  }

  async function removeCode(type: 'coupon' | 'voucher') {
    try {
      await removeDiscount(type);
      toast.success('Discount removed successfully');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to remove discount'));
    }
  }

  return (
    <aside className="h-fit rounded-2xl border border-line bg-white p-5" aria-label="Order summary">
      <h2 className="font-serif text-xl">Summary</h2>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd data-testid="cart-subtotal">{formatAmount(cart.subtotal)}</dd>
        </div>
        <OfferRows offers={cart.offers ?? []} />
        <DiscountRows lines={cartDiscountLines(cart)} />
        <div className="flex justify-between">
          <dt>Shipping</dt>
          <dd>FREE</dd>
        </div>
        <div className="flex justify-between border-t border-line pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd data-testid="cart-total">{formatAmount(cart.total)}</dd>
        </div>
      </dl>
      <OfferSuggestions suggestions={cart.offerSuggestions ?? []} />
      <GstIncluded gst={cart.gstIncluded} testId="cart-gst" />
      {applied.length > 0 && (
        <ul className="mt-4 space-y-2" aria-label="Applied codes">
          {applied.map((entry) => (
            <li
              key={entry.type}
              className="flex items-center justify-between gap-3 rounded-lg bg-green-50 px-3 py-2 text-sm"
            >
              <span>
                <strong>{entry.code}</strong>
                {!entry.valid && <span className="block text-amber-800">{entry.message}</span>}
              </span>
              <button
                type="button"
                onClick={() => void removeCode(entry.type)}
                className="font-medium text-brand-700 underline"
              >
                Remove<span className="sr-only"> {entry.code}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={apply} className="mt-4">
        <label htmlFor="discount-code" className="text-sm font-medium">
          Coupon or voucher
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="discount-code"
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setCodeError(null);
            }}
            placeholder="NEW10"
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? 'discount-code-error' : undefined}
            className="min-w-0 flex-1 rounded-xl border border-line px-3 py-2 uppercase"
          />
          <button
            type="submit"
            disabled={loading.discount}
            className="rounded-full border border-brand-600 px-4 py-2 text-sm font-medium text-brand-700 hover:bg-blush"
          >
            Apply
          </button>
        </div>
        {codeError && (
          <p
            id="discount-code-error"
            role="alert"
            className="mt-1.5 text-sm font-medium text-red-700"
          >
            {codeError}
          </p>
        )}
      </form>
      <button
        type="button"
        onClick={() => {
          if (cart.items.length === 0) return;
          if (!signedIn) openSignIn('login');
          else navigate('/checkout');
        }}
        className="mt-5 w-full rounded-full bg-brand-600 py-3 font-medium text-white hover:bg-brand-700"
      >
        Proceed to Buy
      </button>
    </aside>
  );
}
