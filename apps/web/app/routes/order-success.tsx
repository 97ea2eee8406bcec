import type { Route } from './+types/order-success';
import { orderApi } from '../components/orders/order-api';
import { OrderSuccessPage } from '../components/orders/order-success-page';
import { clientShopperPageData, shopperPageHeaders } from '../lib/page-shopper';
import { serverShopper, shopperPageData } from '../lib/page-shopper.server';

export function meta() {
  return [{ title: 'Order Placed | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

/** Her order (another shopper's id reads as not found, and renders as before) in the first HTML. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const who = await serverShopper(request, context);
  const [data, order] = await Promise.all([
    shopperPageData(who),
    who.api
      ? orderApi(who.api)
          .getOrder(params.orderId)
          .catch(() => null)
      : null,
  ]);
  return { ...data, order };
}

export const clientLoader = clientShopperPageData;
export const headers = shopperPageHeaders;

export default function OrderSuccessRoute({ params, loaderData }: Route.ComponentProps) {
  return (
    <OrderSuccessPage
      orderId={params.orderId}
      initialOrder={'order' in loaderData ? loaderData.order : null}
    />
  );
}
