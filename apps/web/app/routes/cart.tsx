import { Link } from 'react-router';
import { useShopper } from '../lib/shopper';

export function meta() {
  return [{ title: 'Your Bag | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

/** The cart page; its lines, totals and coupon box arrive with the cart issue. */
export default function CartPage() {
  const { signedIn, cartCount } = useShopper();
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="font-serif text-3xl">Your Bag</h1>
      {!signedIn && (
        <p className="mt-4 rounded-lg bg-blush px-4 py-3 text-sm text-brand-800">
          Guest Mode: Your cart will be saved temporarily.
        </p>
      )}
      {cartCount === 0 && (
        <div className="py-16 text-center">
          <p className="font-serif text-2xl">Your cart is empty</p>
          <Link
            to="/"
            className="mt-6 inline-block rounded-full bg-brand-600 px-6 py-3 font-medium text-white hover:bg-brand-700"
          >
            Start Shopping
          </Link>
        </div>
      )}
    </section>
  );
}
