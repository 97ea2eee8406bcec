import type { Route } from './+types/wishlist';
import { WishlistPage } from '../components/wishlist/wishlist-page';
import { clientShopperPageData, shopperPageHeaders } from '../lib/page-shopper';
import { shopperPageDataWithDeals } from '../lib/page-shopper.server';

export function meta() {
  return [{ title: 'Wishlist | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

/** Her wishlist (and cart: the header, and the lines already in it) in the first HTML. */
export function loader({ request, context }: Route.LoaderArgs) {
  return shopperPageDataWithDeals(request, context);
}

export const clientLoader = clientShopperPageData;
export const headers = shopperPageHeaders;

export default function WishlistRoute({ loaderData }: Route.ComponentProps) {
  return <WishlistPage deals={'deals' in loaderData ? loaderData.deals : null} />;
}
