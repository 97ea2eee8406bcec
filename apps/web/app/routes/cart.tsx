import type { Route } from './+types/cart';
import { fetchPopularDeals } from '../components/cart/popular-deals';
import { CartPage } from '../components/cart/cart-page';
import { clientShopperPageData, shopperPageHeaders } from '../lib/page-shopper';
import { serverShopper, shopperPageData } from '../lib/page-shopper.server';

export function meta() {
  return [{ title: 'Your Bag | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

/** Her cart (or the guest cart) in the first HTML. */
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

export default function CartRoute({ loaderData }: Route.ComponentProps) {
  return <CartPage deals={'deals' in loaderData ? loaderData.deals : null} />;
}
