import type { Route } from './+types/wishlist';
import { fetchPopularDeals } from '../components/cart/popular-deals';
import { WishlistPage } from '../components/wishlist/wishlist-page';
import { clientShopperPageData, shopperPageHeaders } from '../lib/page-shopper';
import { serverShopper, shopperPageData } from '../lib/page-shopper.server';

export function meta() {
  return [{ title: 'Wishlist | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

/** Her wishlist (and cart: the header, and the lines already in it) in the first HTML. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const who = await serverShopper(request, context);
  // The suggestions below too: arriving after hydration, they pushed the footer down.
  const [data, deals] = await Promise.all([
    shopperPageData(who),
    fetchPopularDeals(who.publicApi).catch(() => null),
  ]);
  return { ...data, deals };
}

export const clientLoader = clientShopperPageData;
export const headers = shopperPageHeaders;

export default function WishlistRoute({ loaderData }: Route.ComponentProps) {
  return <WishlistPage deals={'deals' in loaderData ? loaderData.deals : null} />;
}
