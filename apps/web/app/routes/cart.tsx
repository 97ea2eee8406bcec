import type { Route } from './+types/cart';
import { CartPage } from '../components/cart/cart-page';
import { clientShopperPageData, shopperPageHeaders } from '../lib/page-shopper';
import { shopperPageDataWithDeals } from '../lib/page-shopper.server';

export function meta() {
  return [{ title: 'Your Bag | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

/** Her cart (or the guest cart) in the first HTML. */
export function loader({ request, context }: Route.LoaderArgs) {
  return shopperPageDataWithDeals(request, context);
}

export const clientLoader = clientShopperPageData;
export const headers = shopperPageHeaders;

export default function CartRoute({ loaderData }: Route.ComponentProps) {
  return <CartPage deals={'deals' in loaderData ? loaderData.deals : null} />;
}
