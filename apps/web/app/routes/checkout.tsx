import type { Route } from './+types/checkout';
import { CheckoutPage } from '../components/checkout/checkout-page';
import { clientShopperPageData, shopperPageHeaders } from '../lib/page-shopper';
import { serverShopper, shopperPageData } from '../lib/page-shopper.server';

export function meta() {
  return [{ title: 'Checkout | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

/** Her account (the address to prefill) and cart (the order summary) in the first HTML. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return shopperPageData(await serverShopper(request, context));
}

export const clientLoader = clientShopperPageData;
export const headers = shopperPageHeaders;

export default function CheckoutRoute() {
  return <CheckoutPage />;
}
