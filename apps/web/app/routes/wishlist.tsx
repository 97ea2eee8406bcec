import type { Route } from './+types/wishlist';
import { WishlistPage } from '../components/wishlist/wishlist-page';
import { clientShopperPageData, shopperPageHeaders } from '../lib/page-shopper';
import { serverShopper, shopperPageData } from '../lib/page-shopper.server';

export function meta() {
  return [{ title: 'Wishlist | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

/** Her wishlist (and cart: the header, and the lines already in it) in the first HTML. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return shopperPageData(await serverShopper(request, context));
}

export const clientLoader = clientShopperPageData;
export const headers = shopperPageHeaders;

export default function WishlistRoute() {
  return <WishlistPage />;
}
