import type { Route } from './+types/cart';
import { CartPage } from '../components/cart/cart-page';
import { clientShopperPageData, shopperPageHeaders } from '../lib/page-shopper';
import { serverCart, serverShopper } from '../lib/page-shopper.server';

export function meta() {
  return [{ title: 'Your Bag | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

/** Her cart (or the guest cart) in the first HTML. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const who = await serverShopper(request, context);
  return { shopper: who.shopper, cart: await serverCart(who) };
}

export const clientLoader = clientShopperPageData;
export const headers = shopperPageHeaders;

export default function CartRoute() {
  return <CartPage />;
}
