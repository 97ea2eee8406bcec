import type { Route } from './+types/checkout';
import { isPinCode } from '@shop/domain/contact-details';
import { CheckoutPage } from '../components/checkout/checkout-page';
import { orderApi } from '../components/orders/order-api';
import { clientShopperPageData, shopperPageHeaders } from '../lib/page-shopper';
import { serverShopper, shopperPageData } from '../lib/page-shopper.server';

export function meta() {
  return [{ title: 'Checkout | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

/**
 * Her account (the address to prefill), cart (the order summary) and whether cash on delivery
 * is offered at the prefilled PIN code, in the first HTML.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const who = await serverShopper(request, context);
  const pinCode = who.shopper.user?.addresses[0]?.pinCode;
  const [data, cod] = await Promise.all([
    shopperPageData(who),
    who.api && pinCode && isPinCode(pinCode)
      ? orderApi(who.api)
          .codOptions(pinCode)
          .then((options) => ({ pinCode, options }))
          .catch(() => null)
      : null,
  ]);
  return { ...data, cod };
}

export const clientLoader = clientShopperPageData;
export const headers = shopperPageHeaders;

export default function CheckoutRoute({ loaderData }: Route.ComponentProps) {
  return <CheckoutPage initialCod={'cod' in loaderData ? loaderData.cod : null} />;
}
