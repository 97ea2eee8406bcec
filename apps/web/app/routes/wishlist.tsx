import { SignInPrompt } from '../components/account/sign-in-prompt';
import { useShopper } from '../lib/shopper';

export function meta() {
  return [{ title: 'Wishlist | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

/** The wishlist needs sign-in; its list and actions arrive with the wishlist issue. */
export default function WishlistPage() {
  const { signedIn } = useShopper();
  if (!signedIn) {
    return <SignInPrompt title="Wishlist" message="Please login to view your wishlist" />;
  }
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 text-center">
      <h1 className="font-serif text-3xl">Wishlist</h1>
      <p className="mt-3 text-muted">Your wishlist is empty</p>
    </section>
  );
}
