import { WishlistPage } from '../components/wishlist/wishlist-page';

export function meta() {
  return [{ title: 'Wishlist | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function WishlistRoute() {
  return <WishlistPage />;
}
