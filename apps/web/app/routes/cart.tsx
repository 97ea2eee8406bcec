import type { Route } from './+types/cart';
import { CartPage } from '../components/cart/cart-page';
import { clientShopperPageData, shopperPageHeaders } from '../lib/page-shopper';
import { serverShopper, shopperPageData } from '../lib/page-shopper.server';

export function meta() {
  return [{ title: 'Your Bag | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

/** Her cart (or the guest cart) in the first HTML. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return shopperPageData(await serverShopper(request, context));
}

export const clientLoader = clientShopperPageData;
export const headers = shopperPageHeaders;

export default function CartRoute() {
  return <CartPage />;
}
